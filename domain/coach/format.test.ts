import { describe, expect, it } from 'vitest';
import { formatScore, lineToSan, uciToDisplay } from './format';

describe('formatScore', () => {
  const rows: [number | null, number | null, string][] = [
    [35, null, '+0.35'],
    [-120, null, '-1.20'],
    [0, null, '0.00'],
    [-0.4, null, '0.00'],
    [1234, null, '+12.34'],
    [null, 3, '+M3'],
    [null, -2, '-M2'],
    [500, 1, '+M1'], // a mate wins over the centipawns
    [99995, null, '+M3'], // the ±(100000 − plies) convention: 5 plies is a mate in 3
    [-99998, null, '-M1'],
    [null, null, '0.00'],
  ];
  it.each(rows)('(%s, %s) -> %s', (cp, mate, expected) => expect(formatScore(cp, mate)).toBe(expected));
});

describe('uciToDisplay', () => {
  const rows: [string, string][] = [
    ['e2e4', 'e2-e4'],
    ['e7e8q', 'e7-e8=Q'],
    ['a2a1n', 'a2-a1=N'],
    ['e1g1', 'e1-g1'],
    ['', ''],
    ['Nf3', 'Nf3'],
  ];
  it.each(rows)('%s -> %s', (uci, expected) => expect(uciToDisplay(uci)).toBe(expected));
});

describe('lineToSan', () => {
  const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  // Each row: position, engine line, how many moves, the SAN.
  const rows: [string, string, string[], number | undefined, string[]][] = [
    ['the start, three moves', START, ['e2e4', 'g8f6', 'b1c3', 'd7d5'], 3, ['e4', 'Nf6', 'Nc3']],
    ['a promotion', '8/1P6/8/8/8/2k5/8/1K6 w - - 0 1', ['b7b8q'], undefined, ['b8=Q']],
    ['stops at a move that cannot be played', START, ['e2e4', 'e2e4'], undefined, ['e4']],
    ['a FEN that cannot be read', 'not a fen', ['e2e4'], undefined, []],
  ];
  it.each(rows)('%s', (_name, fen, pv, count, sans) => expect(lineToSan(fen, pv, count)).toEqual(sans));
});
