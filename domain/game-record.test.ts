import { Chess } from 'chess.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SavedGamePayload } from '../schema';
import { pgnDate, pgnResultFor, summariseGame } from './game-record';
import { warmUpOpeningBook } from './openings/book';
import { parsePgn } from './pgn';

// Building the opening index replays the whole table: slow on a busy machine, so not timed per test.
beforeAll(() => warmUpOpeningBook(), 60_000);

const ctx = { playerName: 'Asha', date: new Date('2026-11-22T23:30:00Z'), site: 'chess.example.org' };

function payload(overrides: Partial<SavedGamePayload>): SavedGamePayload {
  return {
    opponent: 'Computer',
    result: 'win',
    moves: ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nf6'],
    gameMode: 'pvc',
    difficulty: 'beginner',
    playerColor: 'white',
    gameDurationSeconds: 300,
    ...overrides,
  };
}

describe('pgnResultFor: every result and colour', () => {
  it.each([
    { result: 'win', color: 'white', expected: '1-0' },
    { result: 'win', color: 'black', expected: '0-1' },
    { result: 'loss', color: 'white', expected: '0-1' },
    { result: 'loss', color: 'black', expected: '1-0' },
    { result: 'draw', color: 'white', expected: '1/2-1/2' },
    { result: 'draw', color: 'black', expected: '1/2-1/2' },
    { result: 'abandoned', color: 'white', expected: '*' },
    { result: 'abandoned', color: 'black', expected: '*' },
  ] as const)('$result as $color is $expected', ({ result, color, expected }) => {
    expect(pgnResultFor(result, color)).toBe(expected);
    const summary = summariseGame(payload({ result, playerColor: color }), ctx);
    expect(summary.ok && summary.value.pgnResult).toBe(expected);
    expect(summary.ok && summary.value.pgn).toContain(`[Result "${expected}"]`);
  });
});

describe('summariseGame', () => {
  it.each([
    { color: 'white', white: 'Asha', black: 'Computer', opponent: 'Computer' },
    { color: 'black', white: 'Computer', black: 'Asha', opponent: 'Computer' },
    { color: 'white', white: 'Asha', black: 'Human Player', opponent: 'Human Player' },
  ] as const)('names the player $color against $opponent', ({ color, white, black, opponent }) => {
    const summary = summariseGame(payload({ playerColor: color, opponent }), ctx);
    expect(summary.ok && [summary.value.white, summary.value.black]).toEqual([white, black]);
    expect(summary.ok && summary.value.pgn).toContain(`[White "${white}"]\n[Black "${black}"]`);
  });

  it("summarises a mate: Fool's Mate won by the player with Black", () => {
    const summary = summariseGame(payload({ moves: ['f3', 'e5', 'g4', 'Qh4#'], playerColor: 'black', result: 'win' }), ctx);
    expect(summary).toEqual({
      ok: true,
      value: {
        pgn: [
          '[Event "?"]',
          '[Site "chess.example.org"]',
          '[Date "2026.11.22"]',
          '[Round "?"]',
          '[White "Computer"]',
          '[Black "Asha"]',
          '[Result "0-1"]',
          '[ECO "A00"]',
          '[Opening "Barnes Opening"]',
          '[PlyCount "4"]',
          '[Termination "Checkmate"]',
          '',
          '1. f3 e5 2. g4 Qh4# 0-1',
          '',
        ].join('\n'),
        finalFen: 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3',
        totalMoves: 2,
        openingEco: 'A00',
        openingName: 'Barnes Opening',
        pgnResult: '0-1',
        white: 'Computer',
        black: 'Asha',
        termination: 'Checkmate',
      },
    });
  });

  it.each([
    { plies: 0, totalMoves: 0 },
    { plies: 1, totalMoves: 1 },
    { plies: 5, totalMoves: 3 },
    { plies: 6, totalMoves: 3 },
  ])('counts $plies half-moves as $totalMoves moves', ({ plies, totalMoves }) => {
    const moves = ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nf6'].slice(0, plies);
    const summary = summariseGame(payload({ moves, result: 'abandoned' }), ctx);
    expect(summary.ok && summary.value.totalMoves).toBe(totalMoves);
  });

  it('names the opening and writes the PGN chess.js reads back', () => {
    const summary = summariseGame(payload({ result: 'abandoned' }), ctx);
    expect(summary.ok).toBe(true);
    if (!summary.ok) return;
    expect(summary.value).toMatchObject({
      openingEco: 'C55',
      openingName: 'Italian Game: Two Knights Defense',
      termination: 'Abandoned',
      finalFen: 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4',
    });
    const chess = new Chess();
    chess.loadPgn(summary.value.pgn, { strict: true });
    expect(chess.history()).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nf6']);
    const parsed = parsePgn(summary.value.pgn);
    expect(parsed.ok && parsed.value.headers).toMatchObject({ ECO: 'C55', Termination: 'Abandoned', Site: 'chess.example.org' });
  });

  it('has no opening for a game that never meets the book, and writes canonical SAN', () => {
    const summary = summariseGame(payload({ moves: ['a3', 'h6', 'a4', 'h5'], result: 'abandoned' }), ctx);
    expect(summary.ok && [summary.value.openingEco, summary.value.openingName]).toEqual([null, null]);
    expect(summary.ok && summary.value.pgn).not.toContain('[ECO');

    const castled = summariseGame(payload({ moves: ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nf6', '0-0'], result: 'abandoned' }), ctx);
    expect(castled.ok && castled.value.pgn).toContain('4. O-O *');
  });

  it.each([
    { why: 'a draw by stalemate', moves: 'e3 a5 Qh5 Ra6 Qxa5 h5 h4 Rah6 Qxc7 f6 Qxd7+ Kf7 Qxb7 Qd3 Qxb8 Qh7 Qxc8 Kg6 Qe6', result: 'draw', termination: 'Stalemate' },
    { why: 'a loss by mate', moves: 'e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#', result: 'loss', termination: 'Checkmate' },
    { why: 'a result the board does not show', moves: 'e4 e5', result: 'draw', termination: 'Unterminated' },
  ] as const)('gives the termination for $why', ({ moves, result, termination }) => {
    const summary = summariseGame(payload({ moves: moves.split(' '), result, playerColor: 'black' }), ctx);
    expect(summary.ok && summary.value.termination).toBe(termination);
    expect(summary.ok && summary.value.pgn).toContain(`[Termination "${termination}"]`);
  });

  it.each([
    { moves: ['e4', 'e5', 'Ke3'], ply: 3, san: 'Ke3', message: 'Invalid move: Ke3 (move 2)' },
    { moves: ['Nf6'], ply: 1, san: 'Nf6', message: 'Invalid move: Nf6 (move 1)' },
    { moves: ['d4', 'd5', 'c4', 'Qxd1'], ply: 4, san: 'Qxd1', message: 'Invalid move: Qxd1 (move 2...)' },
    { moves: ['e4', 'e5', 'e5'], ply: 3, san: 'e5', message: 'Invalid move: e5 (move 2)' },
  ])('names the first illegal move: $san at ply $ply', ({ moves, ply, san, message }) => {
    expect(summariseGame(payload({ moves }), ctx)).toEqual({
      ok: false,
      error: { code: 'ERR_GAME_ILLEGAL_MOVE', ply, san, message },
    });
  });
});

describe('pgnDate', () => {
  it.each([
    ['2026-11-22T23:30:00Z', '2026.11.22'],
    ['2027-01-05T00:00:00Z', '2027.01.05'],
    ['2026-11-22T23:59:59-05:00', '2026.11.23'],
  ])('%s is %s in UTC', (iso, expected) => {
    expect(pgnDate(new Date(iso))).toBe(expected);
  });
});
