import { z } from 'zod';
import { ACCOUNT_MUTATIONS, authUserSchema } from './accounts';
import { CLASS_CODE_MUTATIONS } from './class-codes';
import { CLASS_OUTBOX_MUTATIONS } from './class-outbox';
import { CLASS_TOURNAMENT_MUTATIONS } from './class-tournaments';
import { CLASS_MUTATIONS } from './classes';
import { GAME_MUTATIONS } from './game';
import { gameHistoryItemSchema } from './history';
import { HOMEWORK_MUTATIONS } from './homework';
import { LEARNING_MUTATIONS } from './learning';
import { PARENT_MUTATIONS } from './parents';
import { basePullRequestSchema, basePullResponseSchema, clampTimes, DECLARED_CLIENT_TIMES, pushResponseSchema } from './sync';
import { followedTournamentSchema, liveTournamentSchema, MAX_FOLLOWED_TOURNAMENTS, TOURNAMENT_MUTATIONS } from './tournaments';
import { TRAINER_MUTATIONS } from './trainer';

/**
 * The app's sync (issue 27): the protocol of ./sync.ts, which knows no feature, with this app's
 * features composed into it, the one place that lists them: every mutation a client may queue
 * (each feature declares its own with `defineMutation` beside its argument schemas) and the fields
 * a feature adds to the pull and the push answer. A new feature adds its list here and a mutator
 * for each in its server folder's mutators file (listed in sync-server/sync-features.ts); the
 * compiler refuses a name without a mutator.
 */
export const mutationSchema = z.discriminatedUnion('name', [
  ...GAME_MUTATIONS,
  ...TOURNAMENT_MUTATIONS,
  ...LEARNING_MUTATIONS,
  ...TRAINER_MUTATIONS,
  ...CLASS_MUTATIONS,
  ...CLASS_OUTBOX_MUTATIONS,
  ...HOMEWORK_MUTATIONS,
  ...PARENT_MUTATIONS,
  ...CLASS_TOURNAMENT_MUTATIONS,
  ...CLASS_CODE_MUTATIONS,
  ...ACCOUNT_MUTATIONS,
]);
export type Mutation = z.infer<typeof mutationSchema>;
export type MutationName = Mutation['name'];
export type MutationArgs<N extends MutationName> = Extract<Mutation, { name: N }>['args'];

/**
 * The mutations the server applies in runs (sync-server/core/mutators.ts, RunMutatorDefinition):
 * a push's saved games are replayed together off the event loop and stored in one statement.
 */
export const RUN_MUTATIONS = ['saveGame'] as const satisfies readonly MutationName[];

/**
 * The arguments of each mutation read from the device's clock (declared with its schema). A
 * device's clock can be wrong or set ahead on purpose: puzzle attempts dated two days ahead once
 * counted for homework set after they were pushed. Times that are not the device's clock (a
 * homework's due date, a round's start) are not listed; schema/sync.test.ts fails on a time field
 * that is in neither list.
 */
export const MUTATION_CLIENT_TIMES: { readonly [N in MutationName]?: readonly (keyof MutationArgs<N> & string)[] } = DECLARED_CLIENT_TIMES as never;

/**
 * The arguments with each device-clock time (MUTATION_CLIENT_TIMES) no later than the server's
 * `now`. Pure; the push applies it to every mutation, the online routes that take the same
 * arguments to their bodies.
 */
export function clampClientTimes<N extends MutationName>(name: N, args: MutationArgs<N>, now: Date): MutationArgs<N> {
  return clampTimes((MUTATION_CLIENT_TIMES[name] ?? []) as readonly string[], args, now);
}

/** POST /api/sync/pull: what changed for the signed-in user after `cursor` (0 = everything). */
export const pullRequestSchema = basePullRequestSchema.extend({
  /** Protocol 3: the tournaments the device follows; those whose version differs are answered. */
  tournaments: z.array(followedTournamentSchema).max(MAX_FOLLOWED_TOURNAMENTS).optional(),
});
export type PullRequest = z.infer<typeof pullRequestSchema>;

export const pullResponseSchema = basePullResponseSchema.extend({
  /** The user with fresh counters (Elo, games won...). */
  user: authUserSchema,
  /** How many of the user's games were saved after the cursor (screens showing games refetch). */
  changed: z.number().int().nonnegative(),
  /** Protocol 3: the followed tournaments whose version differs from the device's (those gone or unseen are left out). */
  tournaments: z.array(liveTournamentSchema).optional(),
  /** Issue 19: when a parent last set the user's Parental Controls; a device holding another time fetches the settings. */
  controlsSetAt: z.string().nullable().optional(),
});
export type PullResponse = z.infer<typeof pullResponseSchema>;

/** The pull answer of protocol 1, still given to those clients: the games' history items too. */
export const legacyPullResponseSchema = basePullResponseSchema.extend({
  user: authUserSchema,
  /** History items of the games saved after the cursor, oldest change first. */
  games: z.array(gameHistoryItemSchema),
});
export type LegacyPullResponse = z.infer<typeof legacyPullResponseSchema>;

/** The push answer of protocol 3: the tournaments its mutations named, so the device needs no second request. */
export const livePushResponseSchema = pushResponseSchema.extend({ tournaments: z.array(liveTournamentSchema).optional() });
export type LivePushResponse = z.infer<typeof livePushResponseSchema>;
