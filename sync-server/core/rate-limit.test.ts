import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-db';
import { DatabaseRateLimitStore, MemoryRateLimitStore, RateLimiter, type RateLimitStore } from './rate-limit';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  await test.remove();
});

const stores: [string, (now: () => number) => RateLimitStore][] = [
  ['in memory', (now) => new MemoryRateLimitStore(now)],
  ['in the database', (now) => new DatabaseRateLimitStore(test.database.db, now)],
];

describe.each(stores)('RateLimiter %s', (_name, makeStore) => {
  let key = 0;
  const fresh = () => `test:${_name}:${++key}:${Math.random()}`;

  it('counts attempts in a fixed window before the work and says how long to wait', async () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(makeStore(() => now), () => now);
    const limit = { max: 3, windowMs: 60_000 };
    const k = fresh();
    for (let i = 0; i < 3; i++) expect(await limiter.take([[k, limit]])).toBe(0);
    expect(await limiter.take([[k, limit]])).toBe(60);
    expect(await limiter.take([[fresh(), limit]])).toBe(0);
    now += 30_500;
    expect(await limiter.take([[k, limit]])).toBe(30);
    now += 30_000;
    expect(await limiter.take([[k, limit]])).toBe(0); // a new window
    await limiter.reset(k);
    for (let i = 0; i < 3; i++) expect(await limiter.take([[k, limit]])).toBe(0);
  });

  it('caps a burst of parallel attempts at the limit', async () => {
    const limiter = new RateLimiter(makeStore(Date.now));
    const k = fresh();
    const waits = await Promise.all(Array.from({ length: 40 }, () => limiter.take([[k, { max: 10, windowMs: 60_000 }]])));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(10);
  });

  it('gives an attempt back on refund, and refuses when any of several keys is over', async () => {
    const limiter = new RateLimiter(makeStore(Date.now));
    const [a, b] = [fresh(), fresh()];
    const limit = { max: 1, windowMs: 60_000 };
    expect(await limiter.take([[a, limit]])).toBe(0);
    await limiter.refund(a);
    expect(await limiter.take([[a, limit]])).toBe(0);
    expect(await limiter.take([[b, limit], [a, limit]])).toBeGreaterThan(0);
  });

  it('prunes expired windows', async () => {
    let now = 5_000_000;
    const store = makeStore(() => now);
    const k = fresh();
    await store.hit(k, { max: 1, windowMs: 1000 });
    now += 2000;
    expect(await store.prune()).toBeGreaterThanOrEqual(1);
  });
});
