import { describe, expect, it } from 'vitest';
import { gameAccuracy, INITIAL_WHITE_WIN_PERCENT, moveAccuracy, winningChances, winPercent, type EngineScore } from './winning';

const cp = (value: number): EngineScore => ({ kind: 'cp', value });
const mate = (value: number): EngineScore => ({ kind: 'mate', value });

// Expected values computed independently (Python) from lichess's formulas:
// Win% = 50 + 50 * (2 / (1 + exp(-0.00368208 * cp)) - 1), cp clamped to ±1000, mate = the clamp.
describe('winPercent', () => {
  const rows: [string, EngineScore, number][] = [
    ['equal', cp(0), 50],
    ['a pawn up', cp(100), 59.10258971916128],
    ['a pawn down', cp(-100), 40.89741028083871],
    ['a rook up', cp(500), 86.30716599681827],
    ['clamped at 1000', cp(1000), 97.54474363414323],
    ['5000 counts as 1000', cp(5000), 97.54474363414323],
    ['clamped at -1000', cp(-5000), 2.4552563658567763],
    ['mate in 1 is the clamp', mate(1), 97.54474363414323],
    ['mate in 15 is the clamp', mate(15), 97.54474363414323],
    ['mated in 1 is minus the clamp', mate(-1), 2.4552563658567763],
    ['mated now (mate 0) is minus the clamp', mate(0), 2.4552563658567763],
    ["lichess's initial +15", cp(15), 51.380429102931544],
  ];
  it.each(rows)('%s', (_name, score, expected) => {
    expect(winPercent(score)).toBeCloseTo(expected, 10);
  });

  it('is winningChances on a 0 to 100 scale, symmetric', () => {
    expect(winningChances(cp(0))).toBe(0);
    expect(winningChances(cp(300))).toBeCloseTo(-winningChances(cp(-300)), 12);
    expect(INITIAL_WHITE_WIN_PERCENT).toBeCloseTo(51.380429102931544, 10);
  });
});

describe('moveAccuracy', () => {
  // 103.1668100711649 * exp(-0.04354415386753951 * drop) - 3.166924740191411 + 1, clamped 0..100.
  const rows: [string, number, number, number][] = [
    ['no loss', 60, 60, 100],
    ['a gain counts as no loss', 40, 60, 100],
    ['1 point lost', 50, 49, 96.60397651008962],
    ['10 points lost', 60, 50, 64.57982845372067],
    ['30 points lost', 80, 50, 25.772047746869696],
    ['everything lost', 100, 0, 0],
  ];
  it.each(rows)('%s', (_name, before, after, expected) => {
    expect(moveAccuracy(before, after)).toBeCloseTo(expected, 10);
  });
});

describe('gameAccuracy', () => {
  const fromCps = (cps: number[]) => [INITIAL_WHITE_WIN_PERCENT, ...cps.map((c) => winPercent(cp(c)))];
  // Expected values from an independent Python port of lila's AccuracyPercent.gameAccuracy.
  const rows: [string, number[], number, number][] = [
    ['10 moves, window 2', [15, 20, -30, -20, 200, 150, 180, -400, -380, -390], 96.51616015738507, 99.51816933163914],
    [
      '46 moves, window 4, with a collapse at the end',
      [
        -59, 10, -195, 105, 190, -142, -208, -232, -280, 111, 262, -4, -240, -73, 232, 249, 68, -17, -124, -192, -32,
        -81, -274, -34, -22, -102, -132, 17, -4, 81, -212, 45, 97, 218, -46, -118, -47, 184, -14, -209, 600, -200,
        900, 1000, 1000, -1000,
      ],
      72.48279775954202,
      70.43523454491633,
    ],
  ];
  it.each(rows)('%s', (_name, cps, white, black) => {
    expect(gameAccuracy(fromCps(cps), 'w')).toBeCloseTo(white, 9);
    expect(gameAccuracy(fromCps(cps), 'b')).toBeCloseTo(black, 9);
  });

  it('is 100 for a side that never lost Win%, null for a side without moves', () => {
    expect(gameAccuracy([50, 50, 50, 50], 'w')).toBe(100);
    expect(gameAccuracy([50, 60], 'b')).toBeNull();
    expect(gameAccuracy([50], 'w')).toBeNull();
  });

  it('lets Black start (a game from a position)', () => {
    // Black moves first and drops from 50 to 20 (White's view 50 -> 80); White then holds.
    expect(gameAccuracy([50, 80, 80], 'b', 'b')).toBeCloseTo(moveAccuracy(50, 20), 9);
    expect(gameAccuracy([50, 80, 80], 'w', 'b')).toBe(100);
  });
});
