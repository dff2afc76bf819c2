/**
 * A crosstable from the rounds and standings: one row per player in standings order, one cell
 * per round with the opponent's rank, the colour and the points (as Swiss-Manager prints it:
 * "12w1", "5b½", "-+" for byes). Pure. A result still in dispute (issue 29) says so in words,
 * "12w1 (provisional)", and so does the total it counts in, as the boards do. The words come from
 * `i18n`, in the app's language; the cells' notation is the same in every language.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { byePoints, isForfeit, resultPoints } from '../../../domain/tournament/results';
import { formatPoints } from './labels';
import { provisionalResult } from './PairingsTabs';
import type { RoundView, StandingView } from './view';

/** The players with a result still in dispute (an open dispute about their board). */
export function provisionalPlayers(rounds: readonly RoundView[]): ReadonlySet<number> {
  const players = new Set<number>();
  for (const round of rounds) {
    for (const pairing of round.pairings) {
      if (!pairing.provisional || pairing.isBye || pairing.gameResult === null) continue;
      players.add(pairing.whitePlayerId);
      if (pairing.blackPlayerId !== null) players.add(pairing.blackPlayerId);
    }
  }
  return players;
}

/** A player's points ('2½', '0'), '(provisional)' after them while a result they count is disputed. */
export function pointsText(i18n: I18n, score: number, provisional: boolean): string {
  const points = formatPoints(score) || '0';
  return provisional ? i18n._(msg`${points} (provisional)`) : points;
}

export interface CrosstableRow {
  rank: number;
  name: string;
  rating: number | null;
  cells: string[];
  total: string;
}

export function crosstable(i18n: I18n, standings: readonly StandingView[], rounds: readonly RoundView[]): CrosstableRow[] {
  const rankOf = new Map(standings.map((row) => [row.userId, row.rank]));
  const provisional = provisionalPlayers(rounds);
  return standings.map((row) => {
    const cells = rounds.map((round) => {
      const pairing = round.pairings.find((p) => p.whitePlayerId === row.userId || p.blackPlayerId === row.userId);
      if (!pairing) return '';
      if (pairing.isBye) {
        const points = formatPoints(byePoints(pairing.byeKind ?? 'pairing'));
        return i18n._(msg`bye ${points}`);
      }
      const white = pairing.whitePlayerId === row.userId;
      const opponent = white ? pairing.blackPlayerId : pairing.whitePlayerId;
      const result = pairing.gameResult;
      const points = result === null ? null : resultPoints(result)[white ? 'white' : 'black'];
      const cellPoints = result === null || points === null ? '' : isForfeit(result) ? (points > 0 ? '+' : '-') : formatPoints(points) || '0';
      const cell = `${opponent === null ? '' : (rankOf.get(opponent) ?? '')}${white ? 'w' : 'b'}${cellPoints}`;
      return pairing.provisional && result !== null ? provisionalResult(i18n, cell) : cell;
    });
    return { rank: row.rank, name: row.username, rating: row.eloRating, cells, total: pointsText(i18n, row.score, provisional.has(row.userId)) };
  });
}
