import { describe, expect, it } from 'vitest';
import { EXIT_INVALID_REQUEST, EXIT_NO_VALID_PAIRING, EXIT_OK, formatPairing, parsePairArgs, runPair } from './cli';

const line = (rank: number, rating: number, points: string, rounds = '') =>
  `001 ${String(rank).padStart(4)}      ${`Player ${rank}`.padEnd(33)} ${rating} ${' '.repeat(27)}${points.padStart(4)} ${String(rank).padStart(4)}${rounds}`;

// Five players before round 1 (bbpPairings' own convention: XXR rounds, XXC initial colour).
const ROUND_ONE = ['012 Test', 'XXR 3', 'XXC white1', line(1, 2400, '0.0'), line(2, 2300, '0.0'), line(3, 2200, '0.0'), line(4, 2100, '0.0'), line(5, 2000, '0.0')].join('\r');

describe('parsePairArgs', () => {
  it.each([
    { args: ['--dutch', 'in.trf', '-p', 'out.txt'], value: { mode: 'pair', input: 'in.trf', output: 'out.txt' } },
    { args: ['--dutch', 'in.trf', '-p'], value: { mode: 'pair', input: 'in.trf', output: null } },
    { args: ['--dutch', '-p'], value: { mode: 'pair', input: null, output: null } },
    { args: ['--dutch', 'in.trf', '-c'], value: { mode: 'check', input: 'in.trf', output: null } },
  ])('accepts $args', ({ args, value }) => {
    expect(parsePairArgs(args)).toEqual({ ok: true, value });
  });

  it.each([[[]], [['--burstein', 'in.trf', '-p']], [['--dutch', 'in.trf']], [['--dutch', 'in.trf', '-p', 'out', 'extra']], [['--dutch', 'in.trf', '-c', 'x']]])(
    'rejects %j',
    (args) => {
      expect(parsePairArgs(args).ok).toBe(false);
    },
  );
});

describe('runPair', () => {
  const pair = { mode: 'pair', input: 'in.trf', output: 'out.txt' } as const;

  it('pairs round 1 as bbpPairings does: top half against bottom half, the bye to the last player', () => {
    const r = runPair(pair, ROUND_ONE);
    expect(r).toEqual({ exitCode: EXIT_OK, output: '3\n1 3\n4 2\n5 0\n', errors: '' });
  });

  it('exits 3 on a malformed file, naming the line and column', () => {
    const r = runPair(pair, ROUND_ONE.replace('XXR 3', 'XXR x'));
    expect(r.exitCode).toBe(EXIT_INVALID_REQUEST);
    expect(r.errors).toContain('Line 2, column 5');
  });

  it('exits 3 when every round has been paired', () => {
    const done = ['XXR 1', 'XXC white1', line(1, 2400, '1.0', '     2 w 1'), line(2, 2300, '0.0', '     1 b 0')].join('\n');
    expect(runPair(pair, done).exitCode).toBe(EXIT_INVALID_REQUEST);
  });

  it('exits 1 with a reason when no legal pairing exists (two players who have met)', () => {
    const met = ['XXR 2', 'XXC white1', line(1, 2400, '1.0', '     2 w 1'), line(2, 2300, '0.0', '     1 b 0')].join('\n');
    const r = runPair(pair, met);
    expect(r.exitCode).toBe(EXIT_NO_VALID_PAIRING);
    expect(r.errors).toMatch(/No valid pairing exists: .*absolute criteria/);
  });

  it('leaves out a player whose next round is already a requested bye (0000 - H)', () => {
    const text = ROUND_ONE.replace(line(5, 2000, '0.0'), line(5, 2000, '0.0', '  0000 - H'));
    expect(runPair(pair, text).output).toBe('2\n1 3\n4 2\n');
  });

  it('check mode lists the rounds that differ from ours', () => {
    const played = [
      'XXR 1',
      'XXC white1',
      line(1, 2400, '1.0', '     3 w 1'),
      line(2, 2300, '0.0', '     4 b 0'),
      line(3, 2200, '0.0', '     1 b 0'),
      line(4, 2100, '1.0', '     2 w 1'),
    ].join('\n');
    expect(runPair({ mode: 'check', input: 't.trf', output: null }, played).output).toBe('t.trf: 1 of 1 rounds paired as we pair them.\n');
    const swapped = played.replace('     3 w 1', '     3 b 1').replace('     1 b 0', '     1 w 0');
    const r = runPair({ mode: 'check', input: 't.trf', output: null }, swapped);
    expect(r.output).toContain('Round 1 differs.');
    expect(r.output).toContain('t.trf: 0 of 1 rounds paired as we pair them.');
  });
});

describe('formatPairing', () => {
  it('writes the count, then white and black per board, and the bye as "N 0"', () => {
    expect(formatPairing({ round: 2, pairs: [{ white: 3, black: 1 }], bye: 2 })).toBe('2\n3 1\n2 0\n');
  });
});
