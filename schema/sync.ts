import { z } from 'zod';
import { authUserSchema } from './accounts';
import { savedGamePayloadSchema } from './game';
import { gameHistoryItemSchema } from './history';

/**
 * The offline sync protocol (docs/architecture.md, "Sync"). Every write the client makes is a
 * mutation queued in the Dexie outbox: the client's id, a per-client increasing mutation id, a
 * name and arguments validated by the schema of that name. The server applies each mutation
 * exactly once: it stores the last applied mutation id per client in the same transaction as
 * the write, answers anything at or below it as a duplicate, and rejects an invalid mutation
 * with a reason that the client shows and keeps.
 */

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

export const mutationSchema = z.discriminatedUnion('name', [
  z.strictObject({
    id: mutationIdSchema,
    name: z.literal('saveGame'),
    args: saveGameArgsSchema,
  }),
]);
export type Mutation = z.infer<typeof mutationSchema>;
export type MutationName = Mutation['name'];

export const MAX_PUSH_BATCH = 100;

/** POST /api/sync/push */
export const pushRequestSchema = z.strictObject({
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

/** POST /api/sync/pull: what changed for the signed-in user after `cursor` (0 = everything). */
export const pullRequestSchema = z.strictObject({
  cursor: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).default(0),
});
export type PullRequest = z.infer<typeof pullRequestSchema>;

/** The most games one pull answers; `hasMore` says to pull again with the new cursor. */
export const MAX_PULL_GAMES = 500;

export const pullResponseSchema = z.object({
  /** Send this back as the next pull's cursor. */
  cursor: z.number().int().nonnegative(),
  /** The user with fresh counters (Elo, games won...). */
  user: authUserSchema,
  /** History items of the games saved after the cursor, oldest change first. */
  games: z.array(gameHistoryItemSchema),
  hasMore: z.boolean(),
});
export type PullResponse = z.infer<typeof pullResponseSchema>;
