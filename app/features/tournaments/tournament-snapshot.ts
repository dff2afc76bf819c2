/**
 * The tournament snapshot as the app stores it, and the view the screens draw from it
 * (app/features/tournaments/view.ts). Standings come from domain/tournament-admin, as on the server.
 */
import { normalizeName } from '../../../domain/names';
import { isProvisional, snapshotStandings as domainStandings, withCounts } from '../../../domain/tournament-admin';
import {
  apiPath,
  tournamentPaths,
  tournamentListSchema,
  tournamentSchema,
  tournamentSnapshotSchema,
  type LateEntryPoints,
  type Registration,
  type RequestedByeKind,
  type ResultReason,
  type TournamentSnapshot,
  type TieBreakName,
  type TournamentResult,
  type TournamentStatus,
  type UpdateTournamentRequest,
} from '../../../schema';
import type { PairingProgress } from '../../../worker/pairing-client';
import type { Dispute as DisputeView, Registration as RegistrationView, Standing as StandingView, Tournament as TournamentInfo } from '../../../schema';
import type { RoundView } from './view';

export { tournamentSchema, tournamentListSchema };
export const snapshotSchema = tournamentSnapshotSchema;
export type Snapshot = TournamentSnapshot;

export const snapshotPath = (id: number) => apiPath(tournamentPaths.snapshot, { id });

export { tournamentIdOfMutation } from './tournament-store';

export interface TournamentActions {
  register(): Promise<void>;
  approve(userId: number): Promise<void>;
  reject(userId: number, reason: string): Promise<void>;
  withdraw(userId: number): Promise<void>;
  addLateEntry(registration: Registration, missedRounds: LateEntryPoints): Promise<void>;
  requestBye(userId: number, roundNumber: number, kind: RequestedByeKind): Promise<void>;
  setStatus(status: TournamentStatus): Promise<void>;
  update(fields: UpdateTournamentRequest): Promise<void>;
  createRound(round: { roundNumber: number; name: string; startTime: string | null }): Promise<void>;
  generatePairings(roundNumber: number, onProgress: (progress: PairingProgress) => void): Promise<void>;
  startRound(roundNumber: number): Promise<void>;
  submitResult(
    game: { roundNumber: number; boardNumber: number; whiteUserId: number; blackUserId: number },
    result: TournamentResult,
    reason: ResultReason | null,
  ): Promise<void>;
  correctResult(board: { roundNumber: number; boardNumber: number }, result: TournamentResult, note: string): Promise<void>;
  resolveDispute(appealId: number, result: TournamentResult, note: string): Promise<void>;
  issueCertificates(): Promise<void>;
  downloadTrf(): Promise<boolean>;
}

export interface SnapshotView {
  info: TournamentInfo;
  stats: { confirmed: number; pending: number; waitlisted: number };
  registrations: RegistrationView[];
  rounds: RoundView[];
  standings: StandingView[];
  tieBreakNames: TieBreakName[];
  disputes: DisputeView[];
}

/**
 * Standings from the rounds: domain/tournament-admin's snapshotStandings, the same function the
 * server answers /standings with, so a device offline shows what the server will.
 */
export function snapshotStandings(snapshot: Snapshot): StandingView[] {
  return domainStandings(snapshot);
}

/**
 * The snapshot with every name people see normalised (domain/names.ts): rows stored before names
 * were checked on the way in may hold line breaks, zero-width or bidi-override characters, which
 * must not reach a pairing sheet or a certificate.
 */
function withCleanNames(snapshot: Snapshot): Snapshot {
  const name = (text: string) => normalizeName(text);
  return {
    ...snapshot,
    tournament: { ...snapshot.tournament, name: name(snapshot.tournament.name), venue: snapshot.tournament.venue === null ? null : name(snapshot.tournament.venue) },
    registrations: snapshot.registrations.map((registration) => ({ ...registration, userName: name(registration.userName) })),
    rounds: snapshot.rounds.map((round) => ({
      ...round,
      name: name(round.name),
      pairings: round.pairings.map((pairing) => ({
        ...pairing,
        whitePlayerName: name(pairing.whitePlayerName),
        blackPlayerName: pairing.blackPlayerName === null ? null : name(pairing.blackPlayerName),
      })),
    })),
  };
}

export function snapshotView(stored: Snapshot): SnapshotView {
  const snapshot = withCleanNames(stored);
  const count = (status: string) => snapshot.registrations.filter((registration) => registration.status === status).length;
  return {
    info: snapshot.tournament,
    stats: { confirmed: count('confirmed'), pending: count('pending'), waitlisted: count('waitlisted') },
    registrations: snapshot.registrations,
    rounds: [...snapshot.rounds]
      .sort((a, b) => a.roundNumber - b.roundNumber)
      .map((round) => withCounts({ ...round, pairings: [...round.pairings].sort((a, b) => a.boardNumber - b.boardNumber) }))
      .map((round) => ({
        ...round,
        pairings: round.pairings.map((pairing) => (isProvisional(snapshot.disputes, round.roundNumber, pairing.boardNumber) ? { ...pairing, provisional: true } : pairing)),
      })),
    standings: snapshotStandings(snapshot),
    tieBreakNames: snapshot.tieBreaks,
    disputes: snapshot.disputes,
  };
}
