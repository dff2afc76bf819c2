/**
 * What the tournament screens draw: the spec's client-facing entities (schema/tournaments.ts) for
 * one tournament, read from the locally stored snapshot (app/features/tournaments/tournaments.ts), so every tab
 * works offline once the tournament was opened.
 */
export type {
  Dispute as DisputeView,
  Pairing as PairingView,
  Registration as RegistrationView,
  RoundWithPairings as RoundView,
  Standing as StandingView,
  Tournament as TournamentInfo,
} from '../../../schema';
