import { describe, expect, it } from 'vitest';
import type { PvLineLike } from '../coach/engine-port';
import { isDecisive, isOnlyMove, isPuzzleStart } from './accept';

const cp = (scoreCp: number, move = 'e2e4'): PvLineLike => ({ multipv: 1, depth: 10, scoreCp, mate: null, pv: [move] });
const mate = (n: number, move = 'd1d8'): PvLineLike => ({ multipv: 1, depth: 10, scoreCp: null, mate: n, pv: [move] });

describe('isOnlyMove', () => {
  // Each row: the best and second lines (side to move's view), and the verdict.
  it.each<[string, PvLineLike[], boolean]>([
    ['+5.00 against +0.30: only move', [cp(500), cp(30, 'd2d4')], true],
    ['+3.00 against +2.00: both win', [cp(300), cp(200, 'd2d4')], false],
    ['+1.50 against -1.00: the gap is enough even without a big win', [cp(150), cp(-100, 'd2d4')], true],
    ['+2.00 against +0.60: 0.24 apart in winning chances, under 0.42', [cp(200), cp(60, 'd2d4')], false],
    ['mate in 1 against another mate in 1: any mate counts', [mate(1), mate(1, 'd1h5')], true],
    ['mate in 2 against a mate in 3: not unique', [mate(2), mate(3, 'd1h5')], false],
    ['mate in 2 against +4.00: unique', [mate(2), cp(400, 'd1h5')], true],
    ['mate in 2 against +6.00: the second wins too much', [mate(2), cp(600, 'd1h5')], false],
    ['mate in 4 against +2.50: unique', [mate(4), cp(250, 'd1h5')], true],
    ['mate in 4 against +3.50: not unique', [mate(4), cp(350, 'd1h5')], false],
    ['mate in 3 against being mated: unique', [mate(3), mate(-2, 'd1h5')], true],
    ['a single legal move: trivially the only one', [cp(800)], true],
    ['no line at all', [], false],
  ])('%s', (_, lines, expected) => {
    expect(isOnlyMove(lines)).toBe(expected);
  });
});

describe('isPuzzleStart', () => {
  it.each<[string, PvLineLike[], boolean]>([
    ['+5.00, second +0.30', [cp(500), cp(30, 'd2d4')], true],
    ['+1.50 against -1.00: the only move that keeps the advantage', [cp(150), cp(-100, 'd2d4')], true],
    ['0.00 against -3.00: the only move that saves the game', [cp(0), cp(-300, 'd2d4')], true],
    ['-0.50 against -4.00: only move, but losing', [cp(-50), cp(-400, 'd2d4')], false],
    ['a mate in 2', [mate(2), cp(0, 'd2d4')], true],
    ['a mate in 16 is too far', [mate(16), cp(0, 'd2d4')], false],
    ['one legal move: nothing to find', [cp(800)], false],
  ])('%s', (_, lines, expected) => {
    expect(isPuzzleStart(lines)).toBe(expected);
  });
});

describe('isDecisive', () => {
  it.each<[string, PvLineLike[], boolean]>([
    ['+2.00', [cp(200)], true],
    ['+1.99', [cp(199)], false],
    ['mate in 5', [mate(5)], true],
    ['being mated', [mate(-3)], false],
  ])('%s', (_, lines, expected) => {
    expect(isDecisive(lines)).toBe(expected);
  });
});
