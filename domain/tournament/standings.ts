/**
 * The standings table: score, games, results, performance and the section's tie-breaks in order.
 * Pure, no side effects.
 */
import { type Result, err, ok } from '../result-type';
import { isPlayed, validateResults, type ResultsError, type TournamentResults } from './results';
import { DEFAULT_TIE_BREAK_NAMES, type TieBreakName } from '../../schema/tournament-values';
import {
  buchholz,
  directEncounter,
  tieBreakContext,
  tieBreakValue,
  tournamentPerformance,
  type TieBreakContext,
  type TieBreakOptions,
} from './tiebreaks';

/** A row of the table: the fields of the spec's Standing entity, plus rank and every tie-break. */
export interface Standing {
  /** 1-based; players still tied after every tie-break share a rank (listed in pairing order). */
  rank: number;
  playerId: string;
  name: string | null;
  rating: number;
  score: number;
  /** Games played over the board; wins, draws and losses count those games only. */
  gamesPlayed: number;
  wins: number;
  draws: number;
  losses: number;
  /** Tournament performance rating over the games played; null before the first game. */
  performance: number | null;
  buchholz: number;
  /**
   * The configured tie-breaks' values. Direct encounter is the points scored against the players
   * tied with this one when it was applied, and null when the player was not tied by then.
   */
  tieBreaks: Partial<Record<TieBreakName, number | null>>;
}

export interface StandingsOptions extends TieBreakOptions {
  /** The section's tie-break order; the spec's default is buchholz, sonneborn_berger, head_to_head. */
  tieBreaks?: readonly TieBreakName[];
}

/** Splits a sorted list into runs of equal keys. */
function splitBy<T>(items: readonly T[], key: (item: T) => number): T[][] {
  const groups: T[][] = [];
  for (const item of items) {
    const last = groups[groups.length - 1];
    if (last && key(last[0] as T) === key(item)) last.push(item);
    else groups.push([item]);
  }
  return groups;
}

/** Orders tied groups by one tie-break, recording direct-encounter values as they are found. */
function breakTies(
  ctx: TieBreakContext,
  groups: string[][],
  tieBreak: TieBreakName,
  values: Map<string, number | null>,
): string[][] {
  return groups.flatMap((group) => {
    if (group.length < 2) return [group];
    if (tieBreak === 'head_to_head') {
      const encounter = directEncounter(ctx, group);
      for (const id of group) values.set(id, encounter.points.get(id) ?? 0);
      return encounter.order;
    }
    const key = (id: string) => values.get(id) ?? Number.NEGATIVE_INFINITY;
    const sorted = [...group].sort((a, b) => key(b) - key(a));
    return splitBy(sorted, key);
  });
}

/**
 * The standings after the rounds recorded, best first. Players are ranked by score, then by each
 * tie-break in order; ties left at the end share a rank.
 */
export function computeStandings(
  tournament: TournamentResults,
  options: StandingsOptions = {},
): Result<Standing[], ResultsError> {
  const valid = validateResults(tournament);
  if (!valid.ok) return err(valid.error);
  const ctx = tieBreakContext(tournament, options);
  const order = options.tieBreaks ?? DEFAULT_TIE_BREAK_NAMES;
  const pairingOrder = new Map(tournament.players.map((p, i) => [p.id, i]));

  const values = new Map<TieBreakName, Map<string, number | null>>();
  for (const tieBreak of order) {
    const perPlayer = new Map<string, number | null>();
    if (tieBreak !== 'head_to_head') {
      for (const p of tournament.players) perPlayer.set(p.id, tieBreakValue(ctx, tieBreak, p.id));
    }
    values.set(tieBreak, perPlayer);
  }

  const byScore = [...tournament.players.map((p) => p.id)].sort(
    (a, b) => (ctx.scores.get(b) ?? 0) - (ctx.scores.get(a) ?? 0) || (pairingOrder.get(a) ?? 0) - (pairingOrder.get(b) ?? 0),
  );
  let groups = splitBy(byScore, (id) => ctx.scores.get(id) ?? 0);
  for (const tieBreak of order) {
    groups = breakTies(ctx, groups, tieBreak, values.get(tieBreak) as Map<string, number | null>);
  }

  const players = new Map(tournament.players.map((p) => [p.id, p]));
  const standings: Standing[] = [];
  for (const group of groups) {
    const rank = standings.length + 1;
    const inPairingOrder = [...group].sort((a, b) => (pairingOrder.get(a) ?? 0) - (pairingOrder.get(b) ?? 0));
    for (const id of inPairingOrder) {
      const player = players.get(id);
      const played = (ctx.records.get(id) ?? []).filter(isPlayed);
      const tieBreaks: Partial<Record<TieBreakName, number | null>> = {};
      for (const tieBreak of order) tieBreaks[tieBreak] = values.get(tieBreak)?.get(id) ?? null;
      standings.push({
        rank,
        playerId: id,
        name: player?.name ?? null,
        rating: player?.rating ?? 0,
        score: ctx.scores.get(id) ?? 0,
        gamesPlayed: played.length,
        wins: played.filter((r) => r.outcome === 'win').length,
        draws: played.filter((r) => r.outcome === 'draw').length,
        losses: played.filter((r) => r.outcome === 'loss').length,
        performance: tournamentPerformance(ctx, id),
        buchholz: buchholz(ctx, id),
        tieBreaks,
      });
    }
  }
  return ok(standings);
}
