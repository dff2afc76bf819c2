/**
 * Tie-breaks of the FIDE Tie-Break Regulations (Handbook C.07, 2023/2024 text): Buchholz,
 * Buchholz Cut-1, Sonneborn-Berger, direct encounter, average rating of opponents (ARO) and
 * tournament performance rating (TPR), with the rules for unplayed rounds. Pure, no side effects.
 *
 * Unplayed rounds in a Swiss (C.07 16):
 * - For the opponents' tie-breaks, a player's score is "adjusted" (16.3): a requested bye
 *   (half-point, zero-point, or an absence) that is followed only by voluntary unplayed rounds, or
 *   falls in the last round, counts as a draw; every other unplayed round counts as awarded.
 * - For the player's own tie-breaks (16.4), each of their unplayed rounds is a game against a
 *   dummy whose score is the player's own score, with the points awarded as the result.
 * - Cut-1 (16.5): a player with voluntary unplayed rounds has the lowest of those contributions
 *   cut instead of the lowest contribution overall.
 * With pre-determined pairings (round robin, C.07 15.2) forfeits count as games against the
 * scheduled opponent with their real score, and a round against the bye number adds nothing.
 * Ratings-based tie-breaks (ARO, TPR) use games played over the board only, in every system.
 */
import {
  DEFAULT_BYE_SCORES,
  POINTS,
  isPlayed,
  isRequestedBye,
  isVoluntaryUnplayed,
  playerRecords,
  type ByeScores,
  type RoundRecord,
  type TournamentResults,
} from './results';
import { performanceRating, roundedAverage } from './rating';
import type { TieBreakName } from '../../schema/tournament-values';

// The tie-break names and the default order are schema/tournament-values.ts's TIE_BREAK_NAMES and
// DEFAULT_TIE_BREAK_NAMES.

export const PAIRING_SYSTEMS = ['swiss', 'round_robin'] as const;
export type PairingSystem = (typeof PAIRING_SYSTEMS)[number];

export interface TieBreakOptions {
  /** How unplayed rounds count: C.07 16 for 'swiss' (the default), 15.2 for 'round_robin'. */
  system?: PairingSystem;
  /**
   * Points per bye kind. Default: DEFAULT_BYE_SCORES in a Swiss; in a round robin the round
   * against the bye number scores nothing (ROUND_ROBIN_BYE_SCORES).
   */
  byeScores?: ByeScores;
  /**
   * Cap the dummy's score as the March 2026 text of 16.4 does (at the forfeit opponent's adjusted
   * score, or at a draw per round for byes). Off by default: the 2023/2024 text has no cap.
   */
  capDummyScore?: boolean;
  /** Rounds of the whole tournament, for the cap above; defaults to the rounds recorded. */
  totalRounds?: number;
  /**
   * Which encounters direct encounter counts: 'awarded' (the default) counts forfeits with their
   * awarded result; 'played' counts games played over the board only, as FIDE's tie-break
   * reference tool (TieBreakServer) does in a Swiss, forfeits being unplayed rounds (C.07 16).
   */
  directEncounterGames?: 'awarded' | 'played';
}

/** Everything the tie-breaks read, computed once per standings table. */
export interface TieBreakContext {
  system: PairingSystem;
  capDummyScore: boolean;
  totalRounds: number;
  directEncounterGames: 'awarded' | 'played';
  records: ReadonlyMap<string, readonly RoundRecord[]>;
  scores: ReadonlyMap<string, number>;
  adjustedScores: ReadonlyMap<string, number>;
  ratings: ReadonlyMap<string, number>;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/**
 * The score used for a player's opponents' tie-breaks (C.07 16.3): requested byes that are followed
 * only by voluntary unplayed rounds, or are in the last round, count as draws.
 */
export function adjustedScore(records: readonly RoundRecord[]): number {
  let score = 0;
  let onlyVoluntaryAfter = true; // walking backwards: no played or involuntary round seen yet
  for (let i = records.length - 1; i >= 0; i--) {
    const record = records[i] as RoundRecord;
    score += isRequestedBye(record) && onlyVoluntaryAfter ? POINTS.draw : record.points;
    if (!isVoluntaryUnplayed(record)) onlyVoluntaryAfter = false;
  }
  return score;
}

/** A round robin's odd player out just sits the round out: no points for the "bye". */
export const ROUND_ROBIN_BYE_SCORES: ByeScores = { ...DEFAULT_BYE_SCORES, pairing: 0 };

export function tieBreakContext(tournament: TournamentResults, options: TieBreakOptions = {}): TieBreakContext {
  const system = options.system ?? 'swiss';
  const byeScores = options.byeScores ?? (system === 'round_robin' ? ROUND_ROBIN_BYE_SCORES : DEFAULT_BYE_SCORES);
  const records = playerRecords(tournament, byeScores);
  const scores = new Map<string, number>();
  const adjustedScores = new Map<string, number>();
  for (const [id, list] of records) {
    scores.set(id, sum(list.map((r) => r.points)));
    adjustedScores.set(id, adjustedScore(list));
  }
  return {
    system,
    capDummyScore: options.capDummyScore ?? false,
    totalRounds: options.totalRounds ?? tournament.rounds.length,
    directEncounterGames: options.directEncounterGames ?? 'awarded',
    records,
    scores,
    adjustedScores,
    ratings: new Map(tournament.players.map((p) => [p.id, p.rating])),
  };
}

/** One round's part of a player's Buchholz: the opponent's (or dummy's) score. */
export interface Contribution {
  round: number;
  opponentScore: number;
  /** The player's points in that round (the factor for Sonneborn-Berger). */
  points: number;
  /** A voluntary unplayed round (requested bye or forfeit loss), cut first by Cut-1. */
  voluntary: boolean;
}

/** The per-round values behind Buchholz and Sonneborn-Berger. */
export function contributions(ctx: TieBreakContext, id: string): Contribution[] {
  const own = ctx.scores.get(id) ?? 0;
  const out: Contribution[] = [];
  for (const record of ctx.records.get(id) ?? []) {
    const base = { round: record.round, points: record.points, voluntary: isVoluntaryUnplayed(record) };
    if (ctx.system === 'round_robin') {
      // 15.2: forfeits are games against the scheduled opponent; the bye number is no opponent.
      if (record.opponent !== null) out.push({ ...base, opponentScore: ctx.scores.get(record.opponent) ?? 0, voluntary: false });
      continue;
    }
    if (isPlayed(record) && record.opponent !== null) {
      out.push({ ...base, opponentScore: ctx.adjustedScores.get(record.opponent) ?? 0 });
      continue;
    }
    let dummy = own;
    if (ctx.capDummyScore) {
      const cap =
        record.opponent !== null ? (ctx.adjustedScores.get(record.opponent) ?? 0) : POINTS.draw * ctx.totalRounds;
      dummy = Math.min(dummy, cap);
    }
    out.push({ ...base, opponentScore: dummy });
  }
  return out;
}

/** Buchholz (C.07 8.1): the sum of the opponents' scores. */
export function buchholz(ctx: TieBreakContext, id: string): number {
  return sum(contributions(ctx, id).map((c) => c.opponentScore));
}

/** Buchholz Cut-1 (C.07 14.1 with the 16.5 exception for voluntary unplayed rounds). */
export function buchholzCut1(ctx: TieBreakContext, id: string): number {
  const list = contributions(ctx, id);
  if (list.length === 0) return 0;
  const voluntary = list.filter((c) => c.voluntary).map((c) => c.opponentScore);
  const cut = voluntary.length > 0 ? Math.min(...voluntary) : Math.min(...list.map((c) => c.opponentScore));
  return sum(list.map((c) => c.opponentScore)) - cut;
}

/** Sonneborn-Berger (C.07 9.1): the sum of each opponent's score times the points scored against them. */
export function sonnebornBerger(ctx: TieBreakContext, id: string): number {
  return sum(contributions(ctx, id).map((c) => c.opponentScore * c.points));
}

/** The games played over the board: the opponents' ratings and the points scored in them. */
function playedGames(ctx: TieBreakContext, id: string): { ratings: number[]; points: number } {
  const played = (ctx.records.get(id) ?? []).filter((r) => isPlayed(r) && r.opponent !== null);
  return {
    ratings: played.map((r) => ctx.ratings.get(r.opponent as string) ?? 0),
    points: sum(played.map((r) => r.points)),
  };
}

/** Average rating of opponents (C.07 10.1), rounded half up; null without a game played. */
export function averageRatingOfOpponents(ctx: TieBreakContext, id: string): number | null {
  return roundedAverage(playedGames(ctx, id).ratings);
}

/** Tournament performance rating (C.07 10.2): ARO + dp; null without a game played. */
export function tournamentPerformance(ctx: TieBreakContext, id: string): number | null {
  const { ratings, points } = playedGames(ctx, id);
  return performanceRating(ratings, points);
}

/** A tie-break that is a number per player (every one except direct encounter). */
export function tieBreakValue(ctx: TieBreakContext, tieBreak: Exclude<TieBreakName, 'head_to_head'>, id: string): number | null {
  switch (tieBreak) {
    case 'buchholz':
      return buchholz(ctx, id);
    case 'buchholz_cut1':
      return buchholzCut1(ctx, id);
    case 'sonneborn_berger':
      return sonnebornBerger(ctx, id);
    case 'aro':
      return averageRatingOfOpponents(ctx, id);
    case 'tpr':
      return tournamentPerformance(ctx, id);
  }
}

/** Direct encounter within a tied group: the ordered subgroups and each member's points. */
export interface DirectEncounter {
  order: string[][];
  points: Map<string, number>;
}

/**
 * Direct encounter (C.07 6) among tied players. Forfeits count with their awarded result.
 * - Everyone has met everyone: ranked by the points scored against each other; equal points stay tied.
 * - Otherwise a player who has met all the others and has more points than any other could
 *   reach by winning their missing encounters is ranked first, and the rest are ranked again in
 *   the same way among themselves; when no such player exists the group stays tied.
 */
export function directEncounter(ctx: TieBreakContext, group: readonly string[]): DirectEncounter {
  const tally = (members: readonly string[]) => {
    const inGroup = new Set(members);
    const points = new Map<string, number>(members.map((id) => [id, 0]));
    const met = new Map<string, Set<string>>(members.map((id) => [id, new Set<string>()]));
    for (const id of members) {
      for (const record of ctx.records.get(id) ?? []) {
        if (record.opponent === null || !inGroup.has(record.opponent)) continue;
        if (ctx.directEncounterGames === 'played' && !isPlayed(record)) continue;
        if (record.outcome === 'forfeit_loss' && (ctx.records.get(record.opponent) ?? []).some((r) => r.round === record.round && r.outcome === 'forfeit_loss')) {
          // A double forfeit: no encounter took place, nobody scored.
          continue;
        }
        points.set(id, (points.get(id) ?? 0) + record.points);
        met.get(id)?.add(record.opponent);
      }
    }
    return { points, met };
  };

  const rank = (members: readonly string[]): string[][] => {
    if (members.length < 2) return [[...members]];
    const { points, met } = tally(members);
    const metCount = (id: string) => met.get(id)?.size ?? 0;
    if (members.every((id) => metCount(id) === members.length - 1)) {
      const values = [...new Set(members.map((id) => points.get(id) ?? 0))].sort((a, b) => b - a);
      return values.map((v) => members.filter((id) => points.get(id) === v));
    }
    const leader = members.find(
      (x) =>
        metCount(x) === members.length - 1 &&
        members.every((y) => {
          if (y === x) return true;
          const missing = members.length - 1 - metCount(y);
          return (points.get(x) ?? 0) > (points.get(y) ?? 0) + missing * POINTS.win;
        }),
    );
    if (leader === undefined) return [[...members]];
    return [[leader], ...rank(members.filter((id) => id !== leader))];
  };
  return { order: rank(group), points: tally(group).points };
}
