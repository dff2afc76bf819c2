import { describe, expect, it } from 'vitest';
import { DEFAULT_CHESS_SETTINGS } from '../../schema';
import { applyLearningLevel, breakReminderDue, computerLevel, localDayKey, nextAiDifficulty, playTimeStatus } from './settings-rules';

const MIN = 60_000;

describe('playTimeStatus (daily play time)', () => {
  it.each([
    [0, 500 * MIN, { limited: false, limitReached: false, remainingMs: Infinity }, 'No Limit'],
    [30, 0, { limited: true, limitReached: false, remainingMs: 30 * MIN }, 'nothing played yet'],
    [30, 29 * MIN, { limited: true, limitReached: false, remainingMs: MIN }, 'one minute left'],
    [30, 30 * MIN, { limited: true, limitReached: true, remainingMs: 0 }, 'exactly at the limit'],
    [60, 90 * MIN, { limited: true, limitReached: true, remainingMs: 0 }, 'over the limit'],
    [120, 30 * MIN, { limited: true, limitReached: false, remainingMs: 90 * MIN }, 'a parent raised the limit'],
  ])('limit %i min, played %i ms -> %j (%s)', (limit, played, status) => {
    expect(playTimeStatus(limit, played)).toEqual(status);
  });

  it('counts in local days', () => {
    expect(localDayKey(new Date(2026, 10, 23, 23, 59))).toBe('2026-11-23');
    expect(localDayKey(new Date(2026, 10, 24, 0, 1))).toBe('2026-11-24');
  });
});

describe('breakReminderDue', () => {
  it.each([
    [0, 999 * MIN, false, 'Disabled'],
    [15, 14 * MIN, false, 'not yet'],
    [15, 15 * MIN, true, 'after 15 minutes'],
    [30, 20 * MIN, false, ''],
    [60, 61 * MIN, true, ''],
  ])('interval %i, played %i -> %s %s', (interval, played, due) => {
    expect(breakReminderDue(interval, played)).toBe(due);
  });
});

describe('auto-adjust difficulty', () => {
  it.each([
    ['beginner', ['win', 'win'], 'beginner', 'two wins are not enough'],
    ['beginner', ['win', 'win', 'win'], 'intermediate', 'three wins in a row: up'],
    ['beginner', ['loss', 'win', 'win', 'win'], 'intermediate', 'only the last three count'],
    ['intermediate', ['win', 'draw', 'win'], 'intermediate', 'a draw breaks the streak'],
    ['intermediate', ['loss', 'loss', 'loss'], 'beginner', 'three losses: down'],
    ['advanced', ['win', 'win', 'win'], 'advanced', 'no level above advanced'],
    ['beginner', ['loss', 'loss', 'loss'], 'beginner', 'no level below beginner'],
  ] as const)('%s after %j -> %s (%s)', (current, results, next, _why) => {
    expect(nextAiDifficulty(current, results)).toBe(next);
  });

  it('off: the level stays as chosen', () => {
    expect(computerLevel({ aiDifficulty: 'beginner', autoAdjustDifficulty: false }, ['win', 'win', 'win'])).toBe('beginner');
    expect(computerLevel({ aiDifficulty: 'beginner', autoAdjustDifficulty: true }, ['win', 'win', 'win'])).toBe('intermediate');
  });

  it('choosing a learning level sets the computer level too', () => {
    expect(applyLearningLevel(DEFAULT_CHESS_SETTINGS, 'advanced')).toMatchObject({ difficulty: 'advanced', aiDifficulty: 'advanced', hintsEnabled: true });
  });
});
