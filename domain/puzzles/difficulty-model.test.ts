import { describe, expect, it } from 'vitest';
import { DIFFICULTY_FEATURES, difficultyFeatures, fitDifficulty, meanAbsoluteError, predictDifficulty, type EngineStepFeatures } from './difficulty-model';

const step = (findDepth: number, bestCp: number | null, secondCp: number | null, bestMate: number | null = null, legalMoves = 30): EngineStepFeatures => ({
  findDepth,
  bestCp,
  bestMate,
  secondCp,
  secondMate: null,
  legalMoves,
});
const named = (x: number[] | null) => (x ? Object.fromEntries(DIFFICULTY_FEATURES.map((n, i) => [n, Math.round(x[i]! * 1000) / 1000])) : null);

describe('difficultyFeatures', () => {
  it.each<[string, string, string, EngineStepFeatures[], Partial<Record<(typeof DIFFICULTY_FEATURES)[number], number>>]>([
    [
      '03QVV (Lichess, 1 move): Rc1# on the back rank, found at once',
      '2r3k1/p2p1ppp/b3p3/3pP3/8/1P4R1/q4PPP/Q5K1 w - - 0 22',
      'a1a2 c8c1',
      [step(1, null, -300, 1, 25)],
      { solverMoves: 1, mate: 1, mateMoves: 1, findDepthFirst: 1, firstCheck: 1, firstCapture: 0, firstQuiet: 0, firstRetreat: 0, firstEnPrise: 0 },
    ],
    [
      '05Jvu (Lichess, 2 moves): Bxf3 takes the queen, found late',
      '3qk1nr/1b1p1pp1/p2Pp3/1p1P3p/5B2/2rB1QP1/PP3P1P/R3R1K1 w k - 0 17',
      'd5e6 b7f3 e6d7 e8d7',
      [step(7, 900, 100), step(2, 880, 300)],
      { solverMoves: 2, mate: 0, findDepthFirst: 7, findDepthMax: 7, findDepthMean: 4.5, lateFinds: 1, firstCapture: 1, firstQuiet: 0 },
    ],
    [
      'constructed: a quiet queen move left where a pawn takes it',
      '6k1/5ppp/8/8/8/8/5PPP/3Q2K1 b - - 0 1',
      'g8h8 d1d6',
      [step(9, 250, -40)],
      { firstQuiet: 1, firstEnPrise: 0, firstQueen: 1, piecesOnBoard: 1, material: 15, solverLead: 9 },
    ],
  ])('%s', (_, fen, moves, steps, expected) => {
    expect(named(difficultyFeatures(fen, moves.split(' '), steps))).toMatchObject(expected);
  });

  it('refuses an illegal line or a line without engine steps', () => {
    expect(difficultyFeatures('6k1/5ppp/8/8/8/8/5PPP/3Q2K1 b - - 0 1', ['g8h8', 'd1d9'], [step(1, 100, 0)])).toBeNull();
    expect(difficultyFeatures('6k1/5ppp/8/8/8/8/5PPP/3Q2K1 b - - 0 1', ['g8h8', 'd1d6'], [])).toBeNull();
  });
});

describe('fitDifficulty and predictDifficulty', () => {
  const n = DIFFICULTY_FEATURES.length;
  // Ratings that depend on two features exactly: the fit finds them again.
  const samples = Array.from({ length: 200 }, (_, k) => {
    const features = Array.from({ length: n }, (_, i) => ((k * (i + 3)) % 17) + (i === 0 ? k % 3 : 0));
    return { features, rating: 600 + 50 * features[0]! + 30 * features[3]! };
  });

  it('recovers a linear rule with a small ridge', () => {
    const model = fitDifficulty(samples, 0.001);
    expect(meanAbsoluteError(model, samples)).toBeLessThan(2);
  });

  it('keeps ratings within 400..2,800', () => {
    const model = { means: Array(n).fill(0), sds: Array(n).fill(1), weights: [1000, ...Array(n - 1).fill(0)], intercept: 1000 };
    expect(predictDifficulty(model, [5, ...Array(n - 1).fill(0)])).toBe(2800);
    expect(predictDifficulty(model, [-5, ...Array(n - 1).fill(0)])).toBe(400);
    expect(predictDifficulty(model, [0.5, ...Array(n - 1).fill(0)])).toBe(1500);
  });
});

describe('the shipped model (difficulty-weights.ts)', () => {
  it('has a weight, mean and spread per feature, and rates a long quiet line above a mate in one', async () => {
    const { DIFFICULTY_MODEL } = await import('./difficulty-weights');
    for (const list of [DIFFICULTY_MODEL.means, DIFFICULTY_MODEL.sds, DIFFICULTY_MODEL.weights]) expect(list).toHaveLength(DIFFICULTY_FEATURES.length);
    const mateInOne = difficultyFeatures('2r3k1/p2p1ppp/b3p3/3pP3/8/1P4R1/q4PPP/Q5K1 w - - 0 22', ['a1a2', 'c8c1'], [step(1, null, -300, 1, 25)])!;
    const longLine = difficultyFeatures('3qk1nr/1b1p1pp1/p2Pp3/1p1P3p/5B2/2rB1QP1/PP3P1P/R3R1K1 w k - 0 17', ['d5e6', 'b7f3', 'e6d7', 'e8d7'], [step(9, 300, 150), step(8, 280, 100)])!;
    expect(predictDifficulty(DIFFICULTY_MODEL, mateInOne)).toBeLessThan(900);
    expect(predictDifficulty(DIFFICULTY_MODEL, longLine)).toBeGreaterThan(predictDifficulty(DIFFICULTY_MODEL, mateInOne) + 200);
  });
});
