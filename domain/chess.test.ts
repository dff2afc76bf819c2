import { describe, expect, it } from 'vitest';
import { START_FEN, isPromotionMove, legalTargets, makeUci, opposite, parseFen, parseSquare, parseUci, playMove, positionKey, replayGame, squareAt } from './chess';

describe('parseFen: every rule of spec section 5 fails with "Invalid FEN: ..."', () => {
  it.each([
    { rule: 'six space-separated fields', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -' },
    { rule: 'positive move number', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0' },
    { rule: 'non-negative half-move counter', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1' },
    { rule: 'en-passant square on rank 3 or 6', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1' },
    { rule: 'en-passant rank matches the side to move', fen: 'rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR b KQkq e6 0 2' },
    { rule: 'castling from K, Q, k, q or a dash', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KXkq - 0 1' },
    { rule: 'side to move w or b', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1' },
    { rule: 'eight rows', fen: 'rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' },
    { rule: 'each row sums to 8 squares', fen: 'rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' },
    { rule: 'no consecutive digits', fen: 'rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' },
    { rule: 'valid pieces', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1' },
    { rule: 'a white king', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1' },
    { rule: 'only one black king', fen: 'rnbqkbnr/pppppppp/8/8/4k3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' },
    { rule: 'no pawns on the first or last row', fen: 'rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1' },
  ])('$rule', ({ fen }) => {
    const parsed = parseFen(fen);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.code).toBe('ERR_INVALID_FEN');
      expect(parsed.error.message).toMatch(/^Invalid FEN: .+/);
    }
  });

  it('accepts the start position and a legal middlegame', () => {
    expect(parseFen(START_FEN).ok).toBe(true);
    expect(parseFen('r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4').ok).toBe(true);
  });
});

describe('playMove', () => {
  it('plays a legal move and returns its SAN', () => {
    const game = replayGame([]);
    if (!game.ok) throw new Error();
    const played = playMove(game.value, { from: 'e2', to: 'e4' });
    expect(played.ok && played.value.san).toBe('e4');
  });
  it('an illegal move fails with "Invalid move: ..." and leaves the position alone', () => {
    const game = replayGame([]);
    if (!game.ok) throw new Error();
    const before = game.value.fen();
    const played = playMove(game.value, { from: 'e2', to: 'e5' });
    expect(played.ok).toBe(false);
    if (!played.ok) expect(played.error.message).toMatch(/^Invalid move: /);
    expect(game.value.fen()).toBe(before);
  });
});

describe('promotion', () => {
  const fen = '1n5k/P7/8/8/8/8/8/K7 w - - 0 1';
  it('a pawn reaching the last rank needs a piece, by push or capture', () => {
    const game = parseFen(fen);
    if (!game.ok) throw new Error();
    expect(isPromotionMove(game.value, 'a7', 'a8')).toBe(true);
    expect(isPromotionMove(game.value, 'a7', 'b8')).toBe(true);
    expect(isPromotionMove(game.value, 'a1', 'a2')).toBe(false);
    expect(isPromotionMove(game.value, 'a7', 'a6')).toBe(false);
  });
  it.each([['q', 'Q'], ['r', 'R'], ['b', 'B'], ['n', 'N']] as const)('promotes to %s', (piece, letter) => {
    const game = parseFen(fen);
    if (!game.ok) throw new Error();
    const played = playMove(game.value, { from: 'a7', to: 'a8', promotion: piece });
    expect(played.ok && played.value.san.startsWith(`a8=${letter}`)).toBe(true);
    expect(game.value.get('a8')).toEqual({ type: piece, color: 'w' });
  });
  it('a promotion without a piece is not made', () => {
    const game = parseFen(fen);
    if (!game.ok) throw new Error();
    // chess.js would default to a queen; the app must ask first, so isPromotionMove gates it.
    expect(isPromotionMove(game.value, 'a7', 'a8')).toBe(true);
    expect(game.value.fen()).toBe(fen);
  });
});

describe('replayGame', () => {
  it('rebuilds the position and its history from SAN', () => {
    const game = replayGame(['e4', 'e5', 'Nf3']);
    expect(game.ok && game.value.fen()).toBe('rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2');
  });
  it('fails on a move that is not legal in the replayed position', () => {
    const game = replayGame(['e4', 'e4']);
    expect(game.ok).toBe(false);
  });
});

describe('legalTargets and parseUci', () => {
  it('lists the squares a piece can reach', () => {
    const game = replayGame([]);
    if (!game.ok) throw new Error();
    expect(legalTargets(game.value, 'g1').sort()).toEqual(['f3', 'h3']);
    expect(legalTargets(game.value, 'e7')).toEqual([]);
  });
  it.each([
    ['e2e4', { from: 'e2', to: 'e4' }],
    ['a7a8q', { from: 'a7', to: 'a8', promotion: 'q' }],
    ['e2e9', null],
    ['(none)', null],
  ])('%s', (uci, expected) => expect(parseUci(uci)).toEqual(expected));
});

describe('the chess toolkit', () => {
  it('parses squares and builds them from file and rank, refusing what is off the board', () => {
    expect(parseSquare('e4')).toBe('e4');
    expect(parseSquare('i9')).toBeNull();
    expect(parseSquare('e44')).toBeNull();
    expect(squareAt(0, 0)).toBe('a1');
    expect(squareAt(7, 7)).toBe('h8');
    expect(squareAt(8, 0)).toBeNull();
    expect(squareAt(0, -1)).toBeNull();
  });

  it('writes UCI back as it was read, promotions included', () => {
    for (const uci of ['e2e4', 'e7e8q', 'a2a1n']) expect(makeUci(parseUci(uci)!)).toBe(uci);
  });

  it('keys a position by its first four FEN fields, whatever the move counters', () => {
    expect(positionKey('8/8/8/8/8/8/8/K6k w - - 12 40')).toBe(positionKey('8/8/8/8/8/8/8/K6k w - - 0 1'));
    expect(positionKey('8/8/8/8/8/8/8/K6k w - - 0 1')).not.toBe(positionKey('8/8/8/8/8/8/8/K6k b - - 0 1'));
  });

  it('knows the other colour', () => {
    expect(opposite('w')).toBe('b');
    expect(opposite('b')).toBe('w');
  });

  it('isPromotionMove and legalTargets refuse a text that is not a square', () => {
    const game = parseFen('8/4P3/8/8/8/8/8/K6k w - - 0 1');
    if (!game.ok) throw new Error(game.error.message);
    expect(isPromotionMove(game.value, 'e7', 'e8')).toBe(true);
    expect(isPromotionMove(game.value, 'z9', 'e8')).toBe(false);
    expect(legalTargets(game.value, 'z9')).toEqual([]);
  });
});
