import { describe, expect, it } from 'vitest';
import { dayStreak, ratingHistory, skillScore } from './progress';

const now = new Date('2026-11-23T15:00:00Z');

describe('dayStreak', () => {
  it.each([
    [[], 0, 'nothing'],
    [['2026-11-23T08:00:00Z'], 1, 'today only'],
    [['2026-11-22T08:00:00Z', '2026-11-21T08:00:00Z'], 2, 'yesterday and before: not lost yet today'],
    [['2026-11-23T01:00:00Z', '2026-11-22T23:00:00Z', '2026-11-21T08:00:00Z', '2026-11-19T08:00:00Z'], 3, 'a gap ends it'],
    [['2026-11-20T08:00:00Z'], 0, 'too long ago'],
    [['2026-11-23T01:00:00Z', '2026-11-23T02:00:00Z'], 1, 'two on one day count once'],
  ])('%j -> %i (%s)', (activity, streak) => {
    expect(dayStreak(activity, now)).toBe(streak);
  });
});

describe('ratingHistory', () => {
  it('walks back from the current rating', () => {
    expect(ratingHistory(1216, [{ date: 'd1', eloChange: 8 }, { date: 'd2', eloChange: 8 }], 'start')).toEqual([
      { date: 'start', rating: 1200 },
      { date: 'd1', rating: 1208 },
      { date: 'd2', rating: 1216 },
    ]);
    expect(ratingHistory(1000, [], 'start')).toEqual([{ date: 'start', rating: 1000 }]);
  });
  it('skillScore', () => {
    expect(skillScore(null)).toBeNull();
    expect(skillScore(83.6)).toBe(84);
    expect(skillScore(130)).toBe(100);
  });
});
