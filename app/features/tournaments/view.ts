/**
 * What the tournament screens draw: the spec's client-facing entities (schema/tournaments.ts) for
 * one tournament, read from the locally stored snapshot (app/features/tournaments/tournaments.ts), so every tab
 * works offline once the tournament was opened.
 */
import type { Pairing, RoundWithPairings } from '../../../schema';

export type {
  Dispute as DisputeView,
  Registration as RegistrationView,
  Standing as StandingView,
  Tournament as TournamentInfo,
} from '../../../schema';

/**
 * A board as the screens draw it. `provisional` (issue 29, set by snapshotView): a dispute about
 * its result is open, so every device shows the result as provisional until the arbiter decides.
 */
export type PairingView = Pairing & { provisional?: boolean };
export type RoundView = Omit<RoundWithPairings, 'pairings'> & { pairings: PairingView[] };
