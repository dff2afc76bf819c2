import { describe, expect, it } from 'vitest';
import { fitRating, matchSpread, ratePuzzle, ratingFeatures, type RatingFeatures } from './difficulty';

const base: RatingFeatures = { solverMoves: 1, findDepth: 1, firstIsCheck: true, firstIsCapture: false, mate: true, pieces: 4 };

describe('ratePuzzle', () => {
  it('rates a longer, deeper, quieter puzzle higher', () => {
    const easy = ratePuzzle(base);
    const hard = ratePuzzle({ ...base, solverMoves: 3, findDepth: 8, firstIsCheck: false, mate: false, pieces: 10 });
    expect(hard).toBeGreaterThan(easy + 800);
  });

  it('stays within 400 to 2,800', () => {
    expect(ratePuzzle({ ...base, findDepth: 0, pieces: 0 })).toBe(400);
    expect(ratePuzzle({ ...base, solverMoves: 7, findDepth: 12, firstIsCheck: false, mate: false, pieces: 28 })).toBe(2800);
  });
});

describe('fitRating and matchSpread', () => {
  // Ratings made by a known rule: the fit must find it again, and the stretch keeps it (its spread is already right).
  const truth = (f: RatingFeatures) => 500 + 200 * f.solverMoves + 50 * f.findDepth - 100 * Number(f.firstIsCheck) - 60 * Number(f.firstIsCapture) - 80 * Number(f.mate) + 10 * f.pieces;
  const samples = Array.from({ length: 60 }, (_, i) => {
    const features: RatingFeatures = { solverMoves: 1 + (i % 4), findDepth: 1 + ((i * 7) % 10), firstIsCheck: i % 3 === 0, firstIsCapture: i % 5 === 0, mate: i % 2 === 0, pieces: (i * 3) % 14 };
    return { features, rating: truth(features) };
  });

  it('recovers the weights of ratings made by a linear rule', () => {
    const weights = fitRating(samples);
    [500, 200, 50, -100, -60, -80, 10].forEach((w, i) => expect(weights[i]).toBeCloseTo(w, 3));
    const stretched = matchSpread(weights, samples);
    [500, 200, 50, -100, -60, -80, 10].forEach((w, i) => expect(stretched[i]).toBeCloseTo(w, 3));
  });

  it('stretches predictions that spread too little', () => {
    const noisy = samples.map((s, i) => ({ ...s, rating: s.rating + (i % 2 === 0 ? 300 : -300) }));
    const weights = fitRating(noisy);
    const stretched = matchSpread(weights, noisy);
    expect(stretched[1]!).toBeGreaterThan(weights[1]!);
  });
});

describe('ratingFeatures', () => {
  it('reads the Lichess puzzle 02CfV (a back-rank mate in 2)', () => {
    expect(ratingFeatures('7k/1p4pp/p1b5/8/6N1/7P/PP1R1K2/4r3 b - - 4 38', ['e1b1', 'd2d8', 'c6e8', 'd8e8'], 3)).toEqual({
      solverMoves: 2,
      findDepth: 3,
      firstIsCheck: true,
      firstIsCapture: false,
      mate: true,
      pieces: 4,
    });
  });
});
