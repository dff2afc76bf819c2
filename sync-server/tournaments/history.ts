import type { Kysely } from 'kysely';
import { finalPlacements, snapshotStandings } from '../../domain/tournament-admin';
import type { TournamentHistoryItem } from '../../schema';
import type { Database } from '../core/db/types';
import { loadSnapshot } from './repository';

/** The badge of a final position (spec section 9: 3 or better, 10 or better). */
export function positionResult(position: number): string {
  if (position === 1) return 'winner';
  if (position <= 3) return 'podium';
  if (position <= 10) return 'top10';
  return 'participant';
}

/**
 * Fills each history item's field size, score and performance from the tournament's standings;
 * the final position and its badge only once the tournament is completed (issue 20: a Top 3
 * badge showed after round 1 of 5), one player per place (domain/tournament-admin placements).
 */
export async function withFinalPositions(db: Kysely<Database>, userId: number, items: TournamentHistoryItem[], now: Date): Promise<TournamentHistoryItem[]> {
  const filled: TournamentHistoryItem[] = [];
  for (const item of items) {
    const snapshot = await loadSnapshot(db, item.tournamentId, { id: userId, manager: false }, now);
    const standings = snapshot ? snapshotStandings(snapshot) : [];
    const row = standings.find((each) => each.userId === userId);
    if (!snapshot || !row) {
      filled.push(item);
      continue;
    }
    const place = finalPlacements(snapshot).find((each) => each.standing.userId === userId)?.place ?? null;
    filled.push({
      ...item,
      finalPosition: place,
      totalPlayers: standings.length,
      result: place === null ? null : positionResult(place),
      score: row.score,
      rounds: snapshot.rounds.length,
      performance: row.performance ?? item.performance,
    });
  }
  return filled;
}
