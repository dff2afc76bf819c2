import { describe, expect, it } from 'vitest';
import type { PvLineLike } from '../coach/engine-port';
import { isValidAttack, isValidMateInOne, judgePuzzle, needsMoreLines, puzzlerWinChances, type PuzzlerStep } from './puzzler-rule';

const cp = (scoreCp: number, move = 'e2e4'): PvLineLike => ({ multipv: 1, depth: 14, scoreCp, mate: null, pv: [move] });
const mate = (n: number, move = 'd1d8'): PvLineLike => ({ multipv: 1, depth: 14, scoreCp: null, mate: n, pv: [move] });

describe('puzzlerWinChances', () => {
  it.each<[string, PvLineLike, number]>([
    ['0.00 is even', cp(0), 0],
    ['+3.00', cp(300), 0.5023],
    ['−3.00', cp(-300), -0.5023],
    ['+20.00 is not clamped', cp(2000), 0.9987],
    ['any mate for the mover is +1', mate(12), 1],
    ['being mated is −1', mate(-1), -1],
  ])('%s', (_, line, expected) => {
    expect(puzzlerWinChances(line)).toBeCloseTo(expected, 3);
  });
});

describe('isValidAttack (only move)', () => {
  it.each<[string, PvLineLike[], boolean]>([
    ['+6.82 against +1.84: 0.85 against 0.33, gap 0.52 under 0.7', [cp(682), cp(184, 'a4b3')], false],
    ['+2.31 against +1.34 (the issue’s Qh5 against d4)', [cp(231), cp(134, 'd2d4')], false],
    ['+3.00 against −3.00: gap 1.01', [cp(300), cp(-300, 'd2d4')], true],
    ['+5.00 against 0.00: gap 0.73', [cp(500), cp(0, 'd2d4')], true],
    ['+4.50 against 0.00: gap 0.68, just short', [cp(450), cp(0, 'd2d4')], false],
    ['mate in 3 against +1.50: 1 against 0.27', [mate(3), cp(150, 'd2d4')], true],
    ['mate in 3 against +2.00: 1 against 0.35, gap 0.65', [mate(3), cp(200, 'd2d4')], false],
    ['mate in 2 against a mate in 4: both mate', [mate(2), mate(4, 'd2d4')], false],
    ['a single legal move', [cp(800)], true],
    ['no line', [], false],
  ])('%s', (_, lines, expected) => {
    expect(isValidAttack(lines)).toBe(expected);
  });
});

describe('isValidMateInOne', () => {
  it.each<[string, PvLineLike[], boolean]>([
    ['mate in 1 against +3.00 (0.50 ≤ 0.6)', [mate(1), cp(300, 'a1a2')], true],
    ['mate in 1 against +5.00 (0.73 > 0.6): another move wins too', [mate(1), cp(500, 'a1a2')], false],
    ['mate in 1 against a mate in 4', [mate(1), mate(4, 'a1a2')], false],
    ['two mates in one, best non-mate +1.00', [mate(1), mate(1, 'a1a2'), cp(100, 'b1b2')], true],
    ['two mates in one, best non-mate +9.00', [mate(1), mate(1, 'a1a2'), cp(900, 'b1b2')], false],
    ['every move mates at once', [mate(1), mate(1, 'a1a2')], true],
    ['mate in 2 is not a mate in one', [mate(2), cp(0, 'a1a2')], false],
  ])('%s', (_, lines, expected) => {
    expect(isValidMateInOne(lines)).toBe(expected);
  });

  it('asks for more lines only when two mates in one leave the non-mating move unseen', () => {
    expect(needsMoreLines([mate(1), mate(1, 'a1a2')])).toBe(true);
    expect(needsMoreLines([mate(1), cp(100, 'a1a2')])).toBe(false);
    expect(needsMoreLines([mate(1), mate(1, 'a1a2'), cp(100, 'b1b2')])).toBe(false);
  });
});

describe('judgePuzzle', () => {
  const step = (lines: PvLineLike[], solution = lines[0]?.pv[0] ?? '', solutionMates = false): PuzzlerStep => ({ lines, solution, solutionMates });
  it.each<[string, PuzzlerStep[], boolean, string]>([
    ['a two-move win that stays unique and decisive', [step([cp(600), cp(-50, 'x')]), step([cp(550), cp(-100, 'y')])], true, 'ok'],
    ['the engine prefers another move', [step([cp(600), cp(-50, 'x')], 'h2h4')], true, 'engine prefers e2e4 to h2h4'],
    ['a second move also wins', [step([cp(682), cp(184, 'a4b3')])], true, 'not unique: a4b3 keeps +1.84 against +6.82'],
    ['generated and only +1.96 at the second step', [step([cp(600), cp(-300, 'x')]), step([cp(196), cp(-600, 'y')])], true, 'not decisive: +1.96'],
    ['a Lichess "equality" puzzle: the only move that holds', [step([cp(20), cp(-500, 'x')])], false, 'ok'],
    ['a mate in two, mating at every step', [step([mate(2), cp(-100, 'x')]), step([mate(1), cp(0, 'y')], 'd1d8', true)], true, 'ok'],
    ['a mate in one the solution gives with another mating move', [step([mate(1), cp(0, 'x')], 'h1h8', true)], true, 'ok'],
    ['a mating line whose first step the engine sees as mate in 16', [step([mate(16), cp(0, 'x')]), step([mate(1), cp(0, 'y')], 'd1d8', true)], true, 'no mate within 15: mate 16'],
    ['a mate in one where a quiet move wins as much', [step([mate(1), cp(900, 'x')], 'd1d8', true)], true, 'not unique: x keeps +9.00 against mate 1'],
  ])('%s', (_, steps, decisive, expected) => {
    const verdict = judgePuzzle(steps, { decisive });
    expect(verdict.ok ? 'ok' : verdict.reason).toBe(expected);
  });
});
