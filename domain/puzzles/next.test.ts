import { describe, expect, it } from 'vitest';
import type { TrainerPuzzle } from '../../schema/trainer';
import { nextPuzzle, type PackProfile } from './next';
import { targetPuzzleRating } from './rating';

const puzzle = (n: number, rating: number, themes: TrainerPuzzle['themes'] = []): TrainerPuzzle => ({
  id: `gen:puzzle${String(n).padStart(3, '0')}`,
  source: 'generated',
  fen: '8/8/8/8/8/8/8/8 w - - 0 1',
  moves: ['e2e4', 'e7e5'],
  rating,
  ratingDeviation: 300,
  themes,
});

// A constructed pack: ratings 600..2,000 by 100, every third a fork.
const pack = Array.from({ length: 15 }, (_, i) => puzzle(i, 600 + 100 * i, i % 3 === 0 ? ['fork'] : []));
const profile: PackProfile = { rating: 1270, attempted: [], daily: null, day: '' };
const today = '2026-11-24';
const first = () => 0;

describe('nextPuzzle', () => {
  it('serves the puzzle nearest the target rating', () => {
    expect(targetPuzzleRating(1270)).toBe(1200);
    expect(nextPuzzle(pack, profile, { mode: 'rated' }, { today, random: first })?.rating).toBe(1200);
  });

  it('skips the puzzles tried and the one on the board', () => {
    const tried = { ...profile, attempted: [pack[6]!.id] };
    expect(nextPuzzle(pack, tried, { mode: 'rated' }, { today, random: first, showing: pack[5]!.id })?.rating).toBe(1300);
  });

  it('keeps to the theme asked for', () => {
    expect(nextPuzzle(pack, profile, { mode: 'theme', theme: 'fork' }, { today, random: first })?.themes).toEqual(['fork']);
    expect(nextPuzzle(pack, profile, { mode: 'theme', theme: 'skewer' }, { today })).toBeNull();
  });

  it('climbs the streak ladder, never serving a puzzle twice', () => {
    expect(nextPuzzle(pack, profile, { mode: 'streak', index: 0, used: [] }, { today })?.rating).toBe(600);
    expect(nextPuzzle(pack, profile, { mode: 'streak', index: 0, used: [pack[0]!.id] }, { today })?.rating).toBe(700);
  });

  it('serves the day’s puzzle the server chose, else one of the daily band by the day', () => {
    expect(nextPuzzle(pack, { ...profile, daily: pack[3]!.id, day: today }, { mode: 'daily' }, { today })?.id).toBe(pack[3]!.id);
    const daily = nextPuzzle(pack, { ...profile, daily: pack[3]!.id, day: '2026-11-23' }, { mode: 'daily' }, { today });
    expect(daily!.rating).toBeGreaterThanOrEqual(800);
    expect(daily!.rating).toBeLessThanOrEqual(1600);
    expect(nextPuzzle(pack, profile, { mode: 'daily' }, { today })?.id).toBe(daily!.id);
  });
});
