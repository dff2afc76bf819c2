import { z } from 'zod';
import { authUserSchema } from './accounts';
import { renameClassStudentArgsSchema, setClassStudentActiveArgsSchema, updateClassArgsSchema } from './classes';
import { assignHomeworkArgsSchema, cancelHomeworkArgsSchema } from './homework';
import { releaseChildControlsArgsSchema, setChildControlsArgsSchema, setParentEmailArgsSchema, unlinkChildArgsSchema } from './parents';
import { addClassToTournamentArgsSchema } from './class-tournaments';
import { answerClassJoinArgsSchema, requestClassJoinArgsSchema } from './class-codes';
import { addClassStudentsArgsSchema, createClassArgsSchema } from './class-outbox';
import { savedGamePayloadSchema } from './game';
import { gameHistoryItemSchema } from './history';
import {
  addLateEntryArgsSchema,
  correctResultArgsSchema,
  createRoundArgsSchema,
  enterResultArgsSchema,
  issueCertificatesArgsSchema,
  publishPairingsArgsSchema,
  registerArgsSchema,
  registrationActionArgsSchema,
  registrationSchema,
  rejectRegistrationArgsSchema,
  requestByeArgsSchema,
  resolveDisputeArgsSchema,
  startRoundArgsSchema,
  tournamentSnapshotSchema,
  updateTournamentArgsSchema,
} from './tournaments';
import {
  bookmarkTipArgsSchema,
  completeLessonArgsSchema,
  completeOnboardingArgsSchema,
  completeTipArgsSchema,
  rateTipArgsSchema,
  recordPuzzleAttemptArgsSchema,
  saveGameAnalysisArgsSchema,
  saveSettingsArgsSchema,
  viewTipArgsSchema,
} from './learning';
import { recordTrainerAttemptArgsSchema, saveOwnPuzzlesArgsSchema } from './trainer';

/**
 * The offline sync protocol (docs/architecture.md, "Sync"). Every write the client makes is a
 * mutation queued in the Dexie outbox: the client's id, a per-client increasing mutation id, a
 * name and arguments validated by the schema of that name. The server applies each mutation
 * exactly once: it stores the last applied mutation id per client in the same transaction as
 * the write, answers anything at or below it as a duplicate, and rejects an invalid mutation
 * with a reason that the client shows and keeps.
 */

/**
 * The protocol version this build speaks; every push and pull carries it (`protocol`).
 * 1: the first release (no `protocol` field; a pull answers every changed game's history item).
 * 2: `protocol` in every request; a pull answers how many games changed (`changed`) instead of
 *    their history items, which the client never kept; a push may answer only its first
 *    mutations (the plies budget), the rest are pushed again.
 * 3: live tournaments (issue 22): a push answers the tournaments its mutations named (their
 *    snapshots at the new version), and a pull takes the versions of the tournaments the device
 *    follows and answers those that changed. No mutation changed.
 * A server answers requests from SYNC_PROTOCOL_MIN up to its own version (upgrading older
 * mutation shapes with `upgradeMutation`), and 409 CLIENT_TOO_OLD below it: the client keeps its
 * outbox and asks the user to reload into the new version.
 */
export const SYNC_PROTOCOL = 3;
/** The oldest protocol this build's server still accepts. */
export const SYNC_PROTOCOL_MIN = 1;
/** The protocol of a request without a `protocol` field (the first release sent none). */
export const LEGACY_SYNC_PROTOCOL = 1;
export const syncProtocolSchema = z.number().int().positive().max(1_000_000);

/** The 409 answer's error to a push or pull whose protocol is older than the server accepts. */
export const CLIENT_TOO_OLD = 'client too old';
/** The 503 answer's error to a newer client than this server (a rolling update): try again soon. */
export const SERVER_TOO_OLD = 'This server is being updated. Try again in a moment.';

/**
 * The steps that turn a mutation of protocol N into one of protocol N + 1 (raw, before its
 * schema is checked). A protocol that changes a mutation's arguments adds a step here, so the
 * server still applies what older clients queued offline. 1 -> 2 and 2 -> 3 changed no mutation.
 */
export const MUTATION_UPGRADES: Readonly<Record<number, (mutation: unknown) => unknown>> = {
  1: (mutation) => mutation,
  2: (mutation) => mutation,
};

/** A mutation of `protocol` in this build's shape (the steps from `protocol` up to SYNC_PROTOCOL). */
export function upgradeMutation(
  mutation: unknown,
  protocol: number,
  upgrades: Readonly<Record<number, (mutation: unknown) => unknown>> = MUTATION_UPGRADES,
): unknown {
  let current = mutation;
  for (let version = protocol; version < SYNC_PROTOCOL; version++) {
    const step = upgrades[version];
    if (step === undefined) throw new Error(`no upgrade of mutations from sync protocol ${version}`);
    current = step(current);
  }
  return current;
}

export const clientIdSchema = z.uuid();
export const mutationIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** saveGame: a finished game, identified by the id the client made when the game started. */
export const saveGameArgsSchema = z.strictObject({
  gameId: z.uuid(),
  game: savedGamePayloadSchema,
  /** When the game ended on the client (ISO 8601); the server stores it as createdAt. */
  finishedAt: z.iso.datetime(),
});
export type SaveGameArgs = z.infer<typeof saveGameArgsSchema>;

/** One mutation's envelope: its id, its name and its arguments' schema. */
function mutation<N extends string, A extends z.ZodType>(name: N, args: A) {
  return z.strictObject({ id: mutationIdSchema, name: z.literal(name), args });
}

/**
 * Every mutation a client may queue. A feature adds its mutations here (arguments' schemas live in
 * the feature's own schema file) and a mutator for each in sync-server/sync/mutators.ts; the
 * compiler refuses a name without a mutator.
 */
export const mutationSchema = z.discriminatedUnion('name', [
  mutation('saveGame', saveGameArgsSchema),
  // Tournaments (schema/tournaments.ts; docs/decisions.md, issue 10).
  mutation('updateTournament', updateTournamentArgsSchema),
  mutation('registerForTournament', registerArgsSchema),
  mutation('approveRegistration', registrationActionArgsSchema),
  mutation('rejectRegistration', rejectRegistrationArgsSchema),
  mutation('withdrawRegistration', registrationActionArgsSchema),
  mutation('addLateEntry', addLateEntryArgsSchema),
  mutation('requestBye', requestByeArgsSchema),
  mutation('createRound', createRoundArgsSchema),
  mutation('publishPairings', publishPairingsArgsSchema),
  mutation('startRound', startRoundArgsSchema),
  mutation('enterResult', enterResultArgsSchema),
  mutation('correctResult', correctResultArgsSchema),
  mutation('resolveDispute', resolveDisputeArgsSchema),
  mutation('issueCertificates', issueCertificatesArgsSchema),

  // Learning (issue 9): schema/learning.ts
  mutation('completeLesson', completeLessonArgsSchema),
  mutation('viewTip', viewTipArgsSchema),
  mutation('completeTip', completeTipArgsSchema),
  mutation('bookmarkTip', bookmarkTipArgsSchema),
  mutation('rateTip', rateTipArgsSchema),
  mutation('recordPuzzleAttempt', recordPuzzleAttemptArgsSchema),
  mutation('completeOnboarding', completeOnboardingArgsSchema),
  mutation('saveSettings', saveSettingsArgsSchema),
  mutation('saveGameAnalysis', saveGameAnalysisArgsSchema),

  // Puzzle trainer (issue 21): schema/trainer.ts
  mutation('recordTrainerAttempt', recordTrainerAttemptArgsSchema),
  mutation('saveOwnPuzzles', saveOwnPuzzlesArgsSchema),

  // Classes (issue 19): schema/classes.ts. Resetting a password is online only (the new password
  // is shown at once); making a class and its accounts go through the outbox (schema/class-outbox.ts).
  mutation('renameClassStudent', renameClassStudentArgsSchema),
  mutation('createClass', createClassArgsSchema),
  mutation('addClassStudents', addClassStudentsArgsSchema),
  // Managing a class once made: its details, and removing or putting back a student.
  mutation('updateClass', updateClassArgsSchema),
  mutation('setClassStudentActive', setClassStudentActiveArgsSchema),
  // Homework (issue 19): schema/homework.ts; completion needs no mutation of its own (derived).
  mutation('assignHomework', assignHomeworkArgsSchema),
  mutation('cancelHomework', cancelHomeworkArgsSchema),

  // Parents (issue 19): schema/parents.ts, the same services as PATCH and DELETE /api/parents/children/{id}/controls
  // and DELETE /api/parents/children/{id}.
  mutation('setChildControls', setChildControlsArgsSchema),
  mutation('releaseChildControls', releaseChildControlsArgsSchema),
  mutation('unlinkChild', unlinkChildArgsSchema),
  mutation('setParentEmail', setParentEmailArgsSchema),
  // Class tournaments (issue 19): schema/class-tournaments.ts. Making the tournament is online, like any new tournament.
  mutation('addClassToTournament', addClassToTournamentArgsSchema),
  // Join codes (issue 19): schema/class-codes.ts
  mutation('requestClassJoin', requestClassJoinArgsSchema),
  mutation('answerClassJoin', answerClassJoinArgsSchema),
]);
export type Mutation = z.infer<typeof mutationSchema>;
export type MutationName = Mutation['name'];
export type MutationArgs<N extends MutationName> = Extract<Mutation, { name: N }>['args'];

export const MAX_PUSH_BATCH = 100;
/**
 * The most plies of saved games one push replays (bounded work per request). A push answers its
 * mutations in id order until the next game would pass the budget; the rest stay unanswered and
 * the client pushes them next (one game alone is at most 1,200 plies, so each push progresses).
 */
export const MAX_PUSH_PLIES = 12_000;

/** POST /api/sync/push */
export const pushRequestSchema = z.strictObject({
  /** Missing: LEGACY_SYNC_PROTOCOL. */
  protocol: syncProtocolSchema.optional(),
  clientId: clientIdSchema,
  mutations: z.array(z.unknown()).min(1).max(MAX_PUSH_BATCH),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

export const MUTATION_STATUSES = ['applied', 'duplicate', 'rejected'] as const;

export const pushResultSchema = z.object({
  id: z.number().int(),
  status: z.enum(MUTATION_STATUSES),
  /** Why a rejected mutation was refused, in words the client shows. */
  error: z.string().optional(),
});
export type PushResult = z.infer<typeof pushResultSchema>;

export const pushResponseSchema = z.object({
  results: z.array(pushResultSchema),
  /** The highest mutation id the server has handled (applied or rejected) for this client. */
  lastMutationId: z.number().int().nonnegative(),
});
export type PushResponse = z.infer<typeof pushResponseSchema>;

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

/** The push answer of protocol 3: the tournaments its mutations named, so the device needs no second request. */
export const livePushResponseSchema = pushResponseSchema.extend({ tournaments: z.array(liveTournamentSchema).optional() });
export type LivePushResponse = z.infer<typeof livePushResponseSchema>;

/** POST /api/sync/pull: what changed for the signed-in user after `cursor` (0 = everything). */
export const pullRequestSchema = z.strictObject({
  /** Missing: LEGACY_SYNC_PROTOCOL. */
  protocol: syncProtocolSchema.optional(),
  cursor: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).default(0),
  /** Protocol 3: the tournaments the device follows; those whose version differs are answered. */
  tournaments: z.array(followedTournamentSchema).max(MAX_FOLLOWED_TOURNAMENTS).optional(),
});
export type PullRequest = z.infer<typeof pullRequestSchema>;

/** The most games one pull answers; `hasMore` says to pull again with the new cursor. */
export const MAX_PULL_GAMES = 500;

export const pullResponseSchema = z.object({
  /** Send this back as the next pull's cursor. */
  cursor: z.number().int().nonnegative(),
  /** The user with fresh counters (Elo, games won...). */
  user: authUserSchema,
  /** How many of the user's games were saved after the cursor (screens showing games refetch). */
  changed: z.number().int().nonnegative(),
  hasMore: z.boolean(),
  /** Protocol 3: the followed tournaments whose version differs from the device's (those gone or unseen are left out). */
  tournaments: z.array(liveTournamentSchema).optional(),
  /** Issue 19: when a parent last set the user's Parental Controls; a device holding another time fetches the settings. */
  controlsSetAt: z.string().nullable().optional(),
});
export type PullResponse = z.infer<typeof pullResponseSchema>;

/** The pull answer of protocol 1, still given to those clients: the games' history items too. */
export const legacyPullResponseSchema = z.object({
  cursor: z.number().int().nonnegative(),
  user: authUserSchema,
  /** History items of the games saved after the cursor, oldest change first. */
  games: z.array(gameHistoryItemSchema),
  hasMore: z.boolean(),
});
export type LegacyPullResponse = z.infer<typeof legacyPullResponseSchema>;
