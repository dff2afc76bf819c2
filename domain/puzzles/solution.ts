/**
 * Checking a student's moves against a trainer puzzle (issue 21). Pure; the app and the server
 * share it, so the server's verdict on an attempt is the one the board showed. The puzzle is in
 * the Lichess order (schema/puzzles.ts): `fen` before the opponent's move `moves[0]`, the
 * solver's moves at odd indices. A solver's move counts when it is the solution's move or when
 * it gives checkmate (any mate counts where the position has several).
 */
import type { Chess } from 'chess.js';
import { parseFen, parseUci, playMove } from '../chess';

export type MoveVerdict = 'correct' | 'mate' | 'wrong';

export interface PuzzleLine {
  fen: string;
  moves: readonly string[];
}

/** The position (a chess.js game) after the first `plies` moves of the solution; null when it does not replay. */
export function positionAfter(puzzle: PuzzleLine, plies: number): Chess | null {
  const parsed = parseFen(puzzle.fen);
  if (!parsed.ok) return null;
  const game = parsed.value;
  for (const uci of puzzle.moves.slice(0, plies)) {
    const move = parseUci(uci);
    if (move === null || !playMove(game, move).ok) return null;
  }
  return game;
}

/** The verdict on `uci` played as the solver's move at `index` (odd) of the solution. */
export function judgeMove(puzzle: PuzzleLine, index: number, uci: string): MoveVerdict {
  if (index % 2 !== 1 || index >= puzzle.moves.length) return 'wrong';
  const expected = puzzle.moves[index];
  const normal = (text: string) => (text.length === 4 && expected !== undefined && expected.length === 5 && expected.startsWith(text) ? `${text}q` : text);
  if (normal(uci) === expected) return 'correct';
  const game = positionAfter(puzzle, index);
  const move = parseUci(uci);
  if (game === null || move === null) return 'wrong';
  const promotion = move.promotion ?? (game.moves({ verbose: true }).some((m) => m.from === move.from && m.to === move.to && m.promotion) ? 'q' : undefined);
  const played = playMove(game, promotion ? { ...move, promotion } : { from: move.from, to: move.to });
  return played.ok && game.isCheckmate() ? 'mate' : 'wrong';
}

/**
 * Whether `played` (the solver's moves, in order) solves the puzzle: each is the solution's move
 * or a mate (which ends it), until the solution's last move.
 */
export function solvesPuzzle(puzzle: PuzzleLine, played: readonly string[]): boolean {
  let index = 1;
  for (const [count, uci] of played.entries()) {
    const verdict = judgeMove(puzzle, index, uci);
    if (verdict === 'wrong') return false;
    if (verdict === 'mate' || index + 2 >= puzzle.moves.length) return count === played.length - 1;
    index += 2;
  }
  return false;
}

/** How many of the solver's moves the puzzle asks for. */
export const solverMoveCount = (puzzle: PuzzleLine): number => Math.floor(puzzle.moves.length / 2);
