/**
 * From the Swiss model to the standings model, and FIDE's standings table.
 *
 * - `swissToResults` is the adapter results.ts promises: the tournament as the Swiss engine and
 *   the TRF reader see it (model.ts: players by starting rank, TRF result codes per round) turned
 *   into TournamentResults (boards per round), which standings, tie-breaks and ratings read.
 * - `fideStandings` ranks the players by points, then BH, BH/C1, SB, DE, ARO and TPR, and gives
 *   each row the values under the names FIDE's tie-break reference tool (TieBreakServer) uses.
 *   By default the tie-breaks follow the C.07 text in force from March 2026 (16.4: the dummy
 *   opponent of an unplayed round scores at most the forfeit opponent's adjusted score, or a draw
 *   per round for a bye); `rules: '2024'` gives the 2023/2024 text (the dummy has the player's own
 *   score).
 * - `formatStandingsTable` writes those rows as tab-separated text with a header line.
 * Pure, no side effects.
 */
import { err, ok, type Result } from '../result-type';
import { EXIT_INVALID_REQUEST, EXIT_OK, type CliResult } from './cli';
import type { Player, RoundEntry, Tournament } from './model';
import { TIE_BREAK_NAMES, type BoardByeKind, type TournamentResult } from '../../schema/tournament-values';
import type { Board, RoundResults, TournamentResults } from './results';
import { computeStandings } from './standings';
import { parseTrf } from './trf';
import { directEncounter, tieBreakContext } from './tiebreaks';

/** Player ids in the standings model are the starting ranks written as decimal strings. */
export const playerIdOf = (startRank: number): string => String(startRank);

const BYE_OF: Partial<Record<RoundEntry['result'], BoardByeKind>> = { U: 'pairing', F: 'full', H: 'half', Z: 'zero', '+': 'full' };

/** White's result code and black's, as one board result (W D L, games of under one move, count as played). */
function gameResult(white: RoundEntry['result'], black: RoundEntry['result'] | undefined): TournamentResult {
  if (white === '1' || white === 'W') return '1-0';
  if (white === '0' || white === 'L') return '0-1';
  if (white === '=' || white === 'D') return '1/2-1/2';
  if (white === '+') return '+-';
  return black === '+' ? '-+' : '--';
}

/** The number of rounds with at least one entry. */
export function roundsRecorded(t: Tournament): number {
  let rounds = 0;
  for (const p of t.players) {
    p.rounds.forEach((e, i) => {
      if (e !== null) rounds = Math.max(rounds, i + 1);
    });
  }
  return rounds;
}

/**
 * The adapter from the Swiss model to the standings model. Each played or forfeited game is
 * one board (taken from White's line); U, F, H and Z entries are byes; a blank round, or one
 * with neither opponent nor bye ('0000 - -'), is an absence.
 */
export function swissToResults(t: Tournament, rounds: number = roundsRecorded(t)): TournamentResults {
  const byRank = new Map<number, Player>(t.players.map((p) => [p.startRank, p]));
  const results: RoundResults[] = [];
  for (let r = 0; r < rounds; r++) {
    const games: Board[] = [];
    const absent: string[] = [];
    for (const p of t.players) {
      const e = p.rounds[r] ?? null;
      const id = playerIdOf(p.startRank);
      if (e === null) {
        absent.push(id);
        continue;
      }
      if (e.opponent === null || !byRank.has(e.opponent)) {
        const bye = BYE_OF[e.result];
        if (bye) games.push({ white: id, black: null, bye });
        else absent.push(id);
        continue;
      }
      // A game is written once, from White's side (or the lower rank's, when no colour is given).
      const other = byRank.get(e.opponent)!.rounds[r] ?? null;
      const isWhite = e.colour === 'w' || (e.colour === null && (other?.colour === 'b' || p.startRank < e.opponent));
      if (!isWhite) continue;
      games.push({ white: id, black: playerIdOf(e.opponent), result: gameResult(e.result, other?.result) });
    }
    results.push({ round: r + 1, games, absent });
  }
  return {
    players: t.players.map((p) => ({ id: playerIdOf(p.startRank), rating: p.rating, name: p.name })),
    rounds: results,
  };
}

/** The columns, with the names of FIDE's tie-break reference tool. */
export const STANDINGS_COLUMNS = ['StartNo', 'Rank', 'PTS', 'BH', 'BH/C1', 'SB', 'DE', 'ARO', 'TPR'] as const;

export const TIE_BREAK_RULES = ['2026', '2024'] as const;
/** '2026': C.07 as in force from March 2026 (the default); '2024': the 2023/2024 text. */
export type TieBreakRules = (typeof TIE_BREAK_RULES)[number];

export interface FideStandingsOptions {
  readonly rules?: TieBreakRules;
  /** Rounds to count (default: every round recorded); also the tournament's length for 16.4's cap. */
  readonly rounds?: number;
}

export interface FideStandingRow {
  readonly startNo: number;
  readonly rank: number;
  readonly name: string;
  readonly rating: number;
  readonly points: number;
  readonly bh: number;
  readonly bhC1: number;
  readonly sb: number;
  /**
   * Direct encounter as FIDE's reference tool reports it: the player's place (1, 2, ...) inside
   * the group still tied after PTS, BH, BH/C1 and SB when direct encounter ordered that group,
   * else 0.
   */
  readonly de: number;
  /** 0 without a game played over the board. */
  readonly aro: number;
  readonly tpr: number;
}

/** The standings of a Swiss tournament in the Swiss model, in starting-rank order. */
export function fideStandings(t: Tournament, options: FideStandingsOptions = {}): FideStandingRow[] {
  const rounds = options.rounds ?? roundsRecorded(t);
  const rules = options.rules ?? '2026';
  const results = swissToResults(t, rounds);
  const standings = computeStandings(results, {
    system: 'swiss',
    tieBreaks: TIE_BREAK_NAMES,
    capDummyScore: rules === '2026',
    totalRounds: rounds,
    directEncounterGames: 'played',
  });
  // The adapter writes each player once per round, so the results are always valid.
  if (!standings.ok) throw new Error(standings.error.message);
  const rows = standings.value;

  // DE: places inside the groups tied on points and the three tie-breaks before it, when
  // direct encounter orders the group.
  const ctx = tieBreakContext(results, { system: 'swiss', capDummyScore: rules === '2026', totalRounds: rounds, directEncounterGames: 'played' });
  const de = new Map<string, number>();
  const key = (i: number) => {
    const s = rows[i]!;
    return [s.score, s.tieBreaks.buchholz, s.tieBreaks.buchholz_cut1, s.tieBreaks.sonneborn_berger].join('|');
  };
  for (let start = 0; start < rows.length; ) {
    let end = start + 1;
    while (end < rows.length && key(end) === key(start)) end++;
    if (end - start > 1) {
      const order = directEncounter(ctx, rows.slice(start, end).map((s) => s.playerId)).order;
      if (order.length > 1) order.forEach((subgroup, place) => subgroup.forEach((id) => de.set(id, place + 1)));
    }
    start = end;
  }

  return rows
    .map((s) => ({
      startNo: Number(s.playerId),
      rank: s.rank,
      name: s.name ?? '',
      rating: s.rating,
      points: s.score,
      bh: s.tieBreaks.buchholz ?? 0,
      bhC1: s.tieBreaks.buchholz_cut1 ?? 0,
      sb: s.tieBreaks.sonneborn_berger ?? 0,
      de: de.get(s.playerId) ?? 0,
      aro: s.tieBreaks.aro ?? 0,
      tpr: s.tieBreaks.tpr ?? 0,
    }))
    .sort((a, b) => a.startNo - b.startNo);
}

const oneDecimal = (x: number) => x.toFixed(1);
const twoDecimals = (x: number) => x.toFixed(2);

/** The table as tab-separated text: the header line, then one line per player (in the rows' order). */
export function formatStandingsTable(rows: readonly FideStandingRow[]): string {
  const lines = [STANDINGS_COLUMNS.join('\t')];
  for (const r of rows) {
    lines.push(
      [r.startNo, r.rank, oneDecimal(r.points), oneDecimal(r.bh), oneDecimal(r.bhC1), twoDecimals(r.sb), r.de, r.aro, r.tpr].join('\t'),
    );
  }
  return lines.join('\n') + '\n';
}

export const STANDINGS_USAGE = [
  'Usage:',
  '  npm run standings -- [--rules 2026|2024] [--rounds N] FILE.trf',
  'Prints the standings as a tab-separated table (StartNo, Rank, PTS, BH, BH/C1, SB, DE, ARO, TPR), one line per player',
  'in starting-rank order. --rules 2024 uses the 2023/2024 text of C.07 (no cap on the dummy opponent); the default is 2026.',
  'Without FILE the tournament is read from standard input.',
].join('\n');

export interface StandingsArgs {
  /** null: read standard input. */
  readonly input: string | null;
  readonly rules: TieBreakRules;
  readonly rounds: number | null;
}

/** The command line of `npm run standings`. */
export function parseStandingsArgs(args: readonly string[]): Result<StandingsArgs, string> {
  let input: string | null = null;
  let rules: TieBreakRules = '2026';
  let rounds: number | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--rules') {
      const v = args[++i];
      if (v !== '2026' && v !== '2024') return err(`--rules takes 2026 or 2024.\n${STANDINGS_USAGE}`);
      rules = v;
    } else if (a === '--rounds') {
      const v = Number(args[++i]);
      if (!Number.isInteger(v) || v < 0) return err(`--rounds takes a whole number.\n${STANDINGS_USAGE}`);
      rounds = v;
    } else if (a.startsWith('-') && a !== '-') {
      return err(`Unknown option "${a}".\n${STANDINGS_USAGE}`);
    } else if (input === null) {
      input = a === '-' ? null : a;
    } else {
      return err(`Unexpected argument "${a}".\n${STANDINGS_USAGE}`);
    }
  }
  return ok({ input, rules, rounds });
}

/** The standings command: the TRF text in, the table out (exit 0), or an error message (exit 3). */
export function runStandings(args: StandingsArgs, inputText: string, inputName = args.input ?? '(stdin)'): CliResult {
  const parsed = parseTrf(inputText);
  if (!parsed.ok) return { exitCode: EXIT_INVALID_REQUEST, output: '', errors: `Error parsing file ${inputName}: ${parsed.error.message}\n` };
  const rows = fideStandings(parsed.value, { rules: args.rules, ...(args.rounds === null ? {} : { rounds: args.rounds }) });
  return { exitCode: EXIT_OK, output: formatStandingsTable(rows), errors: '' };
}
