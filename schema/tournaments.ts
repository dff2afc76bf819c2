import { z } from 'zod';
import { ERROR_TEXTS } from './core/errors';
import { defineMutation } from './sync';
import { nameField, optionalNameField } from './names';
import {
  TOURNAMENT_STATUSES,
  TOURNAMENT_FORMATS,
  TIME_CONTROL_TYPES,
  ROUND_STATUSES,
  REGISTRATION_STATUSES,
  GAME_STATUSES,
  TOURNAMENT_RESULTS,
  RESULT_REASONS,
  BOARD_BYE_KINDS,
  REQUESTED_BYE_KINDS,
  LATE_ENTRY_POINTS,
  APPEAL_STATUSES,
  APPEAL_TYPES,
  TIE_BREAK_NAMES,
} from './tournament-values';

export * from './tournament-values';

/**
 * Tournaments (accounts spec sections 2 to 9): the client-facing entities, every route's request
 * and answer, the snapshot a device stores to run a tournament offline, and the arguments of the
 * tournament mutations (TOURNAMENT_MUTATIONS, at the end). Rows made offline cannot know server ids, so mutations
 * address rounds by tournament id + round number, boards by round number + board number and
 * registrations by tournament id + user id (docs/architecture.md, "Tournaments offline").
 */

export const TOURNAMENT_DEFAULTS = {
  country: 'IN',
  currency: 'INR',
  timeZone: 'Asia/Kolkata',
  format: 'swiss',
  entryFee: 0,
  timeControl: { type: 'rapid', minutes: 15, increment: 10 },
} as const;

export const TOURNAMENT_MESSAGES = {
  nameRequired: 'Tournament name is required',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  registrationStartRequired: 'Registration start date is required',
  registrationEndRequired: 'Registration end date is required',
  timeControlRequired: 'Time control is required',
  rejectReasonRequired: ERROR_TEXTS.ERR_REJECT_REASON_REQUIRED,
  resultRequired: 'Choose a result',
  correctionNoteRequired: ERROR_TEXTS.ERR_CORRECTION_NOTE_REQUIRED,
  roundNameRequired: 'Round name is required',
  notFound: ERROR_TEXTS.ERR_TOURNAMENT_NOT_FOUND,
} as const;

const id = z.number().int().positive();
const text = (max: number) => z.string().trim().max(max);
const requiredText = (message: string, max = 200) => z.string({ error: message }).trim().min(1, { error: message }).max(max);
const optionalText = (max: number) => text(max).nullable().optional();
/** ISO date or date-time as the form sends it. */
const isoDate = (message: string) => requiredText(message, 40).refine((value) => !Number.isNaN(Date.parse(value)), { error: message });

/**
 * The tournaments' API addresses (issue 27), written once: the server registers these patterns
 * (sync-server/tournaments/routes.ts) under API_PREFIX and the app fills them with apiPath.
 */
export const tournamentPaths = {
  list: '/tournaments',
  importTrf: '/tournaments/import-trf',
  tournament: '/tournaments/:id',
  snapshot: '/tournaments/:id/snapshot',
  registrationStats: '/tournaments/:id/registration-stats',
  registrations: '/tournaments/:id/registrations',
  register: '/tournaments/:id/register',
  lateEntries: '/tournaments/:id/late-entries',
  approve: '/registrations/:id/approve',
  reject: '/registrations/:id/reject',
  withdraw: '/registrations/:id/withdraw',
  byes: '/registrations/:id/byes',
  rounds: '/tournaments/:id/rounds',
  round: '/rounds/:id',
  pairings: '/rounds/:id/pairings',
  startRound: '/rounds/:id/start',
  result: '/games/:id/result',
  resolveDispute: '/appeals/:id/resolve',
  standings: '/tournaments/:id/standings',
  trf: '/tournaments/:id/trf',
  certificates: '/tournaments/:id/certificates',
} as const;

export const timeControlSchema = z.object({
  type: z.enum(TIME_CONTROL_TYPES),
  minutes: z.number().int().min(1).max(600),
  increment: z.number().int().min(0).max(600),
});
export type TimeControl = z.infer<typeof timeControlSchema>;

/**
 * How a Swiss is paired beyond the Dutch rules (issue 29): acceleration (FIDE C.04.5.1 Baku, or
 * custom virtual points as TRF-2026 250 records: points for players firstPlayer..lastPlayer by
 * starting rank in rounds firstRound..lastRound) and prohibited pairings (TRF-2026 260): players
 * of the same school or club kept apart for the first keepApartRounds rounds (0: not), and pairs
 * of players kept apart for a range of rounds.
 */
export const PAIRING_ACCELERATIONS = ['none', 'baku', 'custom'] as const;
export type PairingAcceleration = (typeof PAIRING_ACCELERATIONS)[number];
const roundNumber = z.number().int().min(1).max(99);
export const virtualPointsSchema = z
  .strictObject({
    points: z.number().min(0.5).max(10).refine((points) => Number.isInteger(points * 2), { error: 'Virtual points go in halves (0.5, 1, 1.5 ...)' }),
    firstRound: roundNumber,
    lastRound: roundNumber,
    firstPlayer: z.number().int().min(1).max(10_000),
    lastPlayer: z.number().int().min(1).max(10_000),
  })
  .refine((v) => v.firstRound <= v.lastRound && v.firstPlayer <= v.lastPlayer, { error: 'The first round and player must come before the last' });
export type VirtualPoints = z.infer<typeof virtualPointsSchema>;
export const prohibitedPairSchema = z
  .strictObject({ userIds: z.tuple([id, id]), firstRound: roundNumber, lastRound: roundNumber })
  .refine((pair) => pair.userIds[0] !== pair.userIds[1], { error: 'A player cannot be kept apart from themself' })
  .refine((pair) => pair.firstRound <= pair.lastRound, { error: 'The first round must come before the last' });
export type ProhibitedPair = z.infer<typeof prohibitedPairSchema>;
export const pairingRulesSchema = z
  .strictObject({
    acceleration: z.enum(PAIRING_ACCELERATIONS).default('none'),
    virtualPoints: z.array(virtualPointsSchema).max(20).default([]),
    keepApartRounds: z.number().int().min(0).max(99).default(0),
    prohibitedPairs: z.array(prohibitedPairSchema).max(500).default([]),
  })
  .refine((rules) => rules.acceleration !== 'custom' || rules.virtualPoints.length > 0, {
    error: 'Custom acceleration needs at least one group of virtual points',
    path: ['virtualPoints'],
  });
export type PairingRules = z.infer<typeof pairingRulesSchema>;
export const NO_PAIRING_RULES: PairingRules = { acceleration: 'none', virtualPoints: [], keepApartRounds: 0, prohibitedPairs: [] };

/**
 * School team standings in an individual event (issue 29): each school's or club's best `bestOf`
 * players' points added up; ties broken by `tieBreak`: 'places' (the lower sum of the counted
 * players' places) or 'buchholz' (the higher sum of their Buchholz).
 */
export const TEAM_TIE_BREAKS = ['places', 'buchholz'] as const;
export type TeamTieBreak = (typeof TEAM_TIE_BREAKS)[number];
export const teamStandingsSettingsSchema = z.strictObject({ bestOf: z.number().int().min(1).max(20), tieBreak: z.enum(TEAM_TIE_BREAKS) });
export type TeamStandingsSettings = z.infer<typeof teamStandingsSettingsSchema>;

/**
 * Issue 29: the K factor the arbiter set for players of a FIDE-rated event (FIDE B.02 8.3.3: 40,
 * 20 or 10), by user id, as Swiss-Manager lets them: the app does not know a player's count of
 * rated games (K 40 under 30). A player not listed gets the rule's K. At most one a player.
 */
export const K_FACTOR_VALUES = [40, 20, 10] as const;
const kFactorValue = z.union([z.literal(40), z.literal(20), z.literal(10)]);
const userIdKey = z.string().regex(/^[1-9]\d{0,15}$/u, { error: 'A player is named by their user id' });
const tooManyKFactors = { error: 'At most 10,000 players' };
export const kFactorsSchema = z.record(userIdKey, kFactorValue).refine((ks) => Object.keys(ks).length <= 10_000, tooManyKFactors);
export type KFactors = z.infer<typeof kFactorsSchema>;
/** PATCH: the players whose K changes; null puts a player back on the rule. */
export const kFactorsPatchSchema = z
  .record(userIdKey, kFactorValue.nullable())
  .refine((ks) => Object.keys(ks).length >= 1 && Object.keys(ks).length <= 10_000, { error: 'Name from 1 to 10,000 players' });

/** Tournament (client-facing). */
export const tournamentSchema = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  venue: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  registrationStartDate: z.string(),
  registrationEndDate: z.string(),
  maxParticipants: z.number().int().nullable(),
  format: z.enum(TOURNAMENT_FORMATS),
  timeControl: timeControlSchema,
  entryFee: z.number(),
  currency: z.string(),
  rounds: z.number().int().nullable(),
  status: z.enum(TOURNAMENT_STATUSES),
  organizerId: z.number().int(),
  /** Issue 29: acceleration and prohibited pairings of a Swiss (absent: none). */
  pairingRules: pairingRulesSchema.optional(),
  /** Issue 29: school team standings (absent: none). */
  teamStandings: teamStandingsSettingsSchema.optional(),
  /** Issue 29: the K factors the arbiter set (absent: every player by the rule). */
  kFactors: kFactorsSchema.optional(),
});
export type Tournament = z.infer<typeof tournamentSchema>;

const tournamentFields = {
  name: nameField(TOURNAMENT_MESSAGES.nameRequired, 200),
  description: optionalText(2000),
  venue: optionalNameField(200),
  startDate: isoDate(TOURNAMENT_MESSAGES.startDateRequired),
  endDate: isoDate(TOURNAMENT_MESSAGES.endDateRequired),
  registrationStartDate: isoDate(TOURNAMENT_MESSAGES.registrationStartRequired),
  registrationEndDate: isoDate(TOURNAMENT_MESSAGES.registrationEndRequired),
  maxParticipants: z.number().int().min(2).max(10_000).nullable().optional(),
  format: z.enum(TOURNAMENT_FORMATS).default('swiss'),
  timeControl: timeControlSchema.default({ ...TOURNAMENT_DEFAULTS.timeControl }),
  /** Rupees with at most 2 decimals. */
  entryFee: z.number().min(0).max(10_000_000).refine((fee) => Math.abs(fee * 100 - Math.round(fee * 100)) < 1e-6, { error: 'Entry fee allows at most 2 decimals' }).default(0),
  currency: z.string().trim().length(3).default('INR'),
  rounds: z.number().int().min(1).max(99).nullable().optional(),
};

/**
 * POST /api/tournaments. `status` may only be 'draft' and `organizerId` is ignored: the
 * organiser is the signed-in user (the spec's fixed organizer id is a defect we do not copy).
 */
export const createTournamentRequestSchema = z.strictObject({
  ...tournamentFields,
  status: z.literal('draft').optional(),
  organizerId: z.unknown().optional(),
  /** The organization it belongs to; needed when the organiser runs events for several (issue 18). */
  organizationId: id.optional(),
  tieBreaks: z.array(z.enum(TIE_BREAK_NAMES)).min(1).max(6).optional(),
  pairingRules: pairingRulesSchema.optional(),
});
export type CreateTournamentRequest = z.infer<typeof createTournamentRequestSchema>;

/** PATCH /api/tournaments/{id}: any editable field, and `status` (the status machine decides). */
export const updateTournamentRequestSchema = z
  .strictObject({
    name: tournamentFields.name.optional(),
    description: tournamentFields.description,
    venue: tournamentFields.venue,
    startDate: tournamentFields.startDate.optional(),
    endDate: tournamentFields.endDate.optional(),
    registrationStartDate: tournamentFields.registrationStartDate.optional(),
    registrationEndDate: tournamentFields.registrationEndDate.optional(),
    maxParticipants: tournamentFields.maxParticipants,
    timeControl: timeControlSchema.optional(),
    entryFee: z.number().min(0).max(10_000_000).optional(),
    rounds: tournamentFields.rounds,
    status: z.enum(TOURNAMENT_STATUSES).optional(),
    pairingRules: pairingRulesSchema.optional(),
    /** null: no school team standings. */
    teamStandings: teamStandingsSettingsSchema.nullable().optional(),
    /** The players whose K factor the arbiter sets (null: back to the rule); others keep theirs. */
    kFactors: kFactorsPatchSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'Nothing to change' });
export type UpdateTournamentRequest = z.infer<typeof updateTournamentRequestSchema>;

export const tournamentListSchema = z.array(tournamentSchema);

/** Registration (client-facing); email, emergency contact and medical conditions only for managers and the player. */
export const registrationSchema = z.object({
  id: z.number().int(),
  userId: id,
  userName: z.string(),
  userEmail: z.string().nullable(),
  userElo: z.number().nullable(),
  status: z.enum(REGISTRATION_STATUSES),
  createdAt: z.string(),
  emergencyContact: z.string().nullable().default(null),
  medicalConditions: z.string().nullable().default(null),
  cancellationReason: z.string().nullable().default(null),
  /** Set for a late entry: the first round they are paired in and what they score for the earlier ones. */
  lateEntry: z.object({ fromRound: z.number().int().min(1), missedRounds: z.enum(LATE_ENTRY_POINTS) }).nullable().default(null),
  /** Requested byes by round number. */
  byes: z.array(z.object({ roundNumber: z.number().int().min(1), kind: z.enum(REQUESTED_BYE_KINDS) })).default([]),
  /** A class tournament's player's real name, for the class's staff and students only (issue 19; sync-server/classes/class-tournament.ts). */
  realName: z.string().optional(),
  /** Issue 29: the player's school or club (their account's organization), for keeping schools apart and school team standings. */
  organizationId: z.number().int().nullable().optional(),
  organizationName: z.string().nullable().optional(),
  /**
   * Issue 29, for the rating report and the TRF export (managers and the player only): the
   * account's FIDE ID (users.federationId) and year of birth (the under-18 K of 40).
   */
  fideId: z.string().nullable().optional(),
  birthYear: z.number().int().nullable().optional(),
});
export type Registration = z.infer<typeof registrationSchema>;

export const registrationStatsSchema = z.object({
  confirmed: z.number().int(),
  pending: z.number().int(),
  waitlisted: z.number().int(),
});
export type RegistrationStats = z.infer<typeof registrationStatsSchema>;

export const registrationsQuerySchema = z.strictObject({ status: z.enum(REGISTRATION_STATUSES).optional() });

/** POST /api/tournaments/{id}/register: sectionId is fixed at 1 by the client (one section per tournament). */
export const tournamentRegisterRequestSchema = z.strictObject({ sectionId: z.number().int().positive().optional() });
/** PUT /api/registrations/{id}/reject */
export const rejectRegistrationRequestSchema = z.strictObject({ reason: requiredText(TOURNAMENT_MESSAGES.rejectReasonRequired, 500) });
/** POST /api/tournaments/{id}/late-entries (organiser, while in progress). */
export const lateEntryRequestSchema = z.strictObject({ userId: id, missedRounds: z.enum(LATE_ENTRY_POINTS).default('zero') });
/** POST /api/registrations/{id}/byes (the player or the organiser), for a round not yet paired. */
export const byeRequestSchema = z.strictObject({ roundNumber: z.number().int().min(1).max(99), kind: z.enum(REQUESTED_BYE_KINDS) });

/** Pairing (client-facing): one board of a round; a bye has no black player. */
export const pairingSchema = z.object({
  id: z.number().int(),
  /** tournament_games.id, the {gameId} of PUT /api/games/{gameId}/result; null for a bye. */
  gameId: z.number().int().nullable(),
  boardNumber: z.number().int().min(1),
  whitePlayerId: id,
  whitePlayerName: z.string(),
  whitePlayerElo: z.number().nullable(),
  blackPlayerId: id.nullable(),
  blackPlayerName: z.string().nullable(),
  blackPlayerElo: z.number().nullable(),
  gameResult: z.enum(TOURNAMENT_RESULTS).nullable(),
  resultReason: z.enum(RESULT_REASONS).nullable().default(null),
  gameStatus: z.enum(GAME_STATUSES),
  gameDuration: z.number().int().nullable().default(null),
  isBye: z.boolean(),
  byeKind: z.enum(BOARD_BYE_KINDS).nullable(),
  /** Elimination: who goes through when the game was drawn (the organiser's decision). */
  advancesPlayerId: id.nullable().default(null),
});
export type Pairing = z.infer<typeof pairingSchema>;

/** Round (client-facing). */
export const roundSchema = z.object({
  id: z.number().int(),
  roundNumber: z.number().int().min(1),
  name: z.string(),
  status: z.enum(ROUND_STATUSES),
  gamesCount: z.number().int(),
  completedGames: z.number().int(),
  startTime: z.string().nullable(),
});
export type Round = z.infer<typeof roundSchema>;
export const roundWithPairingsSchema = roundSchema.extend({ pairings: z.array(pairingSchema) });
export type RoundWithPairings = z.infer<typeof roundWithPairingsSchema>;

/** POST /api/tournaments/{id}/rounds */
export const createRoundRequestSchema = z.strictObject({
  roundNumber: z.number().int().min(1).max(99),
  name: nameField(TOURNAMENT_MESSAGES.roundNameRequired, 100),
  startTime: z.string().trim().max(40).nullable().optional(),
});
export type CreateRoundRequest = z.infer<typeof createRoundRequestSchema>;

/** One board as a device proposes it (by user ids). */
export const proposedBoardSchema = z.strictObject({
  boardNumber: z.number().int().min(1).max(5000),
  whiteUserId: id,
  blackUserId: id.nullable(),
  /** Set exactly when blackUserId is null. */
  byeKind: z.enum(BOARD_BYE_KINDS).nullable(),
});
export type ProposedBoard = z.infer<typeof proposedBoardSchema>;

/**
 * POST /api/rounds/{id}/pairings: with no body (or no boards) the server generates the pairing with
 * domain/tournament; with `boards` it checks the device's pairing for legality and stores it.
 */
export const generatePairingsRequestSchema = z.strictObject({ boards: z.array(proposedBoardSchema).min(1).max(5000).optional() });

/** PUT /api/games/{gameId}/result: a result for a game not completed; with a note, a correction of a completed one. */
export const resultRequestSchema = z.strictObject({
  result: z.enum(TOURNAMENT_RESULTS, { error: TOURNAMENT_MESSAGES.resultRequired }),
  resultReason: z.enum(RESULT_REASONS).nullable().optional(),
  note: text(500).min(1, { error: TOURNAMENT_MESSAGES.correctionNoteRequired }).optional(),
  /** Elimination only: who goes through after a draw. */
  advancesPlayerId: id.optional(),
});
export type ResultRequest = z.infer<typeof resultRequestSchema>;

/** A result as one device submitted it (kept in a dispute). */
export const resultSubmissionSchema = z.object({
  result: z.enum(TOURNAMENT_RESULTS),
  resultReason: z.enum(RESULT_REASONS).nullable(),
  submittedBy: z.number().int(),
  /** For a pairing conflict: the players the device had on that board. */
  whiteUserId: id.nullable().default(null),
  blackUserId: id.nullable().default(null),
});
export type ResultSubmission = z.infer<typeof resultSubmissionSchema>;

/** A dispute (an appeals row): two different results for one game, or a result against a replaced pairing. */
export const disputeSchema = z.object({
  id: z.number().int(),
  gameId: z.number().int().nullable(),
  roundNumber: z.number().int(),
  boardNumber: z.number().int(),
  appealType: z.enum(APPEAL_TYPES),
  subject: z.string(),
  description: z.string(),
  status: z.enum(APPEAL_STATUSES),
  submissions: z.array(resultSubmissionSchema),
  resolution: z.string().nullable(),
});
export type Dispute = z.infer<typeof disputeSchema>;

/** PUT /api/appeals/{id}/resolve: the result that stands, and why. */
export const resolveDisputeRequestSchema = z.strictObject({
  result: z.enum(TOURNAMENT_RESULTS, { error: TOURNAMENT_MESSAGES.resultRequired }),
  note: requiredText('A note is required to resolve a dispute', 500),
});

/** Standing (client-facing), with the section's tie-break columns in order. */
export const standingSchema = z.object({
  rank: z.number().int(),
  userId: id,
  username: z.string(),
  eloRating: z.number().nullable(),
  score: z.number(),
  gamesPlayed: z.number().int(),
  wins: z.number().int(),
  draws: z.number().int(),
  losses: z.number().int(),
  performance: z.number().nullable(),
  buchholz: z.number(),
  tieBreaks: z.array(z.object({ name: z.enum(TIE_BREAK_NAMES), value: z.number().nullable() })),
});
export type Standing = z.infer<typeof standingSchema>;

/** GET /api/tournaments/{id}/snapshot: everything a device needs to show and run the tournament offline. */
export const tournamentSnapshotSchema = z.object({
  tournament: tournamentSchema,
  tieBreaks: z.array(z.enum(TIE_BREAK_NAMES)),
  registrations: z.array(registrationSchema),
  rounds: z.array(roundWithPairingsSchema),
  disputes: z.array(disputeSchema),
  /** Server time of the snapshot (ISO). */
  loadedAt: z.string(),
  /** Whether the viewer manages this tournament (the snapshot route says so; issue 18's tenancy). */
  viewerManages: z.boolean().optional(),
  /** The tournament's version (bumped by every change to it; issue 22): what a device sends to follow it live. */
  version: z.number().int().nonnegative().optional(),
});
export type TournamentSnapshot = z.infer<typeof tournamentSnapshotSchema>;

/** POST /api/tournaments/import-trf */
export const importTrfRequestSchema = z.strictObject({ trf: z.string().min(1).max(2_000_000), organizationId: id.optional() });

// The tournament history item is schema/history.ts's tournamentHistoryItemSchema.

export const CERTIFICATE_TYPES = ['winner', 'runner_up', 'third_place', 'participation'] as const;
export const certificateSchema = z.object({
  id: z.number().int(),
  tournamentId: id,
  userId: id,
  userName: z.string(),
  certificateType: z.enum(CERTIFICATE_TYPES),
  awardName: z.string(),
  placement: z.number().int().nullable(),
  score: z.number(),
  totalRounds: z.number().int(),
  issuedAt: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;

// Mutation arguments (TOURNAMENT_MUTATIONS, at the end). Every one carries tournamentId.
const tournamentRef = { tournamentId: id };
export const updateTournamentArgsSchema = z.strictObject({ ...tournamentRef, fields: updateTournamentRequestSchema });
export const registerArgsSchema = z.strictObject({ ...tournamentRef });
export const registrationActionArgsSchema = z.strictObject({ ...tournamentRef, userId: id });
export const rejectRegistrationArgsSchema = z.strictObject({ ...tournamentRef, userId: id, reason: rejectRegistrationRequestSchema.shape.reason });
/** userName and userElo are what the device shows until the server's snapshot replaces them (the server uses its own). */
export const addLateEntryArgsSchema = z.strictObject({
  ...tournamentRef,
  userId: id,
  userName: z.string().trim().min(1).max(50),
  userElo: z.number().int().min(0).max(4000).nullable(),
  missedRounds: z.enum(LATE_ENTRY_POINTS),
});
export const requestByeArgsSchema = z.strictObject({ ...tournamentRef, userId: id, roundNumber: z.number().int().min(1).max(99), kind: z.enum(REQUESTED_BYE_KINDS) });
export const createRoundArgsSchema = z.strictObject({ ...tournamentRef, roundNumber: z.number().int().min(1).max(99), name: createRoundRequestSchema.shape.name, startTime: z.string().max(40).nullable() });
export const publishPairingsArgsSchema = z.strictObject({ ...tournamentRef, roundNumber: z.number().int().min(1).max(99), boards: z.array(proposedBoardSchema).min(1).max(5000) });
export const startRoundArgsSchema = z.strictObject({ ...tournamentRef, roundNumber: z.number().int().min(1).max(99) });
export const enterResultArgsSchema = z.strictObject({
  ...tournamentRef,
  roundNumber: z.number().int().min(1).max(99),
  boardNumber: z.number().int().min(1).max(5000),
  /** The players this device had on the board (a mismatch means its pairing lost: a dispute). */
  whiteUserId: id,
  blackUserId: id,
  result: z.enum(TOURNAMENT_RESULTS),
  resultReason: z.enum(RESULT_REASONS).nullable(),
  advancesPlayerId: id.nullable().optional(),
});
export const correctResultArgsSchema = z.strictObject({
  ...tournamentRef,
  roundNumber: z.number().int().min(1).max(99),
  boardNumber: z.number().int().min(1).max(5000),
  result: z.enum(TOURNAMENT_RESULTS),
  note: requiredText(TOURNAMENT_MESSAGES.correctionNoteRequired, 500),
  advancesPlayerId: id.nullable().optional(),
});
export const resolveDisputeArgsSchema = z.strictObject({ ...tournamentRef, appealId: id, result: z.enum(TOURNAMENT_RESULTS), note: resolveDisputeRequestSchema.shape.note });
export const issueCertificatesArgsSchema = z.strictObject({ ...tournamentRef });

// ---------------------------------------------------------------------------------------------
// Sync (./sync.ts, ./mutations.ts): the tournament mutations (docs/decisions.md, issue 10) and the
// live tournaments a pull and a push answer (protocol 3).

export const TOURNAMENT_MUTATIONS = [
  defineMutation('updateTournament', updateTournamentArgsSchema),
  defineMutation('registerForTournament', registerArgsSchema),
  defineMutation('approveRegistration', registrationActionArgsSchema),
  defineMutation('rejectRegistration', rejectRegistrationArgsSchema),
  defineMutation('withdrawRegistration', registrationActionArgsSchema),
  defineMutation('addLateEntry', addLateEntryArgsSchema),
  defineMutation('requestBye', requestByeArgsSchema),
  defineMutation('createRound', createRoundArgsSchema),
  defineMutation('publishPairings', publishPairingsArgsSchema),
  defineMutation('startRound', startRoundArgsSchema),
  defineMutation('enterResult', enterResultArgsSchema),
  defineMutation('correctResult', correctResultArgsSchema),
  defineMutation('resolveDispute', resolveDisputeArgsSchema),
  defineMutation('issueCertificates', issueCertificatesArgsSchema),
] as const;

/** The most tournaments one pull asks about (a device follows the ones whose screens are open). */
export const MAX_FOLLOWED_TOURNAMENTS = 20;

/** A tournament the device follows and the version of its stored copy (null: none from the server yet). */
export const followedTournamentSchema = z.strictObject({
  id: z.number().int().positive().max(2_147_483_647),
  version: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).nullable(),
});
export type FollowedTournament = z.infer<typeof followedTournamentSchema>;

/**
 * A tournament that changed, as the viewer may see it (protocol 3): the snapshot shared by every
 * viewer of the same kind (managers, or everyone else with private fields left out), and for a
 * player the whole of their own registration, which replaces theirs in the snapshot.
 */
export const liveTournamentSchema = z.object({
  id: z.number().int(),
  version: z.number().int().nonnegative(),
  snapshot: tournamentSnapshotSchema,
  ownRegistration: registrationSchema.optional(),
});
export type LiveTournament = z.infer<typeof liveTournamentSchema>;
