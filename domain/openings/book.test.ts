import { Chess } from 'chess.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { START_FEN } from '../chess';
import { epdOf, identifyOpening, isBookPosition, normalizeSan, openingForPosition, warmUpOpeningBook } from './book';
import { OPENING_ROWS } from './table';

const line = (moves: string) => moves.split(' ').filter(Boolean);

function fenAfter(moves: string, start = START_FEN): string {
  const game = new Chess(start);
  for (const san of line(moves)) game.move(san);
  return game.fen();
}

/** A game of `plies` half-moves: `opening`, then seeded pseudo-random legal moves. */
function seededGame(opening: string, seed: number, plies: number): string[] {
  const game = new Chess();
  for (const san of line(opening)) game.move(san);
  let state = seed;
  for (let ply = game.history().length; ply < plies && !game.isGameOver(); ply++) {
    const moves = game.moves();
    state = (state * 1103515245 + 12345) % 2147483648;
    game.move(moves[state % moves.length] ?? '');
  }
  return game.history();
}

// Building the index replays the whole table: slow on a busy machine, so it is not timed per test.
beforeAll(() => warmUpOpeningBook(), 60_000);

describe('identifyOpening', () => {
  it.each([
    {
      why: 'a main line, move for move',
      moves: 'e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6',
      expected: { eco: 'B90', name: 'Sicilian Defense: Najdorf Variation', plies: 10 },
    },
    {
      why: 'the Nimzo-Indian reached from the English (transposition)',
      moves: 'c4 e6 Nc3 Nf6 d4 Bb4',
      expected: { eco: 'E20', name: 'Nimzo-Indian Defense', plies: 6 },
    },
    {
      why: 'the Najdorf reached after 1.Nf3 (transposition)',
      moves: 'Nf3 c5 e4 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be2',
      expected: { eco: 'B92', name: 'Sicilian Defense: Najdorf Variation, Opocensky Variation', plies: 11 },
    },
    {
      why: "the Queen's Indian with 2.Nf3 before 3.c4",
      moves: 'd4 Nf6 Nf3 e6 c4 b6',
      expected: { eco: 'E12', name: "Queen's Indian Defense", plies: 6 },
    },
    {
      why: 'the deepest book position wins: the Breyer, then the game goes on',
      moves: 'e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 Nbd2 Bb7 Bc2 Re8',
      expected: { eco: 'C95', name: 'Ruy Lopez: Closed, Breyer Defense, Zaitsev Hybrid', plies: 20 },
    },
    {
      why: 'a shallower game gets the shallower name',
      moves: 'e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 a5',
      expected: { eco: 'C92', name: 'Ruy Lopez: Closed', plies: 17 },
    },
    {
      why: 'a position between two named rows takes the name above it',
      moves: 'e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 e6 Be2 Be7',
      expected: { eco: 'B83', name: 'Sicilian Defense: Scheveningen Variation, Classical Variation', plies: 11 },
    },
    {
      why: 'the last named line gives the name when a later book position has a vaguer one',
      moves: 'd4 Nf6 c4 e6 Nf3 d5 Nc3 Be7 Bg5 O-O e3 h6 Bh4 Nbd7',
      expected: { eco: 'D55', name: "Queen's Gambit Declined: Neo-Orthodox Variation", plies: 13 },
    },
    {
      why: 'check marks, annotations and castling written with zeros',
      moves: 'e4! e5 Nf3 Nc6 Bc4 Nf6 0-0 Bc5?! d4 exd4',
      expected: { eco: 'C55', name: 'Italian Game: Two Knights Defense', plies: 6 },
    },
    {
      why: 'long algebraic moves are played by chess.js',
      moves: 'e2e4 c7c5 g1f3',
      expected: { eco: 'B27', name: 'Sicilian Defense', plies: 3 },
    },
    {
      why: 'moves after an illegal one are not read',
      moves: 'e4 c5 Qxh8 Nf3',
      expected: { eco: 'B20', name: 'Sicilian Defense', plies: 2 },
    },
  ])('$why', ({ moves, expected }) => {
    expect(identifyOpening(line(moves))).toEqual(expected);
  });

  it.each([
    { why: 'no moves', moves: '' },
    { why: 'a first move that is in no line', moves: 'a3 e5 h3' },
  ])('is null for $why', ({ moves }) => {
    expect(identifyOpening(line(moves))).toBeNull();
  });

  it('finds a book position reached late, after the first moves left the book', () => {
    // 1.g3 is in no line, but the knights' dance returns to the Reti after 1.Nf3 d5 2.c4.
    const moves = line('Nf3 d5 Ng1 Nf6 Nf3 Ng8 c4');
    expect(identifyOpening(moves)).toEqual({ eco: 'A09', name: 'Réti Opening', plies: 7 });
  });

  describe('from another start position', () => {
    it('is null when no position of the game is in the book', () => {
      const start = 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4';
      expect(identifyOpening(line('Ng5 d5 exd5 Nd4'), '8/8/4k3/8/8/4K3/4P3/8 w - - 0 1')).toBeNull();
      // The Two Knights position is in the book, so the game starting there matches at ply 0 and 2.
      expect(identifyOpening([], start)).toEqual({ eco: 'C55', name: 'Italian Game: Two Knights Defense', plies: 0 });
      expect(identifyOpening(line('Ng5 d5'), start)).toEqual({
        eco: 'C57',
        name: 'Italian Game: Two Knights Defense, Knight Attack, Normal Variation',
        plies: 2,
      });
    });

    it('treats the standard start with other move counters as the standard start', () => {
      const start = START_FEN.replace(/ 0 1$/u, ' 0 7');
      expect(identifyOpening(line('d4 d5 c4'), start)).toEqual({ eco: 'D06', name: "Queen's Gambit", plies: 3 });
    });

    it('is null for an invalid start FEN', () => {
      expect(identifyOpening(line('e4'), 'not a fen')).toBeNull();
    });
  });

  it('agrees with a plain position-by-position search on seeded games', () => {
    const rowEnds = new Map<string, { eco: string; name: string }>();
    for (const [eco, name, moves] of [...OPENING_ROWS].reverse()) rowEnds.set(epdOf(fenAfter(moves)), { eco, name });
    const openings = [
      '',
      'e4 e5 Nf3',
      'd4 Nf6 c4 g6',
      'c4 e5 Nc3',
      'Nf3 d5 g3',
      // Move orders that leave the table's lines and come back to them.
      'Nf3 Nf6 c4 e6 Nc3 Bb4',
      'd4 e6 c4 Nf6 Nc3 Bb4 e3',
      'Nf3 c5 e4 Nc6 d4 cxd4 Nxd4 Nf6 Nc3 e5',
      'e4 c6 Nc3 d5 d4 dxe4 Nxe4 Bf5',
    ];
    for (const [i, opening] of openings.entries()) {
      for (let seed = 1; seed <= 3; seed++) {
        const moves = seededGame(opening, seed * 7919 + i, 60);
        const game = new Chess();
        let named: { eco: string; name: string } | undefined;
        let inherited: { eco: string; name: string } | undefined;
        let plies = 0;
        moves.forEach((san, ply) => {
          game.move(san);
          const inBook = openingForPosition(game.fen());
          if (!inBook) return;
          plies = ply + 1;
          const rowEnd = rowEnds.get(epdOf(game.fen()));
          if (rowEnd) named = rowEnd;
          else inherited = inBook;
        });
        const last = named ?? inherited;
        expect(identifyOpening(moves), moves.join(' ')).toEqual(last ? { ...last, plies } : null);
      }
    }
  }, 60_000);

  it('identifies a 40-move game well under a millisecond after warm-up', () => {
    const clock = (globalThis as { performance?: { now(): number } }).performance ?? Date;
    warmUpOpeningBook();
    const games = [
      seededGame('e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7', 3, 80),
      seededGame('e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3', 5, 80),
      seededGame('d4 Nf6 c4 e6 Nc3 Bb4 e3 O-O Bd3 d5 Nf3 c5 O-O', 7, 80),
      seededGame('', 11, 80),
    ];
    for (const game of games) identifyOpening(game);
    // The median of single calls, so that other work on a busy machine does not count.
    const times: number[] = [];
    for (let run = 0; run < 100; run++) {
      for (const game of games) {
        const started = clock.now();
        identifyOpening(game);
        times.push(clock.now() - started);
      }
    }
    times.sort((a, b) => a - b);
    expect(times[times.length / 2]).toBeLessThan(1);
  }, 60_000);
});

describe('isBookPosition and openingForPosition', () => {
  it.each([
    { why: 'a named row', moves: 'e4 c5', book: true, opening: { eco: 'B20', name: 'Sicilian Defense' } },
    {
      why: 'a position between named rows',
      moves: 'e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3',
      book: true,
      opening: { eco: 'B54', name: 'Sicilian Defense: Modern Variations, Main Line' },
    },
    {
      why: 'a transposition',
      moves: 'Nf3 Nf6 c4 e6 Nc3 Bb4',
      book: true,
      opening: { eco: 'A17', name: 'English Opening: Anglo-Indian Defense, Nimzo-English' },
    },
    { why: 'the start position', moves: '', book: false, opening: null },
    { why: 'a position out of book', moves: 'e4 e5 Ke2 Ke7', book: false, opening: null },
  ])('$why', ({ moves, book, opening }) => {
    const fen = fenAfter(moves);
    expect(isBookPosition(fen)).toBe(book);
    expect(openingForPosition(fen)).toEqual(opening);
  });

  it('ignores an en-passant square no pawn can use, and the move counters', () => {
    expect(isBookPosition('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1')).toBe(true);
    expect(isBookPosition('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 12 30')).toBe(true);
  });

  it('is false for an invalid FEN', () => {
    expect(isBookPosition('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1')).toBe(false);
    expect(openingForPosition('')).toBeNull();
  });
});

describe('normalizeSan', () => {
  it.each([
    ['Nf3', 'Nf3'],
    ['Bb5+', 'Bb5'],
    ['Qxf7#', 'Qxf7'],
    ['e4!?', 'e4'],
    ['0-0', 'O-O'],
    ['0-0-0+', 'O-O-O'],
  ])('%s reads as %s', (san, expected) => {
    expect(normalizeSan(san)).toBe(expected);
  });
});
