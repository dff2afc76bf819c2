/**
 * The tournament module's public surface.
 *
 * The tournament model (one model, one adapter):
 * - The Swiss model (model.ts `Tournament`): players by starting rank, each with one TRF-coded
 *   entry per round (opponent, colour, result code). It is what the TRF reader produces and what
 *   the Dutch engine pairs; a running event keeps its rounds in this shape.
 * - The standings model (results.ts `TournamentResults`): boards per round (games with a result,
 *   byes by kind, absences). Standings, tie-breaks and rating changes read only this.
 * - `swissToResults` (swiss-standings.ts) is the one adapter from the first to the second (player
 *   ids are the starting ranks as strings); `fideStandings` ranks a Swiss-model tournament with
 *   FIDE's tie-breaks (PTS, BH, BH/C1, SB, DE, ARO, TPR; the 2026 text of C.07 by default,
 *   `rules: '2024'` for the older reading), the same table `npm run standings` prints.
 */

// Swiss (FIDE Dutch), TRF and the pairing command line.
export * from './model';
export { parseTrf, makeTrf, exportSystem, NO_TRF_RECORDS, POINT_SYMBOLS, TRF_ERROR_CODES, type AbnormalPoints, type PointSymbol, type Trf, type TrfError, type TrfErrorCode, type TrfHeader } from './trf';
export { pairDutchRound, type DutchOptions } from './dutch/pair';
export { pairGivingWay, type GivingWayPairing } from './give-way';
export { maxWeightMatching, type WeightedEdge } from './matching';
export { roundCases, type RoundCase } from './vectors';
export { parsePairArgs, runPair, formatPairing, type PairArgs, type CliResult } from './cli';

// Round robin, elimination brackets, standings with tie-breaks, and ratings (the standings model).
export * from './results';
export * from './round-robin';
export * from './elimination';
export * from './tiebreaks';
export * from './standings';
export * from './rating';

// From the Swiss model to the standings model, and FIDE's standings table.
export {
  swissToResults,
  playerIdOf,
  roundsRecorded,
  fideStandings,
  formatStandingsTable,
  parseStandingsArgs,
  runStandings,
  STANDINGS_COLUMNS,
  STANDINGS_USAGE,
  TIE_BREAK_RULES,
  type TieBreakRules,
  type FideStandingsOptions,
  type FideStandingRow,
  type StandingsArgs,
} from './swiss-standings';
