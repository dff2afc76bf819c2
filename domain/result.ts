/**
 * End-of-game rules and the player's result (spec section 4). Pure, no side effects.
 */
import type { Chess } from 'chess.js';
import type { Color, PlayerResult } from '../schema';

export const GAME_END_REASONS = [
  'checkmate',
  'stalemate',
  'insufficient_material',
  'threefold_repetition',
  'fifty_move_rule',
] as const;
export type GameEndReason = (typeof GAME_END_REASONS)[number];

export interface GameEnd {
  reason: GameEndReason;
  /** The winning colour, or null for a draw. */
  winner: Color | null;
}

/**
 * How the game ended, or null while it goes on. Checkmate is tested first: a mate given on the
 * hundredth half-move or on a third repetition still wins (FIDE Laws 5.1.1, 9.6).
 */
export function gameEnd(game: Chess): GameEnd | null {
  if (game.isCheckmate()) return { reason: 'checkmate', winner: game.turn() === 'w' ? 'b' : 'w' };
  if (game.isStalemate()) return { reason: 'stalemate', winner: null };
  if (game.isInsufficientMaterial()) return { reason: 'insufficient_material', winner: null };
  if (game.isThreefoldRepetition()) return { reason: 'threefold_repetition', winner: null };
  if (game.isDrawByFiftyMoves()) return { reason: 'fifty_move_rule', winner: null };
  return null;
}

/**
 * The player's result at game over: checkmate is a win when the side to move (the mated side) is
 * the player's opponent, otherwise a loss; every other ending is a draw.
 */
export function playerResult(end: GameEnd, playerColor: Color): Exclude<PlayerResult, 'abandoned'> {
  if (end.reason !== 'checkmate' || end.winner === null) return 'draw';
  return end.winner === playerColor ? 'win' : 'loss';
}

/** The move number shown in the status bar: half the number of moves made, rounded up. */
export function moveNumber(halfMovesPlayed: number): number {
  return Math.ceil(halfMovesPlayed / 2);
}

export const END_BANNER_TEXT = {
  checkmate: 'Checkmate!',
  draw: 'Draw!',
  whiteWins: 'White wins!',
  blackWins: 'Black wins!',
  drawDetail: 'The game ended in a draw.',
} as const;

/** The end banner's title and line for a finished game. */
export function endBanner(end: GameEnd): { title: string; detail: string } {
  if (end.reason === 'checkmate') {
    return { title: END_BANNER_TEXT.checkmate, detail: end.winner === 'w' ? END_BANNER_TEXT.whiteWins : END_BANNER_TEXT.blackWins };
  }
  return { title: END_BANNER_TEXT.draw, detail: END_BANNER_TEXT.drawDetail };
}

/** Why a drawn game was drawn, in words for a child. */
export const END_REASON_TEXT: Record<GameEndReason, string> = {
  checkmate: 'Checkmate',
  stalemate: 'Stalemate: the side to move has no legal move and is not in check.',
  insufficient_material: 'Neither side has enough pieces left to checkmate.',
  threefold_repetition: 'The same position appeared three times.',
  fifty_move_rule: 'Fifty moves by each side without a capture or a pawn move.',
};
