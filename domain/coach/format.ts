/** Display helpers: scores and moves as the panels show them. Pure. */
import { parseFen, parseUci, playMove, type Color } from '../chess';
import { MATE_SCORE } from './score';

/**
 * '+0.35', '-1.20', '0.00' in pawns with 2 decimals; a mate as '+M3' / '-M2' (White's view when
 * the numbers are). A score of 1000 pawns or more without a mate is the ±(100000 − plies)
 * convention and shown as a mate too.
 */
export function formatScore(cp: number | null, mate: number | null): string {
  if (mate !== null) return mate > 0 ? `+M${mate}` : `-M${Math.abs(mate)}`;
  if (cp === null) return '0.00';
  if (Math.abs(cp) >= MATE_SCORE - 1000) {
    const moves = Math.ceil((MATE_SCORE - Math.abs(cp)) / 2);
    return `${cp > 0 ? '+' : '-'}M${moves}`;
  }
  const pawns = (cp / 100).toFixed(2);
  if (pawns === '0.00' || pawns === '-0.00') return '0.00';
  return cp > 0 ? `+${pawns}` : pawns;
}

/** 'e2e4' -> 'e2-e4', 'e7e8q' -> 'e7-e8=Q'; anything else is returned as it is. */
export function uciToDisplay(uci: string): string {
  const move = parseUci(uci);
  if (!move) return uci;
  return `${move.from}-${move.to}${move.promotion ? `=${move.promotion.toUpperCase()}` : ''}`;
}

/**
 * The first `count` moves of an engine line (UCI) from `fen` in SAN, for the notation to write
 * ('e2e4 g8f6' -> ['e4', 'Nf6']); the line stops at a move that cannot be played.
 */
export function lineToSan(fen: string, pv: readonly string[], count = pv.length): string[] {
  const game = parseFen(fen);
  if (!game.ok) return [];
  const sans: string[] = [];
  for (const uci of pv.slice(0, count)) {
    const move = parseUci(uci);
    const played = move && playMove(game.value, move);
    if (!played?.ok) break;
    sans.push(played.value.san);
  }
  return sans;
}

/** The side to move of a FEN ('w' when it cannot be read). */
export const fenTurn = (fen: string): Color => (fen.split(' ')[1] === 'b' ? 'b' : 'w');
