/**
 * The tournament vocabularies, zod-free (like ./values.ts), each declared once: schema/tournaments.ts
 * builds its schemas on them and re-exports them, and domain/tournament, the worker, the app and the
 * server import them from here or from schema/'s index (issue 22, "One home for every fact").
 */

export const TOURNAMENT_STATUSES = ['draft', 'registration_open', 'registration_closed', 'in_progress', 'completed', 'cancelled'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

export const TOURNAMENT_FORMATS = ['swiss', 'round_robin', 'single_elimination', 'double_elimination'] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];

export const TIME_CONTROL_TYPES = ['bullet', 'blitz', 'rapid', 'classical'] as const;
export type TimeControlType = (typeof TIME_CONTROL_TYPES)[number];

/** The stored default is 'scheduled'; clients see it as 'created'. */
export const ROUND_STATUSES = ['created', 'paired', 'in_progress', 'completed'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

/** Rejected and withdrawn registrations are 'cancelled' with a cancellationReason. */
export const REGISTRATION_STATUSES = ['pending', 'confirmed', 'waitlisted', 'cancelled'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const GAME_STATUSES = ['scheduled', 'in_progress', 'completed'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

/** Over-the-board results, then forfeits (+- White wins by forfeit, -+ Black does, -- both lose). */
export const TOURNAMENT_RESULTS = ['1-0', '0-1', '1/2-1/2', '+-', '-+', '--'] as const;
export type TournamentResult = (typeof TOURNAMENT_RESULTS)[number];

/** The spec's reasons (section 5), then 'forfeit' for the forfeit results. */
export const RESULT_REASONS = ['checkmate', 'resignation', 'time', 'draw_agreement', 'stalemate', 'threefold', 'fifty_move', 'forfeit'] as const;
export type ResultReason = (typeof RESULT_REASONS)[number];

/** A bye on a board: pairing-allocated, full-point (organiser), requested half- and zero-point. */
export const BOARD_BYE_KINDS = ['pairing', 'full', 'half', 'zero'] as const;
export type BoardByeKind = (typeof BOARD_BYE_KINDS)[number];
export const REQUESTED_BYE_KINDS = ['half', 'zero'] as const;
export type RequestedByeKind = (typeof REQUESTED_BYE_KINDS)[number];

/** What a late entrant scores for the rounds played before they joined (docs/decisions.md). */
export const LATE_ENTRY_POINTS = ['zero', 'half'] as const;
export type LateEntryPoints = (typeof LATE_ENTRY_POINTS)[number];

export const APPEAL_STATUSES = ['pending', 'resolved'] as const;
export const APPEAL_TYPES = ['result_dispute', 'pairing_conflict'] as const;

/** FIDE C.07 tie-breaks (domain/tournament/tiebreaks.ts computes them). */
export const TIE_BREAK_NAMES = ['buchholz', 'buchholz_cut1', 'sonneborn_berger', 'head_to_head', 'aro', 'tpr'] as const;
export type TieBreakName = (typeof TIE_BREAK_NAMES)[number];
/** The spec's default order (tournament_sections.tieBreaks). */
export const DEFAULT_TIE_BREAK_NAMES: readonly TieBreakName[] = ['buchholz', 'sonneborn_berger', 'head_to_head'];
