import { describe, expect, it } from 'vitest';
import { tipStride, todaysTip, todaysTipIndex, utcDayNumber } from './daily-tip';

const tips = Array.from({ length: 91 }, (_, i) => ({ id: i + 1 }));

describe("today's tip", () => {
  it('is the same all day (UTC) for everyone, whatever order the tips come in', () => {
    const morning = todaysTip(tips, new Date('2026-11-23T00:00:01Z'));
    const evening = todaysTip([...tips].reverse(), new Date('2026-11-23T23:59:59Z'));
    expect(morning).toEqual(evening);
  });

  it('changes every day and shows every tip once in n days', () => {
    const start = new Date('2026-01-01T12:00:00Z').getTime();
    const seen: number[] = [];
    for (let d = 0; d < tips.length; d += 1) seen.push(todaysTip(tips, new Date(start + d * 86_400_000))!.id);
    for (let d = 1; d < seen.length; d += 1) expect(seen[d]).not.toBe(seen[d - 1]);
    expect(new Set(seen).size).toBe(tips.length);
  });

  it.each([
    [91, 8, '7 divides 91, so 8'],
    [90, 7, ''],
    [98, 9, '7 and 8 share factors with 98'],
    [1, 7, ''],
  ])('stride for %i tips is %i %s', (count, stride) => {
    expect(tipStride(count)).toBe(stride);
  });

  it('worked example: 2026-11-23 is UTC day 20780; with 90 tips the index is 20780 * 7 mod 90 = 20', () => {
    const date = new Date('2026-11-23T10:00:00Z');
    expect(utcDayNumber(date)).toBe(20780);
    expect(todaysTipIndex(90, date)).toBe(20);
  });

  it('no tips: null', () => {
    expect(todaysTip([], new Date())).toBeNull();
  });
});
