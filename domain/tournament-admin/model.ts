/**
 * The tournament snapshot the rules work on (schema/tournaments.ts's TournamentSnapshot: the
 * tournament, registrations, rounds with their boards, disputes), the context of an action and
 * the coded errors. The app runs these rules on the snapshot it stored, offline; the server runs
 * them on the snapshot it loads from the database. One set of rules.
 */
import { ERROR_TEXTS, errorText, type CodedError, type ErrorCode, type ErrorParams, type MutationArgs, type MutationName, type Pairing, type RoundWithPairings, type TournamentFormat, type TournamentSnapshot } from '../../schema';
import { err, type Result } from '../result-type';

export type Snapshot = TournamentSnapshot;

/** A rule's arguments: the mutation's (schema/tournaments.ts), less the tournament id applyTournamentMutation has checked. */
export type RuleArgs<N extends MutationName> = Omit<MutationArgs<N>, 'tournamentId'>;

export interface ActingUser {
  readonly id: number;
  readonly username: string;
  readonly eloRating: number | null;
}

export interface ActionContext {
  readonly user: ActingUser;
  /** Holds tournament:edit for this tournament (the organiser, an organizer, a super admin). */
  readonly canManage: boolean;
  /** ISO time of the action. */
  readonly now: string;
  /** An id for a row made by this action: negative on a device (replaced by the server's), real on the server. */
  readonly newId: () => number;
}

export const ADMIN_ERROR_CODES = [
  'ERR_FORBIDDEN',
  'ERR_NOT_FOUND',
  'ERR_BAD_TRANSITION',
  'ERR_WRONG_STATUS',
  'ERR_FULL',
  'ERR_ROUND_ORDER',
  'ERR_ALREADY_PAIRED',
  'ERR_ILLEGAL_PAIRING',
  'ERR_PAIRING_FAILED',
  'ERR_RESULT',
  'ERR_BYE',
] as const;
export type AdminErrorCode = (typeof ADMIN_ERROR_CODES)[number];

export interface AdminError {
  readonly code: AdminErrorCode;
  readonly message: string;
  /** The HTTP status a route answers with. */
  readonly status: 403 | 404 | 409;
  /** The message's code and values in schema/core/errors.ts, which the app shows in its user's language; absent for an engine's own words. */
  readonly reason?: CodedError;
}

const STATUS_OF: Record<AdminErrorCode, AdminError['status']> = {
  ERR_FORBIDDEN: 403,
  ERR_NOT_FOUND: 404,
  ERR_BAD_TRANSITION: 409,
  ERR_WRONG_STATUS: 409,
  ERR_FULL: 409,
  ERR_ROUND_ORDER: 409,
  ERR_ALREADY_PAIRED: 409,
  ERR_ILLEGAL_PAIRING: 409,
  ERR_PAIRING_FAILED: 409,
  ERR_RESULT: 409,
  ERR_BYE: 409,
};

/** A refusal in the words of schema/core/errors.ts (`reason`), filled with its values. */
export function fail(code: AdminErrorCode, reason: ErrorCode, params?: ErrorParams): Result<never, AdminError> {
  return err({ code, message: errorText(reason, params), status: STATUS_OF[code], reason: params === undefined ? { code: reason } : { code: reason, params } });
}

/** A refusal whose words are not in the vocabulary (a pairing engine's own message): shown in English. */
export function failUncoded(code: AdminErrorCode, message: string): Result<never, AdminError> {
  return err({ code, message, status: STATUS_OF[code] });
}

export type AdminResult = Result<Snapshot, AdminError>;

export const MANAGERS_ONLY = ERROR_TEXTS.ERR_MANAGERS_ONLY;

export function findRound(snapshot: Snapshot, roundNumber: number): RoundWithPairings | undefined {
  return snapshot.rounds.find((round) => round.roundNumber === roundNumber);
}

export function lastRound(snapshot: Snapshot): RoundWithPairings | undefined {
  return snapshot.rounds.reduce<RoundWithPairings | undefined>((last, round) => (!last || round.roundNumber > last.roundNumber ? round : last), undefined);
}

/** A copy of the snapshot with one round replaced. */
export function withRound(snapshot: Snapshot, round: RoundWithPairings): Snapshot {
  return { ...snapshot, rounds: snapshot.rounds.map((each) => (each.roundNumber === round.roundNumber ? round : each)) };
}

/** A board with two players (not a bye): the only kind with a game, a result and a tournament_games row. */
export function isGame(pairing: Pairing): boolean {
  return !pairing.isBye && pairing.blackPlayerId !== null;
}

/** A round's counts, as the Round entity reports them. */
export function withCounts(round: RoundWithPairings): RoundWithPairings {
  const games = round.pairings.filter(isGame);
  return { ...round, gamesCount: games.length, completedGames: games.filter((pairing) => pairing.gameStatus === 'completed').length };
}

export const isEliminationFormat = (format: TournamentFormat) => format === 'single_elimination' || format === 'double_elimination';

export const isElimination = (snapshot: Snapshot) => isEliminationFormat(snapshot.tournament.format);
