/**
 * The input of standings, tie-breaks and ratings: who played whom in which round, with what result.
 * Pure data and pure functions, no side effects. The Swiss engine's model is adapted to this one.
 *
 * - A round lists its boards. A board is either a game (`white`, `black`, `result`) or a bye
 *   (`white` is the player, `black` is null, `bye` says which kind).
 * - `absent` lists players who did not take part in the round without a bye being recorded
 *   (withdrawn or missing); they score as a zero-point bye. A player who appears nowhere in a
 *   round is treated the same way.
 * - A game whose `result` is null is not finished: it counts for nobody yet.
 */
import { err, ok, type Result } from '../result-type';
import type { BoardByeKind, TournamentResult } from '../../schema/tournament-values';

// Results ('1-0' '0-1' '1/2-1/2', forfeits '+-' '-+' '--') and bye kinds ('pairing' the
// pairing-allocated bye, 'full' the organiser's full-point bye, 'half' and 'zero' the requested
// ones) are schema/tournament-values.ts's TOURNAMENT_RESULTS and BOARD_BYE_KINDS.

export interface TournamentPlayer {
  id: string;
  rating: number;
  name?: string;
  birthYear?: number;
  /** For the K-factor: rated games before this event (fewer than 30 is a new player). */
  ratedGames?: number;
  /** For the K-factor: whether the player's rating has ever reached 2400. */
  hasReached2400?: boolean;
  /** Issue 29: the K the arbiter set for this player (wins over the rule). */
  kFactor?: 40 | 20 | 10;
}

export interface GameBoard {
  white: string;
  black: string;
  result: TournamentResult | null;
}

export interface ByeBoard {
  white: string;
  black: null;
  bye: BoardByeKind;
}

export type Board = GameBoard | ByeBoard;

export interface RoundResults {
  /** 1-based round number. */
  round: number;
  games: Board[];
  absent?: string[];
}

export interface TournamentResults {
  players: TournamentPlayer[];
  /** Rounds played so far, in order. */
  rounds: RoundResults[];
}

/** Points per bye kind; the defaults are the issue's: pairing-allocated 1, full 1, half 0.5, zero 0. */
export type ByeScores = Record<BoardByeKind, number>;
export const DEFAULT_BYE_SCORES: ByeScores = { pairing: 1, full: 1, half: 0.5, zero: 0 };

/** Spec section 9: win 1, draw 0.5, loss 0. */
export const POINTS = { win: 1, draw: 0.5, loss: 0 } as const;

/** How a player's round went. 'absent' is an unrecorded absence (scored as a zero-point bye). */
export const ROUND_OUTCOMES = [
  'win',
  'draw',
  'loss',
  'forfeit_win',
  'forfeit_loss',
  'pairing_bye',
  'full_bye',
  'half_bye',
  'zero_bye',
  'absent',
] as const;
export type RoundOutcome = (typeof ROUND_OUTCOMES)[number];

/** One player's round, from their side of the board. */
export interface RoundRecord {
  round: number;
  outcome: RoundOutcome;
  /** The opponent over the board or the scheduled opponent of a forfeit; null for byes and absences. */
  opponent: string | null;
  color: 'w' | 'b' | null;
  points: number;
}

/** A game played over the board (forfeits and byes are unplayed rounds). */
export const isPlayed = (record: RoundRecord): boolean =>
  record.outcome === 'win' || record.outcome === 'draw' || record.outcome === 'loss';

/** A requested bye: half-point or zero-point bye, or an absence (FIDE C.07 16.1.1). */
export const isRequestedBye = (record: RoundRecord): boolean =>
  record.outcome === 'half_bye' || record.outcome === 'zero_bye' || record.outcome === 'absent';

/** A voluntary unplayed round: a requested bye or a forfeit loss (FIDE C.07 16.1.2). */
export const isVoluntaryUnplayed = (record: RoundRecord): boolean =>
  isRequestedBye(record) || record.outcome === 'forfeit_loss';

export const RESULTS_ERROR_CODES = [
  'ERR_RESULTS_UNKNOWN_PLAYER',
  'ERR_RESULTS_DUPLICATE_PLAYER',
  'ERR_RESULTS_PLAYED_TWICE',
  'ERR_RESULTS_SELF_PAIRING',
  'ERR_RESULTS_ROUND_ORDER',
] as const;
export type ResultsErrorCode = (typeof RESULTS_ERROR_CODES)[number];

export interface ResultsError {
  code: ResultsErrorCode;
  message: string;
  round?: number;
  player?: string;
}

/** Checks that the results describe a possible tournament (each player at most once per round). */
export function validateResults(tournament: TournamentResults): Result<TournamentResults, ResultsError> {
  const ids = new Set<string>();
  for (const player of tournament.players) {
    if (ids.has(player.id)) {
      return err({ code: 'ERR_RESULTS_DUPLICATE_PLAYER', message: `Player ${player.id} is listed twice`, player: player.id });
    }
    ids.add(player.id);
  }
  for (const [index, round] of tournament.rounds.entries()) {
    if (round.round !== index + 1) {
      return err({ code: 'ERR_RESULTS_ROUND_ORDER', message: `Round ${round.round} is listed in position ${index + 1}`, round: round.round });
    }
    const seen = new Set<string>();
    const take = (id: string): ResultsError | null => {
      if (!ids.has(id)) return { code: 'ERR_RESULTS_UNKNOWN_PLAYER', message: `Unknown player ${id} in round ${round.round}`, round: round.round, player: id };
      if (seen.has(id)) return { code: 'ERR_RESULTS_PLAYED_TWICE', message: `Player ${id} appears twice in round ${round.round}`, round: round.round, player: id };
      seen.add(id);
      return null;
    };
    for (const board of round.games) {
      if (board.black !== null && board.black === board.white) {
        return err({ code: 'ERR_RESULTS_SELF_PAIRING', message: `Player ${board.white} is paired with themself in round ${round.round}`, round: round.round, player: board.white });
      }
      const problem = take(board.white) ?? (board.black === null ? null : take(board.black));
      if (problem) return err(problem);
    }
    for (const id of round.absent ?? []) {
      const problem = take(id);
      if (problem) return err(problem);
    }
  }
  return ok(tournament);
}

const GAME_OUTCOMES: Record<TournamentResult, [RoundOutcome, RoundOutcome]> = {
  '1-0': ['win', 'loss'],
  '0-1': ['loss', 'win'],
  '1/2-1/2': ['draw', 'draw'],
  '+-': ['forfeit_win', 'forfeit_loss'],
  '-+': ['forfeit_loss', 'forfeit_win'],
  '--': ['forfeit_loss', 'forfeit_loss'],
};

const BYE_OUTCOMES: Record<BoardByeKind, RoundOutcome> = {
  pairing: 'pairing_bye',
  full: 'full_bye',
  half: 'half_bye',
  zero: 'zero_bye',
};

/** Whether a result was decided without a game over the board ('+-', '-+', '--'). */
export function isForfeit(result: TournamentResult): boolean {
  return GAME_OUTCOMES[result].some((outcome) => outcome === 'forfeit_win' || outcome === 'forfeit_loss');
}

/** Each side's points for a result (spec section 9: a forfeit scores as a win and a loss, a double forfeit nothing for either). */
export function resultPoints(result: TournamentResult): { white: number; black: number } {
  const [white, black] = GAME_OUTCOMES[result];
  return { white: outcomePoints(white), black: outcomePoints(black) };
}

/** Points for a bye of the given kind (DEFAULT_BYE_SCORES: pairing-allocated 1, full 1, half 0.5, zero 0). */
export function byePoints(kind: BoardByeKind, byeScores: ByeScores = DEFAULT_BYE_SCORES): number {
  return outcomePoints(BYE_OUTCOMES[kind], byeScores);
}

/** Points for an outcome under the given bye scores. */
export function outcomePoints(outcome: RoundOutcome, byeScores: ByeScores = DEFAULT_BYE_SCORES): number {
  switch (outcome) {
    case 'win':
    case 'forfeit_win':
      return POINTS.win;
    case 'draw':
      return POINTS.draw;
    case 'loss':
    case 'forfeit_loss':
    case 'absent':
      return POINTS.loss;
    case 'pairing_bye':
      return byeScores.pairing;
    case 'full_bye':
      return byeScores.full;
    case 'half_bye':
      return byeScores.half;
    case 'zero_bye':
      return byeScores.zero;
  }
}

/**
 * Every player's rounds from their own side, in round order. Unfinished games leave the round out
 * for both players; a player missing from a round gets an 'absent' record.
 */
export function playerRecords(
  tournament: TournamentResults,
  byeScores: ByeScores = DEFAULT_BYE_SCORES,
): Map<string, RoundRecord[]> {
  const records = new Map<string, RoundRecord[]>(tournament.players.map((p) => [p.id, []]));
  const add = (id: string, record: Omit<RoundRecord, 'points'>) =>
    records.get(id)?.push({ ...record, points: outcomePoints(record.outcome, byeScores) });
  for (const round of tournament.rounds) {
    const present = new Set<string>();
    for (const board of round.games) {
      present.add(board.white);
      if (board.black === null) {
        add(board.white, { round: round.round, outcome: BYE_OUTCOMES[board.bye], opponent: null, color: null });
        continue;
      }
      present.add(board.black);
      if (board.result === null) continue;
      const [white, black] = GAME_OUTCOMES[board.result];
      add(board.white, { round: round.round, outcome: white, opponent: board.black, color: 'w' });
      add(board.black, { round: round.round, outcome: black, opponent: board.white, color: 'b' });
    }
    for (const player of tournament.players) {
      if (!present.has(player.id)) add(player.id, { round: round.round, outcome: 'absent', opponent: null, color: null });
    }
  }
  return records;
}
