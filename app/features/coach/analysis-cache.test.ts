import { describe, expect, it } from 'vitest';
import { ANALYSIS_CACHE_MAX_ENTRIES, ANALYSIS_CACHE_TTL_MS, createAnalysisCache } from './analysis-cache';

function clock(start = 1_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('createAnalysisCache', () => {
  it('uses the spec constants: 30 s and 20 entries', () => {
    expect(ANALYSIS_CACHE_TTL_MS).toBe(30_000);
    expect(ANALYSIS_CACHE_MAX_ENTRIES).toBe(20);
  });

  it.each([
    { name: 'fresh entry', age: 0, expected: 'a' },
    { name: 'one millisecond before expiry', age: 29_999, expected: 'a' },
    { name: 'exactly 30 s old', age: 30_000, expected: undefined },
    { name: 'long expired', age: 120_000, expected: undefined },
  ])('$name ($age ms) -> $expected', ({ age, expected }) => {
    const time = clock();
    const cache = createAnalysisCache<string>({ now: time.now });
    cache.set('fen', 'a');
    time.advance(age);
    expect(cache.get('fen')).toBe(expected);
  });

  it('keeps at most 20 entries, evicting the oldest first', () => {
    const time = clock();
    const cache = createAnalysisCache<number>({ now: time.now });
    for (let i = 0; i < 25; i++) {
      cache.set(`k${i}`, i);
      time.advance(10);
    }
    expect(cache.size).toBe(20);
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.get('k4')).toBeUndefined();
    expect(cache.get('k5')).toBe(5);
    expect(cache.get('k24')).toBe(24);
  });

  it('a key stored again becomes the newest and takes the new value', () => {
    const time = clock();
    const cache = createAnalysisCache<string>({ now: time.now, maxEntries: 2 });
    cache.set('a', 'old');
    time.advance(1);
    cache.set('b', 'b');
    time.advance(1);
    cache.set('a', 'new');
    cache.set('c', 'c'); // evicts b, now the oldest
    expect(cache.get('a')).toBe('new');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBe('c');
  });

  it('expired entries do not count against the limit', () => {
    const time = clock();
    const cache = createAnalysisCache<string>({ now: time.now, maxEntries: 2, ttlMs: 100 });
    cache.set('a', 'a');
    cache.set('b', 'b');
    time.advance(100);
    cache.set('c', 'c');
    expect(cache.size).toBe(1);
    cache.clear();
    expect(cache.get('c')).toBeUndefined();
  });
});
