/**
 * The opening book: the table's lines as a move tree from the standard start, and an index of
 * every position on those lines keyed by EPD, so a game that reaches a book position by another
 * move order (a transposition) is still recognised. Built once, on first use. Pure: no side
 * effects beyond that cache; runs in the browser, the worker and Node.
 */
import type { Chess } from 'chess.js';
import { START_FEN, parseFen, playMove } from '../chess';
import { epdsAfter } from '../fast-replay';
import { OPENING_ROWS } from './table';
import { materialKey, materialKeys } from './material-scan';

export interface Opening {
  eco: string;
  name: string;
}

export interface OpeningMatch extends Opening {
  /** Half-moves played when the game last stood in a book position. */
  plies: number;
}

/** A book position: its name, and whether a table row ends here or the name is inherited. */
interface BookEntry {
  readonly opening: Opening;
  readonly rowEnd: boolean;
}

interface BookNode {
  readonly fen: string;
  readonly epd: string;
  readonly children: Map<string, BookNode>;
  entry: BookEntry | null;
}

interface Book {
  readonly root: BookNode;
  readonly byEpd: ReadonlyMap<string, BookEntry>;
  /** The material keys of all book positions (see material-scan.ts). */
  readonly keys: ReadonlySet<string>;
}

/**
 * A position's identity for the book: placement, side to move, castling rights and the
 * en-passant square. chess.js writes the en-passant square only when a capture is possible,
 * so 1.e4 and 1.e3 ... 2.e4 compare equal as they should.
 */
export function epdOf(fen: string): string {
  return fen.split(' ', 4).join(' ');
}

/** SAN as written in our table: no check, mate or annotation marks; zeros read as castling. */
export function normalizeSan(san: string): string {
  const bare = san.replace(/[+#!?]+$/u, '');
  if (bare === '0-0') return 'O-O';
  if (bare === '0-0-0') return 'O-O-O';
  return bare;
}

function buildBook(): Book {
  const root: BookNode = { fen: START_FEN, epd: epdOf(START_FEN), children: new Map(), entry: null };
  const created: Array<{ node: BookNode; parent: BookNode }> = [];
  const rowEnds = new Map<string, Opening>();
  const game = parseOrThrow(START_FEN);
  let gameAt: BookNode = root;

  for (const [eco, name, moves] of OPENING_ROWS) {
    let node = root;
    for (const san of moves.split(' ')) {
      const key = normalizeSan(san);
      let child = node.children.get(key);
      if (!child) {
        if (gameAt !== node) game.load(node.fen);
        const played = playMove(game, san);
        if (!played.ok) throw new Error(`Opening table row ${eco} ${name}: ${played.error.message}`);
        child = { fen: played.value.after, epd: epdOf(played.value.after), children: new Map(), entry: null };
        node.children.set(key, child);
        created.push({ node: child, parent: node });
        gameAt = child;
      }
      node = child;
    }
    if (!rowEnds.has(node.epd)) rowEnds.set(node.epd, { eco, name });
  }

  // Nodes come parent-first, so each inherits a name that is already settled. A position
  // between named rows takes the name above it on the first line through it.
  const byEpd = new Map<string, BookEntry>();
  for (const { node, parent } of created) {
    const named = rowEnds.get(node.epd);
    node.entry = named
      ? { opening: named, rowEnd: true }
      : (byEpd.get(node.epd) ?? (parent.entry && { opening: parent.entry.opening, rowEnd: false }));
    if (node.entry && !byEpd.has(node.epd)) byEpd.set(node.epd, node.entry);
  }
  const keys = new Set([...byEpd.keys()].map(materialKey));
  return { root, byEpd, keys };
}

function parseOrThrow(fen: string): Chess {
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

let book: Book | null = null;
function getBook(): Book {
  book ??= buildBook();
  return book;
}

/** Builds the index now rather than on the first lookup (for a warm-up off the critical path). */
export function warmUpOpeningBook(): void {
  getBook();
}

/** The EPD of every position on a table line. */
export function bookPositions(): ReadonlySet<string> {
  return new Set(getBook().byEpd.keys());
}

/** The EPD of a FEN as chess.js normalises it, or null when the FEN is invalid. */
function normalizedEpd(fen: string): string | null {
  const parsed = parseFen(fen);
  return parsed.ok ? epdOf(parsed.value.fen()) : null;
}

/** The opening of a position in the book, whatever move order reached it. */
export function openingForPosition(fen: string): Opening | null {
  const epd = normalizedEpd(fen);
  const found = epd === null ? undefined : getBook().byEpd.get(epd);
  return found ? { ...found.opening } : null;
}

/** True when the position lies on one of the table's lines (the start position does not). */
export function isBookPosition(fen: string): boolean {
  return openingForPosition(fen) !== null;
}

/** What a search has seen so far: the last named table line and the last ply in the book. */
class Sightings {
  private named: Opening | null = null;
  private inherited: Opening | null = null;
  private lastBookPly = -1;

  see(entry: BookEntry | null | undefined, ply: number): void {
    if (!entry) return;
    this.lastBookPly = ply;
    if (entry.rowEnd) this.named = entry.opening;
    else this.inherited = entry.opening;
  }

  result(): OpeningMatch | null {
    const opening = this.named ?? this.inherited;
    return opening ? { ...opening, plies: this.lastBookPly } : null;
  }
}

/** A FEN for an EPD; the counters do not matter to the search. */
const fenAt = (epd: string): string => `${epd} 0 1`;

/**
 * The opening of a game: the last named table line it reached, and how many half-moves it
 * stayed in the book (the last ply at which it stood in a book position). Every ply is searched,
 * so a transposition into a book line counts. Null when no position of the game is in the book.
 * An illegal move ends the search (the moves before it still count), but moves are checked only
 * as far as the search plays them: summariseGame and replayGame validate whole games.
 *
 * Fast path: while the game follows a table line move for move, the tree gives each position
 * without playing anything. After that a scan of the SAN finds the last ply whose pawns and
 * material could belong to a book position, and chess.js plays the moves up to there only.
 */
export function identifyOpening(sanMoves: readonly string[], startFen: string = START_FEN): OpeningMatch | null {
  const book = getBook();
  const sightings = new Sightings();
  let epd = epdOf(startFen);
  if (epd !== book.root.epd) {
    const start = normalizedEpd(startFen);
    if (start === null) return null;
    epd = start;
  }

  let ply = 0;
  if (epd === book.root.epd) {
    let node = book.root;
    for (; ply < sanMoves.length; ply++) {
      const child = node.children.get(normalizeSan(sanMoves[ply] ?? ''));
      if (!child) break;
      node = child;
      sightings.see(node.entry, ply + 1);
    }
    epd = node.epd;
  } else {
    sightings.see(book.byEpd.get(epd), 0);
  }
  if (ply < sanMoves.length) searchByPlaying(book, sanMoves, ply, epd, sightings);
  return sightings.result();
}

/** The slow path of identifyOpening, from half-move `ply` at the position `epd`. */
function searchByPlaying(book: Book, sanMoves: readonly string[], fromPly: number, fromEpd: string, sightings: Sightings): void {
  let ply = fromPly;
  let epd = fromEpd;
  let game: Chess | null = null;
  while (ply < sanMoves.length) {
    const rest = sanMoves.slice(ply);
    const restKeys = materialKeys(epd, rest);
    const readAll = restKeys.length === rest.length;
    let target = ply;
    restKeys.forEach((key, i) => {
      if (book.keys.has(key)) target = ply + i + 1;
    });
    // A move the scan cannot read is played by chess.js, and the scan resumes after it.
    if (!readAll) target = ply + restKeys.length + 1;
    if (target === ply) return;
    // chessops' bitboards when the moves are chess.js's own SAN (a few µs a move), else chess.js.
    const fast = game === null ? epdsAfter(fenAt(epd), sanMoves.slice(ply, target)) : null;
    if (fast !== null) {
      fast.forEach((after, i) => sightings.see(book.byEpd.get(after), ply + i + 1));
      ply = target;
      if (readAll) return;
      epd = fast.at(-1) ?? epd;
      continue;
    }
    game ??= parseOrThrow(fenAt(epd));
    for (; ply < target; ply++) {
      const played = playMove(game, sanMoves[ply] ?? '');
      if (!played.ok) return;
      sightings.see(book.byEpd.get(epdOf(played.value.after)), ply + 1);
    }
    if (readAll) return;
    epd = epdOf(game.fen());
  }
}
