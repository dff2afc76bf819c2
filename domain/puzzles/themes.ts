/**
 * The themes of a puzzle, found on its solution the way Lichess's tagger reads a puzzle: mate in
 * N from the line's length, smothered mate from the final position (the coach's line.ts),
 * promotion, endgame by material and its kind (pawn, rook, ... endgame), double check, and fork,
 * pin, skewer, hanging piece, discovered attack and back-rank mate by Lichess's own definitions
 * (tactics.ts, from lichess-puzzler's tagger/cook.py). Pure: chess.js positions, no engine.
 */
import type { Chess } from 'chess.js';
import { PUZZLE_THEMES, type PuzzleTheme } from '../../schema/puzzles';
import { parseFen, parseUci, playMove } from '../chess';
import { matePattern } from '../coach/line';
import { allPieces, attackersOf, other } from '../coach/motifs/board';
import { hasAdvancedPawn, hasDefensiveMove, hasDiscoveredAttack, hasFork, hasHangingPiece, hasPin, hasQuietMove, hasSkewer, isBackRankMate, type LinePly } from './tactics';

/** Lichess's endgame test (lila's Divider): at most this many pieces other than pawns and kings on the board. */
export const ENDGAME_MAX_PIECES = 6;

/** Lichess's themes we keep but cannot confirm: the puzzle's Lichess tags are their word. */
export const LICHESS_ONLY_THEMES: readonly PuzzleTheme[] = ['deflection', 'attraction', 'sacrifice', 'trappedPiece'];

/** The themes our detectors can confirm: every other theme. */
export const DETECTED_THEMES: readonly PuzzleTheme[] = PUZZLE_THEMES.filter((theme) => !LICHESS_ONLY_THEMES.includes(theme));

interface Ply extends LinePly {
  fenBefore: string;
  solver: boolean;
}

function replay(fen: string, moves: readonly string[]): Ply[] | null {
  const parsed = parseFen(fen);
  if (!parsed.ok) return null;
  const game = parsed.value;
  const plies: Ply[] = [];
  for (const [i, uci] of moves.entries()) {
    const fenBefore = game.fen();
    const input = parseUci(uci);
    const played = input && playMove(game, input);
    if (!played?.ok) return null;
    const after = parseFen(game.fen());
    if (!after.ok) return null;
    plies.push({ fenBefore, move: played.value, after: after.value, solver: i % 2 === 1 });
  }
  return plies;
}

const piecesOnBoard = (game: Chess): number => allPieces(game).filter((p) => p.type !== 'k' && p.type !== 'p').length;

/** The solver's move gives check with two pieces at once. */
function isDoubleCheck(ply: Ply): boolean {
  const king = allPieces(ply.after, other(ply.move.color)).find((p) => p.type === 'k');
  return king !== undefined && attackersOf(ply.after, king.square, ply.move.color).length >= 2;
}

type PieceKind = 'p' | 'n' | 'b' | 'r' | 'q';

/**
 * The kind of endgame, by lichess-puzzler's tagger: the same on the board after the opponent's
 * move and after the solver's first. A piece endgame has that piece (either side) and nothing but
 * kings and pawns besides (a pawn endgame: kings and pawns only); a queen-and-rook endgame has
 * exactly one queen on the board, a rook or more, and only kings and pawns besides.
 */
const ENDGAME_KINDS: readonly { theme: PuzzleTheme; holds: (kinds: readonly PieceKind[]) => boolean }[] = [
  { theme: 'pawnEndgame', holds: (kinds) => pieceEndgame(kinds, 'p') },
  { theme: 'queenEndgame', holds: (kinds) => pieceEndgame(kinds, 'q') },
  { theme: 'rookEndgame', holds: (kinds) => pieceEndgame(kinds, 'r') },
  { theme: 'bishopEndgame', holds: (kinds) => pieceEndgame(kinds, 'b') },
  { theme: 'knightEndgame', holds: (kinds) => pieceEndgame(kinds, 'n') },
  {
    theme: 'queenRookEndgame',
    holds: (kinds) => kinds.filter((k) => k === 'q').length === 1 && kinds.includes('r') && kinds.every((k) => k === 'q' || k === 'r' || k === 'p'),
  },
];

function pieceEndgame(kinds: readonly PieceKind[], piece: PieceKind): boolean {
  return kinds.includes(piece) && kinds.every((k) => k === piece || k === 'p');
}

function endgameKind(plies: readonly Ply[]): PuzzleTheme | null {
  const boards = plies.slice(0, 2).map((p) => allPieces(p.after).flatMap((piece) => (piece.type === 'k' ? [] : [piece.type as PieceKind])));
  return ENDGAME_KINDS.find((kind) => boards.every(kind.holds))?.theme ?? null;
}

/** The themes of a puzzle written the Lichess way (`fen` before the opponent's move `moves[0]`). */
export function tagThemes(fen: string, moves: readonly string[]): PuzzleTheme[] {
  const plies = replay(fen, moves);
  if (!plies || plies.length < 2) return [];
  const themes = new Set<PuzzleTheme>();
  const solverPlies = plies.filter((p) => p.solver);
  const solver = solverPlies[0]!.move.color;
  const last = plies.at(-1)!;
  const mate = last.solver && last.after.isCheckmate();
  const mateIn = mate ? solverPlies.length : null;

  if (mate) {
    themes.add('mate');
    if (mateIn === 1) themes.add('mateIn1');
    if (mateIn === 2) themes.add('mateIn2');
    if (mateIn === 3) themes.add('mateIn3');
    const pattern = matePattern(last.after, solver, last.move.to);
    if (pattern === 'smothered') themes.add('smotheredMate');
    else if (isBackRankMate(plies)) themes.add('backRankMate');
  }
  if (solverPlies.some((p) => p.move.promotion)) themes.add('promotion');
  if (piecesOnBoard(plies[0]!.after) <= ENDGAME_MAX_PIECES) themes.add('endgame');
  const kind = endgameKind(plies);
  if (kind) themes.add(kind);
  if (solverPlies.some(isDoubleCheck)) themes.add('doubleCheck');
  if (hasHangingPiece(plies)) themes.add('hangingPiece');

  if (hasFork(plies)) themes.add('fork');
  if (hasSkewer(plies)) themes.add('skewer');
  if (hasPin(plies)) themes.add('pin');
  if (hasDiscoveredAttack(plies)) themes.add('discoveredAttack');
  if (hasAdvancedPawn(plies)) themes.add('advancedPawn');
  if (hasQuietMove(plies)) themes.add('quietMove');
  if (hasDefensiveMove(plies)) themes.add('defensiveMove');
  return [...themes];
}
