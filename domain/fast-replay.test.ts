import { Chess } from 'chess.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastReplay } from './fast-replay';
import { gameEnd } from './result';

/**
 * chessops (the server's fast replay) and chess.js (the rule) must agree on every move's
 * legality and SAN, the position after it, and how the game ends. Random games are walked with
 * chess.js; half of the steps prefer a piece move that can be undone (a knight or king shuffle),
 * so repetitions, the fifty-move rule and bare-king endings come up, as well as promotions,
 * castling and en passant from the other half.
 */
function randomGame(seed: number, plies: number): string[] {
  const game = new Chess();
  let state = seed >>> 0 || 1;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state >>> 8;
  };
  const played: string[] = [];
  while (played.length < plies && !game.isGameOver()) {
    // SAN strings, not verbose moves: chess.js writes two FENs for every verbose move.
    const moves = game.moves();
    const shuffles = moves.filter((san) => /^[NK][a-h1-8]*[a-h][1-8]/.test(san) && !san.includes('x'));
    const castling = moves.filter((san) => san.startsWith('O-O'));
    const roll = next() % 6;
    // Castle when it can, half the time; a third of the time the first shuffle in chess.js's
    // order, which tends to go back and forth (repetitions); else a random shuffle or any move.
    const choice =
      castling.length > 0 && roll < 3 ? castling[0]! : shuffles.length > 0 && roll < 2 ? shuffles[0]! : (roll < 4 && shuffles.length > 0 ? shuffles : moves)[next() % (roll < 4 && shuffles.length > 0 ? shuffles : moves).length]!;
    played.push(game.move(choice).san);
  }
  return played;
}

function referenceOf(moves: readonly string[]) {
  const game = new Chess();
  for (const san of moves) game.move(san);
  return { finalFen: game.fen(), end: gameEnd(game)?.reason ?? null };
}

describe('fastReplay agrees with chess.js', () => {
  it('on every prefix of random games (SAN, FEN, ending)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 400 }), (seed, plies) => {
        const moves = randomGame(seed, plies);
        const cuts = new Set([moves.length, Math.floor(moves.length / 2), Math.floor(moves.length / 3), moves.length - 1].filter((n) => n >= 0));
        for (const cut of cuts) {
          const prefix = moves.slice(0, cut);
          // Non-null means chessops wrote every move's SAN exactly as chess.js did.
          expect(fastReplay(prefix)).toEqual(referenceOf(prefix));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('never accepts a game chess.js refuses (a move swapped for one from another game)', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.nat(), (a, b, at) => {
        const moves = randomGame(a, 60);
        const other = randomGame(b, 60);
        if (moves.length === 0 || other.length === 0) return;
        const index = at % moves.length;
        const tampered = [...moves.slice(0, index), other[at % other.length]!, ...moves.slice(index + 1)];
        const fast = fastReplay(tampered);
        if (fast === null) return; // chess.js decides (the caller falls back to it)
        expect(fast).toEqual(referenceOf(tampered));
      }),
      { numRuns: 200 },
    );
  });

  it.each([
    ['the start', [], 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', null],
    ["fool's mate", ['f3', 'e5', 'g4', 'Qh4#'], 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3', 'checkmate'],
    // e5 then d5: the en passant square is written because exd6 is legal.
    ['a legal en passant square', ['e4', 'a6', 'e5', 'd5'], 'rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3', null],
    // Knights out and back twice: the start position a third time.
    ['threefold repetition', ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8'], 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5', 'threefold_repetition'],
  ] as const)('%s', (_, moves, fen, end) => {
    expect(fastReplay(moves)).toEqual({ finalFen: fen, end });
    expect(referenceOf(moves)).toEqual({ finalFen: fen, end });
  });

  it.each([
    ['castling written with zeros', ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Bc5', '0-0']],
    ['a pawn move in long algebraic', ['e2e4']],
    ['a pawn with its letter', ['Pe4']],
    ['a needless capture sign', ['e4', 'd5', 'exd5', 'Qxd5', 'Nc3', 'Qd8', 'Nxb5']],
    ['a check sign that is not check', ['e4+']],
    ['an illegal move', ['e5']],
  ])('leaves %s to chess.js', (_, moves) => {
    expect(fastReplay(moves)).toBeNull();
  });
});
