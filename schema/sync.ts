import { z } from 'zod';
import { errorCodeFields } from './api';
import { ERROR_TEXTS } from './core/errors';

/**
 * The offline sync protocol (docs/architecture.md, "Sync"), knowing no feature (issue 27): the
 * features declare their mutations with `defineMutation` in their own schema files, and
 * ./mutations.ts, the one list of them, composes the union and the pull's fields. Every write the client makes is a
 * mutation queued in the Dexie outbox: the client's id, a per-client increasing mutation id, a
 * name and arguments validated by the schema of that name. The server applies each mutation
 * exactly once: it stores the last applied mutation id per client in the same transaction as
 * the write, answers anything at or below it as a duplicate, and rejects an invalid mutation
 * with a reason that the client shows and keeps.
 */

/** The sync's two addresses (a pattern under API_PREFIX, schema/core/paths.ts). */
export const syncPaths = { push: '/sync/push', pull: '/sync/pull' } as const;

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
export const CLIENT_TOO_OLD = ERROR_TEXTS.ERR_CLIENT_TOO_OLD;
/** The 503 answer's error to a newer client than this server (a rolling update): try again soon. */
export const SERVER_TOO_OLD = ERROR_TEXTS.ERR_SERVER_TOO_OLD;

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

const clientTimes: { [name: string]: readonly string[] } = {};

/**
 * One mutation's envelope: its id, its name and its arguments' schema; `times` names the
 * arguments that are read from the device's clock (when the child solved the puzzle, when the
 * game ended), which the server clamps to its own (`clampTimes` below). Each feature declares its
 * mutations with it in its own schema file (`TRAINER_MUTATIONS` in ./trainer.ts, say); the app's
 * list of every mutation is ./mutations.ts.
 */
export function defineMutation<N extends string, A extends z.ZodObject>(name: N, args: A, times: readonly (keyof z.infer<A> & string)[] = []) {
  if (times.length > 0) clientTimes[name] = times;
  return z.strictObject({ id: mutationIdSchema, name: z.literal(name), args });
}

/** The device-clock arguments of every mutation declared so far, by name (./mutations.ts types it). */
export const DECLARED_CLIENT_TIMES: { readonly [name: string]: readonly string[] } = clientTimes;

/**
 * The arguments with each of `fields` (device-clock times) no later than the server's `now`: one
 * later is replaced by `now`. Earlier ones stay (work done offline last week happened last week).
 */
export function clampTimes<A>(fields: readonly string[], args: A, now: Date): A {
  const late = fields.filter((field) => {
    const value = (args as Record<string, unknown>)[field];
    return typeof value === 'string' && Date.parse(value) > now.getTime();
  });
  if (late.length === 0) return args;
  return { ...args, ...Object.fromEntries(late.map((field) => [field, now.toISOString()])) } as A;
}

export const MAX_PUSH_BATCH = 100;
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
  /** Why a rejected mutation was refused, in words the client shows (English), and its code and values (schema/core/errors.ts). */
  error: z.string().optional(),
  ...errorCodeFields,
});
export type PushResult = z.infer<typeof pushResultSchema>;

export const pushResponseSchema = z.object({
  results: z.array(pushResultSchema),
  /** The highest mutation id the server has handled (applied or rejected) for this client. */
  lastMutationId: z.number().int().nonnegative(),
});
export type PushResponse = z.infer<typeof pushResponseSchema>;

/** POST /api/sync/pull: what changed for the signed-in user after `cursor` (0 = everything); the features add their fields (./mutations.ts). */
export const basePullRequestSchema = z.strictObject({
  /** Missing: LEGACY_SYNC_PROTOCOL. */
  protocol: syncProtocolSchema.optional(),
  cursor: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).default(0),
});

/** The pull's answer without the features' fields (./mutations.ts adds them). */
export const basePullResponseSchema = z.object({
  /** Send this back as the next pull's cursor. */
  cursor: z.number().int().nonnegative(),
  hasMore: z.boolean(),
});
