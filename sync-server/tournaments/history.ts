import type { Kysely } from 'kysely';
import { snapshotStandings } from '../../domain/tournament-admin';
import type { TournamentHistoryItem } from '../../schema';
import type { Database } from '../db/types';
import { loadSnapshot } from './store';

/** The badge of a final position (spec section 9: 3 or better, 10 or better). */
export function positionResult(position: number): string {
  if (position === 1) return 'winner';
  if (position <= 3) return 'podium';
  if (position <= 10) return 'top10';
  return 'participant';
}

/** Fills each history item's final position, field size, score and performance from the tournament's standings. */
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
    filled.push({
      ...item,
      finalPosition: snapshot.tournament.status === 'completed' || snapshot.rounds.every((round) => round.status === 'completed') ? row.rank : null,
      totalPlayers: standings.length,
      result: positionResult(row.rank),
      score: row.score,
      rounds: snapshot.rounds.length,
      performance: row.performance ?? item.performance,
    });
  }
  return filled;
}
