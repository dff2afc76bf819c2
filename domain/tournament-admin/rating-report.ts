/**
 * The rating report of a FIDE-rated event (issue 29): each player's expected score, change per
 * game and total, by domain/tournament's B.02 rules, from the snapshot the device stores (so the
 * report works offline) and the server records when the event completes (rating_snapshots).
 * Ratings are the registrations' (userElo); K follows the year of birth where the organiser's
 * view has it, unless the arbiter set the player's K (`tournament.kFactors`). The year and date
 * of the games are the tournament's start date.
 */
import { kFactorByRule, tournamentRatingChanges, type KFactor, type PlayerRatingChange, type TournamentPlayer } from '../tournament';
import { makeCsv, type CsvCell } from '../csv';
import type { Snapshot } from './model';
import { snapshotResults } from './standings';

export interface RatingReportRow extends PlayerRatingChange {
  userId: number;
  name: string;
  rating: number;
  fideId: string | null;
  /** Points from the rated games (over the board, against rated opponents). */
  score: number;
  /** The K the rule gives (B.02 8.3.3, from the year of birth and rating), before the 700 ceiling. */
  ruleK: KFactor;
  /** The K the arbiter set for this player, or null for the rule's. */
  setK: KFactor | null;
}

export function snapshotRatingReport(snapshot: Pick<Snapshot, 'tournament' | 'registrations' | 'rounds'>): RatingReportRow[] {
  const results = snapshotResults(snapshot);
  const registrations = new Map(snapshot.registrations.map((entry) => [String(entry.userId), entry]));
  const setKs = snapshot.tournament.kFactors ?? {};
  const players: TournamentPlayer[] = results.players.map((player) => {
    const birthYear = registrations.get(player.id)?.birthYear;
    const k = setKs[player.id];
    return { ...player, ...(birthYear == null ? {} : { birthYear }), ...(k === undefined ? {} : { kFactor: k }) };
  });
  const date = snapshot.tournament.startDate.slice(0, 10);
  const year = Number(date.slice(0, 4));
  const changes = tournamentRatingChanges({ players, rounds: results.rounds }, year, date);
  return changes.map((change, index) => {
    const player = players[index] as TournamentPlayer;
    const source = results.players[index] as (typeof results.players)[number];
    return {
      ...change,
      ruleK: kFactorByRule(player, year),
      setK: player.kFactor ?? null,
      userId: Number(player.id),
      name: source.name,
      rating: player.rating,
      fideId: registrations.get(player.id)?.fideId ?? null,
      score: change.games.reduce((sum, game) => sum + game.score, 0),
    };
  });
}

/** A change with one decimal and its sign ('+7.2', '−12.8' as '-12.8', '0'): the report's per-game column. */
export function formatRatingChange(change: number): string {
  const tenths = Math.round(change * 10) / 10;
  if (tenths === 0) return '0';
  return `${tenths > 0 ? '+' : ''}${tenths.toFixed(1)}`;
}

/**
 * The report as CSV (domain/csv.ts): one row per rated game and a 'Total' row per player, with
 * the FIDE ID rating officers match players by. Unrated players are listed as 'unrated'.
 */
export function ratingReportCsv(rows: readonly RatingReportRow[]): string {
  const names = new Map(rows.map((row) => [String(row.userId), row]));
  const lines: CsvCell[][] = [['FIDE ID', 'Player', 'Rating', 'K', 'Round', 'Opponent', 'Opponent rating', 'Score', 'Expected', 'Change']];
  for (const row of rows) {
    const player: CsvCell[] = [row.fideId ?? '', row.name, row.rated ? row.rating : 'unrated', row.rated ? row.k : ''];
    for (const game of row.games) {
      lines.push([...player, game.round, names.get(game.opponent)?.name ?? game.opponent, game.opponentRating, game.score, game.expected, Math.round(game.change * 10) / 10]);
    }
    if (row.rated) lines.push([...player, 'Total', '', '', row.score, row.expected, row.total]);
  }
  return makeCsv(lines);
}
