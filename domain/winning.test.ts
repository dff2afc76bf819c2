import { describe, expect, it } from 'vitest';
import { moveAccuracy, winningChances, winPercent, type EngineScore } from './winning';

const cp = (value: number): EngineScore => ({ kind: 'cp', value });
const mate = (value: number): EngineScore => ({ kind: 'mate', value });

describe('winPercent', () => {
  // Expected values worked by hand from 50 + 50 * (2 / (1 + exp(-0.00368208 * cp)) - 1).
  const rows: [string, EngineScore, number][] = [
    ['equal', cp(0), 50],
    ['a pawn up', cp(100), 59.1],
    ['a pawn down', cp(-100), 40.9],
    ['a rook up', cp(500), 86.3],
    ['clamped at 1000', cp(1000), 97.54],
    ['5000 counts as 1000', cp(5000), 97.54],
    ['clamped at -1000', cp(-5000), 2.46],
    ['mate in 1 counts as 2000', mate(1), 99.94],
    ['mate in 10 counts as 1100', mate(10), 98.29],
    ['mate in 15 counts as mate in 10', mate(15), 98.29],
    ['mated in 1', mate(-1), 0.06],
    ['mated (mate 0) counts as -2100', mate(0), 0.04],
  ];
  it.each(rows)('%s', (_name, score, expected) => {
    expect(winPercent(score)).toBeCloseTo(expected, 1);
  });

  it('prefers any mate to any material, and a nearer mate to a farther one', () => {
    expect(winPercent(mate(10))).toBeGreaterThan(winPercent(cp(1000)));
    expect(winPercent(mate(1))).toBeGreaterThan(winPercent(mate(2)));
    expect(winPercent(mate(-1))).toBeLessThan(winPercent(mate(-2)));
  });

  it('is winningChances on a 0 to 100 scale', () => {
    expect(winningChances(cp(0))).toBe(0);
    expect(winningChances(cp(300))).toBeCloseTo(-winningChances(cp(-300)), 12);
  });
});

describe('moveAccuracy', () => {
  const rows: [string, number, number, number][] = [
    ['no loss', 60, 60, 100],
    ['a gain counts as no loss', 40, 60, 100],
    ['10 points lost', 60, 50, 63.6],
    ['30 points lost', 80, 50, 24.8],
    ['everything lost', 100, 0, 0],
  ];
  it.each(rows)('%s', (_name, before, after, expected) => {
    expect(moveAccuracy(before, after)).toBeCloseTo(expected, 1);
  });
});
