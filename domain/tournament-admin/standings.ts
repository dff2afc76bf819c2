/**
 * Standings from a snapshot with the section's tie-breaks (domain/tournament's computeStandings).
 * Finished games count; an unfinished game counts for nobody yet. A late entrant's missed rounds
 * score as the half-point or zero-point byes the organiser chose; anyone else missing from a round
 * (withdrawn) scores zero for it.
 */
import type { Standing } from '../../schema';
import { computeStandings, type Board, type RoundResults } from '../tournament';
import type { Snapshot } from './model';
import { tournamentPlayers } from './pairing';

export function snapshotResults(snapshot: Pick<Snapshot, 'registrations' | 'rounds'>): { players: { id: string; rating: number; name: string }[]; rounds: RoundResults[] } {
  const players = tournamentPlayers(snapshot);
  const late = new Map(snapshot.registrations.filter((entry) => entry.lateEntry).map((entry) => [entry.userId, entry.lateEntry]));
  const rounds = [...snapshot.rounds]
    .filter((round) => round.status !== 'created')
    .sort((a, b) => a.roundNumber - b.roundNumber)
    .map((round): RoundResults => {
      const seen = new Set<number>();
      const games: Board[] = round.pairings.map((board): Board => {
        seen.add(board.whitePlayerId);
        if (board.blackPlayerId === null) return { white: String(board.whitePlayerId), black: null, bye: board.byeKind ?? 'pairing' };
        seen.add(board.blackPlayerId);
        return { white: String(board.whitePlayerId), black: String(board.blackPlayerId), result: board.gameStatus === 'completed' ? board.gameResult : null };
      });
      const absent: string[] = [];
      for (const player of players) {
        if (seen.has(player.userId)) continue;
        const entry = late.get(player.userId);
        if (entry && entry.fromRound > round.roundNumber) games.push({ white: String(player.userId), black: null, bye: entry.missedRounds === 'half' ? 'half' : 'zero' });
        else absent.push(String(player.userId));
      }
      return { round: round.roundNumber, games, absent };
    });
  return { players: players.map((player) => ({ id: String(player.userId), rating: player.rating, name: player.name })), rounds };
}

export function snapshotStandings(snapshot: Snapshot): Standing[] {
  if (!snapshot.rounds.some((round) => round.status !== 'created')) return [];
  const tieBreaks = snapshot.tieBreaks;
  const computed = computeStandings(snapshotResults(snapshot), {
    tieBreaks,
    system: snapshot.tournament.format === 'round_robin' ? 'round_robin' : 'swiss',
  });
  if (!computed.ok) return [];
  return computed.value.map((row) => ({
    rank: row.rank,
    userId: Number(row.playerId),
    username: row.name ?? '',
    eloRating: row.rating || null,
    score: row.score,
    gamesPlayed: row.gamesPlayed,
    wins: row.wins,
    draws: row.draws,
    losses: row.losses,
    performance: row.performance === null ? null : Math.round(row.performance),
    buchholz: row.buchholz,
    tieBreaks: tieBreaks.map((name) => ({ name, value: row.tieBreaks[name] ?? null })),
  }));
}

/** A player's final place: one per place (1, 2, 3, ...), never shared. */
export interface Placement {
  standing: Standing;
  place: number;
}

/**
 * The places of standings listed best first (issue 20): one certificate, one badge per place.
 * Score and the section's tie-breaks order the list; players still tied after every tie-break
 * keep the list's own order (the pairing order: rating, then name), so two players never both
 * get First Place.
 */
export function placements(standings: readonly Standing[]): Placement[] {
  return standings.map((standing, index) => ({ standing, place: index + 1 }));
}

/** Final places, only of a completed tournament: none while rounds may still be played. */
export function finalPlacements(snapshot: Snapshot): Placement[] {
  return snapshot.tournament.status === 'completed' ? placements(snapshotStandings(snapshot)) : [];
}
