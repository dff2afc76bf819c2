import { describe, expect, it } from 'vitest';
import { DIFFICULTIES } from '../schema';
import {
  candidateChances,
  candidateWeights,
  chooseCandidate,
  seededRandom,
  STRENGTH_LEVELS,
  weightedIndex,
  type Candidate,
  type StrengthLevel,
} from './strength';

const cp = (move: string, value: number): Candidate => ({ move, score: { kind: 'cp', value } });
const mate = (move: string, value: number): Candidate => ({ move, score: { kind: 'mate', value } });
/** Replays fixed draws, so a test says exactly which roll came up. */
const draws = (...values: number[]) => () => values.shift() ?? 0;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * Stockfish 19 lite at the beginner's search (MultiPV 30, depth 5) after 1.Nf3 e5 2.Nc3 e4:
 * the f3 knight is attacked by a pawn. FEN rnbqkbnr/pppp1ppp/8/8/4p3/2N2N2/PPPPPPPP/R1BQKB1R w KQkq - 0 3.
 * Every legal move, best first: Nxe4 wins a pawn, four knight moves save the piece, the rest lose it.
 */
const KNIGHT_ATTACKED: Candidate[] = (
  [
    ['c3e4', 161], ['f3d4', -27], ['f3g1', -37], ['f3e5', -56], ['f3h4', -149], ['d2d3', -344],
    ['a1b1', -382], ['d2d4', -386], ['e2e3', -393], ['g2g4', -404], ['f3g5', -442], ['h1g1', -491],
    ['h2h4', -495], ['c3b5', -511], ['c3b1', -512], ['h2h3', -515], ['c3d5', -517], ['a2a4', -518],
    ['a2a3', -524], ['b2b4', -533], ['b2b3', -538], ['g2g3', -541], ['c3a4', -609],
  ] as const
).map(([move, value]) => cp(move, value));

const level = (overrides: Partial<StrengthLevel>): StrengthLevel => ({
  depth: 1,
  multiPv: 1,
  movetimeMs: 100,
  temperature: 0,
  blunderChance: 0,
  blunderMinLoss: 15,
  mateChance: 1,
  ...overrides,
});

describe('candidateWeights', () => {
  it('divides the chance by e for every temperature-worth of Win% lost', () => {
    const weights = candidateWeights([60, 50, 40], 10);
    expect(weights[0]).toBe(1);
    expect(weights[1]).toBeCloseTo(Math.exp(-1), 12);
    expect(weights[2]).toBeCloseTo(Math.exp(-2), 12);
  });

  it('keeps only the first best at temperature 0: on a tie the engine order decides', () => {
    expect(candidateWeights([60, 50, 60], 0)).toEqual([1, 0, 0]);
    // Two mates (both at the Win% clamp): the engine's first line, the nearer mate, is kept.
    expect(candidateWeights([100, 100, 40], 0)).toEqual([1, 0, 0]);
  });
});

describe('weightedIndex', () => {
  const rows: [number, number][] = [
    [0, 0],
    [0.24, 0],
    [0.26, 1],
    [0.49, 1],
    [0.5, 2],
    [0.999999, 2],
  ];
  it.each(rows)('draw %s picks index %s of weights 1, 1, 2', (draw, expected) => {
    expect(weightedIndex([1, 1, 2], () => draw)).toBe(expected);
  });

  it('never picks a zero weight', () => {
    expect(weightedIndex([0, 1, 0], () => 0)).toBe(1);
    expect(weightedIndex([0, 1, 0], () => 0.9999999999)).toBe(1);
  });
});

describe('candidateChances', () => {
  it('sums to 1 at every level on the recorded candidates', () => {
    for (const difficulty of DIFFICULTIES) {
      const strength = STRENGTH_LEVELS[difficulty];
      expect(sum(candidateChances(KNIGHT_ATTACKED.slice(0, strength.multiPv), strength))).toBeCloseTo(1, 12);
    }
  });

  // What each level does with the attacked knight (the engine returns multiPv candidates).
  const rows: [string, number, number, number][] = [
    // level, chance of the best move (Nxe4), chance of losing the knight (score below -300), tolerance
    ['beginner', 0.411, 0.166, 0.001],
    ['intermediate', 0.992, 0, 0.001],
    ['advanced', 1, 0, 0],
  ];
  it.each(rows)('%s: best move %s, knight lost %s', (difficulty, best, knightLost, tolerance) => {
    const strength = STRENGTH_LEVELS[difficulty as keyof typeof STRENGTH_LEVELS];
    const candidates = KNIGHT_ATTACKED.slice(0, strength.multiPv);
    const chances = candidateChances(candidates, strength);
    const lost = sum(chances.filter((_, i) => candidates[i]!.score.value < -300));
    expect(Math.abs(chances[0]! - best)).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(lost - knightLost)).toBeLessThanOrEqual(tolerance);
  });

  it('gives the blunder chance to the blunders only, mildest first', () => {
    const candidates = [cp('good', 0), cp('slip', -100), cp('blunder', -300), cp('worse', -600)];
    const chances = candidateChances(candidates, level({ temperature: 1e-9, blunderChance: 0.2 }));
    expect(chances[0]).toBeCloseTo(0.8, 9);
    expect(chances[1]).toBeCloseTo(0, 9);
    expect(chances[2]).toBeCloseTo(0.2, 9);
    expect(chances[3]).toBeCloseTo(0, 9);
  });

  it('plays the best when nothing is a blunder', () => {
    const candidates = [cp('a', 30), cp('b', 20)];
    expect(candidateChances(candidates, level({ blunderChance: 1 }))).toEqual([1, 0]);
  });

  it('gives the mate chance to the nearest mate and shares the rest by softmax', () => {
    // Far ahead, Win% hardly separates a mate from a quiet move: without the mate rule each
    // of these would get about a third.
    const candidates = [cp('quiet', 900), mate('mate-in-3', 3), mate('mate-in-1', 1)];
    const chances = candidateChances(candidates, level({ temperature: 12, mateChance: 0.5 }));
    expect(chances[2]).toBeGreaterThan(0.5);
    expect(chances[0]).toBeGreaterThan(0.1);
    expect(sum(chances)).toBeCloseTo(1, 12);
    expect(candidateChances(candidates, level({ temperature: 12, mateChance: 1 }))[2]).toBe(1);
  });
});

describe('chooseCandidate', () => {
  it('is null without candidates', () => {
    expect(chooseCandidate([], STRENGTH_LEVELS.beginner, Math.random)).toBeNull();
  });

  it('always plays the best at advanced, whatever the draw', () => {
    for (const draw of [0, 0.5, 0.999]) {
      expect(chooseCandidate(KNIGHT_ATTACKED.slice(0, 1), STRENGTH_LEVELS.advanced, () => draw)?.move).toBe('c3e4');
    }
  });

  it('follows the draw through the chances', () => {
    const candidates = [cp('a', 0), cp('b', 0)];
    const even = level({ temperature: 10 });
    expect(chooseCandidate(candidates, even, draws(0.25))?.move).toBe('a');
    expect(chooseCandidate(candidates, even, draws(0.75))?.move).toBe('b');
  });

  it('matches its chances over many seeded draws, and repeats with the same seed', () => {
    const strength = STRENGTH_LEVELS.beginner;
    const candidates = KNIGHT_ATTACKED.slice(0, strength.multiPv);
    const play = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 20_000 }, () => chooseCandidate(candidates, strength, random)!.move);
    };
    const moves = play(7);
    expect(play(7)).toEqual(moves);
    const chances = candidateChances(candidates, strength);
    for (const [i, candidate] of candidates.slice(0, 5).entries()) {
      const share = moves.filter((m) => m === candidate.move).length / moves.length;
      expect(Math.abs(share - chances[i]!)).toBeLessThan(0.015);
    }
  });
});

describe('seededRandom', () => {
  it('repeats per seed, differs between seeds, stays in [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const first = Array.from({ length: 1000 }, a);
    expect(Array.from({ length: 1000 }, b)).toEqual(first);
    expect(Array.from({ length: 1000 }, c)).not.toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});

describe('STRENGTH_LEVELS', () => {
  it('gets stronger at every step: deeper, more time, cooler, no blunders', () => {
    const [beginner, intermediate, advanced] = DIFFICULTIES.map((d) => STRENGTH_LEVELS[d]);
    for (const [weaker, stronger] of [
      [beginner!, intermediate!],
      [intermediate!, advanced!],
    ] as const) {
      expect(stronger.depth).toBeGreaterThan(weaker.depth);
      expect(stronger.movetimeMs).toBeGreaterThanOrEqual(weaker.movetimeMs);
      expect(stronger.temperature).toBeLessThan(weaker.temperature);
      expect(stronger.blunderChance).toBeLessThanOrEqual(weaker.blunderChance);
      expect(stronger.mateChance).toBeGreaterThanOrEqual(weaker.mateChance);
    }
  });
});
