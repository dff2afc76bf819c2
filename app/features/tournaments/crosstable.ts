/**
 * A crosstable from the rounds and standings: one row per player in standings order, one cell
 * per round with the opponent's rank, the colour and the points (as Swiss-Manager prints it:
 * "12w1", "5b½", "-+" for byes). Pure.
 */
import { byePoints, isForfeit, resultPoints } from '../../../domain/tournament/results';
import { formatPoints } from './labels';
import type { RoundView, StandingView } from './view';

export interface CrosstableRow {
  rank: number;
  name: string;
  rating: number | null;
  cells: string[];
  total: string;
}

export function crosstable(standings: readonly StandingView[], rounds: readonly RoundView[]): CrosstableRow[] {
  const rankOf = new Map(standings.map((row) => [row.userId, row.rank]));
  return standings.map((row) => {
    const cells = rounds.map((round) => {
      const pairing = round.pairings.find((p) => p.whitePlayerId === row.userId || p.blackPlayerId === row.userId);
      if (!pairing) return '';
      if (pairing.isBye) return `bye ${formatPoints(byePoints(pairing.byeKind ?? 'pairing'))}`;
      const white = pairing.whitePlayerId === row.userId;
      const opponent = white ? pairing.blackPlayerId : pairing.whitePlayerId;
      const result = pairing.gameResult;
      const points = result === null ? null : resultPoints(result)[white ? 'white' : 'black'];
      const pointsText = result === null || points === null ? '' : isForfeit(result) ? (points > 0 ? '+' : '-') : formatPoints(points) || '0';
      return `${opponent === null ? '' : (rankOf.get(opponent) ?? '')}${white ? 'w' : 'b'}${pointsText}`;
    });
    return { rank: row.rank, name: row.username, rating: row.eloRating, cells, total: formatPoints(row.score) || '0' };
  });
}
