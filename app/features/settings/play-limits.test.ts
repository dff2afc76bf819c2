import { describe, expect, it } from 'vitest';
import {
  BREAK_RESET_MS,
  MAX_PLAY_STEP_MS,
  countPlay,
  playedSinceBreak,
  playedToday,
  recordComputerGame,
  takeBreak,
  playTimeOf,
} from './play-limits';

const at = (hours: number, minutes = 0) => new Date(2026, 10, 23, hours, minutes).getTime();
const MINUTE = 60_000;

describe('countPlay', () => {
  it('adds play to today and to the time since the last break', () => {
    let state = countPlay(null, at(10), 5_000);
    state = countPlay(state, at(10) + 5_000, 5_000);
    expect(state).toMatchObject({ day: '2026-11-23', playedMs: 10_000, sinceBreakMs: 10_000 });
    expect(playedToday(state, at(10, 1))).toBe(10_000);
  });

  it('does not count a long gap (a sleeping laptop) as play', () => {
    const state = countPlay(countPlay(null, at(10), 5_000), at(11), 60 * MINUTE);
    expect(state.playedMs).toBe(5_000 + MAX_PLAY_STEP_MS);
  });

  it('starts again at local midnight', () => {
    const evening = countPlay(null, at(23, 59), 10_000);
    expect(playedToday(evening, at(23, 59, ))).toBe(10_000);
    expect(playedToday(evening, at(24, 1))).toBe(0);
    expect(countPlay(evening, at(24, 0) + 5_000, 5_000).playedMs).toBe(5_000);
  });

  it('counts a pause of five minutes as a break, and a reminder’s button too', () => {
    const played = countPlay(countPlay(null, at(10), 5_000), at(10) + 5_000, 5_000);
    expect(playedSinceBreak(played, at(10) + 5_000 + BREAK_RESET_MS)).toBe(0);
    expect(countPlay(played, at(10) + 5_000 + BREAK_RESET_MS + 5_000, 5_000).sinceBreakMs).toBe(5_000);
    expect(countPlay(played, at(10, 1), 5_000).sinceBreakMs).toBe(15_000);
    expect(takeBreak(played)).toMatchObject({ playedMs: 10_000, sinceBreakMs: 0 });
    expect(takeBreak(null)).toBeNull();
  });
});

describe('recordComputerGame (auto-adjust)', () => {
  const win = (gameId: string) => ({ gameId, level: 'beginner' as const, outcome: 'win' as const });

  it('moves up a level after three wins in a row and restarts the count there', () => {
    let record = null;
    let level = 'beginner';
    for (const id of ['a', 'b', 'c']) ({ record, level } = recordComputerGame(record, win(id), true));
    expect(level).toBe('intermediate');
    expect(record).toMatchObject({ level: 'intermediate', results: [] });
  });

  it('moves down after three losses, not below beginner', () => {
    let out = recordComputerGame(null, { gameId: 'a', level: 'advanced', outcome: 'loss' }, true);
    out = recordComputerGame(out.record, { gameId: 'b', level: 'advanced', outcome: 'loss' }, true);
    out = recordComputerGame(out.record, { gameId: 'c', level: 'advanced', outcome: 'loss' }, true);
    expect(out.level).toBe('intermediate');
    const low = ['d', 'e', 'f'].reduce((acc, id) => recordComputerGame(acc.record, { gameId: id, level: 'beginner', outcome: 'loss' }, true), out);
    expect(low.level).toBe('beginner');
  });

  it('keeps the level when off, after a draw, and never counts a game twice', () => {
    const off = ['a', 'b', 'c'].reduce<ReturnType<typeof recordComputerGame> | null>((acc, id) => recordComputerGame(acc?.record ?? null, win(id), false), null);
    expect(off?.level).toBe('beginner');
    let out = recordComputerGame(null, win('a'), true);
    out = recordComputerGame(out.record, { ...win('b'), outcome: 'draw' }, true);
    out = recordComputerGame(out.record, win('c'), true);
    expect(out.level).toBe('beginner');
    const again = recordComputerGame(out.record, win('c'), true);
    expect(again.counted).toBe(false);
    expect(again.record).toBe(out.record);
  });
});

describe('playTimeOf (issue 26: a shared Chromebook)', () => {
  const count = { day: '2027-03-31', playedMs: 40 * 60_000, sinceBreakMs: 0, lastPlayedAt: 0 };
  it.each([
    ['the same child, after logging out and in: theirs goes on', { ...count, userId: 9 }, 9, true],
    ['the next child: starts from zero', { ...count, userId: 7 }, 9, false],
    ["a guest after a child: not the child's", { ...count, userId: 9 }, null, false],
    ["a guest's own", { ...count, userId: null }, null, true],
    ['a count stored before stamping: anyone\'s', count, 9, true],
  ] as const)('%s', (_name, stored, userId, kept) => {
    expect(playTimeOf(stored, userId)).toEqual(kept ? stored : null);
  });
});
