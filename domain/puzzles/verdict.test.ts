import { describe, expect, it } from 'vitest';
import type { PuzzleMode } from '../../schema/core/values';
import { startRating } from './rating';
import { judgeTrainerAttempt, type TrainerTry } from './verdict';

// Lichess 02CfV: black plays e1b1, white mates with Rd8+ Be8 Rxe8#.
const puzzle = { fen: '7k/1p4pp/p1b5/8/6N1/7P/PP1R1K2/4r3 b - - 4 38', moves: ['e1b1', 'd2d8', 'c6e8', 'd8e8'], rating: 1500, ratingDeviation: 80 };
const solution = ['d2d8', 'd8e8'];
const standing = { rating: startRating(1500), currentStreak: 4, bestStreak: 6 };
const attempt = (mode: PuzzleMode, changes: Partial<TrainerTry> = {}): TrainerTry => ({ mode, solved: true, hintUsed: false, solutionShown: false, moves: solution, ...changes });

describe('the trainer’s verdict, once for the app and the server (issue 27)', () => {
  // [what, attempt, tried before, solved, rated, streak after, best after]
  const rows: [string, TrainerTry, boolean, boolean, boolean, number, number][] = [
    ['a first solve in rated mode', attempt('rated'), false, true, true, 4, 6],
    ['the same puzzle tried before: not rated', attempt('rated'), true, true, false, 4, 6],
    ['a hint makes it a failure', attempt('rated', { hintUsed: true }), false, false, true, 4, 6],
    ['the solution shown makes it a failure', attempt('theme', { solutionShown: true }), false, false, true, 4, 6],
    ['claimed solved with moves that do not solve it', attempt('daily', { moves: ['d2d8', 'd8d7'] }), false, false, true, 4, 6],
    ['practice (review) is never rated', attempt('review'), false, true, false, 4, 6],
    ['a streak solve adds one', attempt('streak'), false, true, false, 5, 6],
    ['a streak failure ends the run', attempt('streak', { solved: false }), false, false, false, 0, 6],
    ['a new streak run starts from nothing', attempt('streak', { streakStart: true }), true, true, false, 1, 6],
  ];
  it.each(rows)('%s', (_what, tried, triedBefore, solved, rated, currentStreak, bestStreak) => {
    const verdict = judgeTrainerAttempt(puzzle, tried, standing, triedBefore);
    expect(verdict).toMatchObject({ solved, rated, currentStreak, bestStreak });
    if (rated) expect(verdict.rating.rating).not.toBe(standing.rating.rating);
    else expect(verdict.rating).toBe(standing.rating);
  });

  it('a streak past the best raises the best', () => {
    expect(judgeTrainerAttempt(puzzle, attempt('streak'), { ...standing, currentStreak: 6 }, false)).toMatchObject({ currentStreak: 7, bestStreak: 7 });
  });
});
