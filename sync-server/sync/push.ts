import type { Transaction } from 'kysely';
import {
  clampClientTimes,
  LEGACY_SYNC_PROTOCOL,
  MAX_PUSH_PLIES,
  mutationIdSchema,
  mutationSchema,
  upgradeMutation,
  type Mutation,
  type PushRequest,
  type PushResponse,
  type PushResult,
  ERROR_TEXTS,
} from '../../schema';
import type { AppDatabase } from '../core/db/connect';
import type { Database, UserRow } from '../core/db/types';
import { httpError, uncodedHttpError, type Refusal } from '../core/plugins/errors';
import { formatIssues } from '../core/plugins/zod';
import type { GenericMutationName, PrepareContext, RunMutationName } from '../core/mutator-types';
import type { MutatorRegistry } from '../core/mutators';
import { prepareMutation, runMutator } from './mutators';
import { yieldToEventLoop } from '../core/event-loop';

/**
 * POST /api/sync/push: applies a client's mutations exactly once.
 *
 * A push runs as short transactions with the event loop free between them (one per mutation;
 * a run of one run mutation's, such as saved games, in one): the client's last applied mutation id is stored in sync_clients
 * in the same transaction as each one's writes, so every mutation happens entirely (its writes
 * and the new last id) or not at all; a crash or a lost answer makes the client push again, and
 * everything at or below the stored id is then a 'duplicate'. Mutations are applied in id order whatever order they arrive in; gaps are fine.
 * A mutation that fails its schema, or that the mutator refuses, is 'rejected' with a reason and
 * still counts as handled, so the ones after it go on. A client id belongs to the first user
 * who pushes with it.
 *
 * Bounded work: a push spends at most MAX_PUSH_PLIES of its run mutations' cost (a saved game's
 * plies, replayed). Mutations are taken in id order until the next would pass the budget; those
 * after it are left unanswered (the client pushes them again), never handled out of order. Mutations of an older protocol are
 * upgraded to this build's shapes before their schema is checked. The user row is written once
 * per run (sync version and counters together). This folder names no feature (issue 27): the
 * mutators, generic and run, come in the registry.
 */

/** A mutation read from the envelope: valid (with its work prepared) or rejected with a reason. */
type Incoming =
  /** A run mutation made ready by its mutator's `prepare` (a game replayed). */
  | { id: number; kind: 'ready'; name: RunMutationName; ready: unknown }
  /** A run mutation read, not yet prepared (./prepareRuns hands these to their mutators). */
  | { id: number; kind: 'pending'; mutation: Extract<Mutation, { name: RunMutationName }> }
  /** Any other mutation: run by its mutator (./mutators.ts) in id order inside the transaction. */
  | { id: number; kind: 'generic'; mutation: Extract<Mutation, { name: GenericMutationName }>; prepared?: unknown }
  | ({ id: number; kind: 'rejected' } & Refusal)
  /** At or below the client's last handled id when the push began: a duplicate, not worth reading. */
  | { id: number; kind: 'handled' };

export const CLIENT_TAKEN = ERROR_TEXTS.ERR_CLIENT_TAKEN;

/** A refusal's own fields (its words, and its code and values when it has them), apart from an outcome's others. */
function refusalIn({ error, code, params }: Refusal): Refusal {
  if (code === undefined) return { error };
  return params === undefined ? { error, code } : { error, code, params };
}

/** Test hook: runs before each mutation is applied (to simulate a crash in the middle of a batch). */
export type BeforeMutation = (mutationId: number) => void | Promise<void>;

/**
 * Counts an attempt at a guessable code (a join code's requestClassJoin) before its transaction,
 * as the online route does (issue 26; ./routes.ts): null for a mutation that guesses
 * nothing, `refused` (the mutation's answer, with no lookup) over a limit, otherwise `settle`,
 * called after the commit with whether the mutation was applied.
 */
export type CodeAttemptOfPush = (mutation: Extract<Mutation, { name: GenericMutationName }>) => Promise<{ refused: Refusal } | { settle(applied: boolean): Promise<void> } | null>;

/** What a push is handed (by ./routes.ts, from app.ts): every mutation's mutator, and the hooks around them. */
export interface PushParts {
  readonly mutators: MutatorRegistry;
  readonly beforeMutation?: BeforeMutation | undefined;
  readonly codeAttempt?: CodeAttemptOfPush | undefined;
}

/** What a mutation costs the push's budget: its run mutator's cost (a game's plies); nothing for a generic one. */
function costOf(mutators: MutatorRegistry, item: unknown): number {
  const { name, args } = (item ?? {}) as { name?: unknown; args?: unknown };
  return mutators.run(name)?.cost(args) ?? 0;
}

/**
 * The mutations this push handles: each id checked, in id order, cut before the one that would
 * pass the budget (ids at or below `handledUpTo` cost nothing: they are duplicates).
 */
function withinBudget(mutators: MutatorRegistry, raw: readonly unknown[], handledUpTo: number, budget = MAX_PUSH_PLIES): { id: number; item: unknown }[] {
  const items = raw.map((item, index) => {
    const id = mutationIdSchema.safeParse((item as { id?: unknown } | null)?.id);
    if (!id.success) throw uncodedHttpError(400, `Invalid body: mutations.${index}.id: ${formatIssues(id.error)}`);
    return { id: id.data, item };
  });
  items.sort((a, b) => a.id - b.id);
  let spent = 0;
  const taken: { id: number; item: unknown }[] = [];
  for (const entry of items) {
    const cost = entry.id <= handledUpTo ? 0 : costOf(mutators, entry.item);
    if (cost > 0 && spent > 0 && spent + cost > budget) break;
    spent += cost;
    taken.push(entry);
  }
  return taken;
}

/**
 * Validates each mutation before any lock is taken, the event loop free between them (a push of
 * 100 addClassStudents of 100 children each is 10,000 names to check: about 100 ms at once).
 */
async function readMutations(mutators: MutatorRegistry, items: readonly { id: number; item: unknown }[], now: Date, handledUpTo: number, protocol: number): Promise<Incoming[]> {
  const read: Incoming[] = [];
  for (const [index, entry] of items.entries()) {
    if (index > 0 && index % 10 === 0) await yieldToEventLoop();
    read.push(readMutation(mutators, entry, now, handledUpTo, protocol));
  }
  return read;
}

/**
 * One mutation checked against its schema, its device-clock times no later than the server's
 * (schema/mutations.ts clampClientTimes: a clock set ahead must not date work in the future), a run
 * mutation left for its mutator's `prepare`.
 */
function readMutation(mutators: MutatorRegistry, { id, item }: { id: number; item: unknown }, now: Date, handledUpTo: number, protocol: number): Incoming {
  if (id <= handledUpTo) return { id, kind: 'handled' };
  let upgraded: unknown;
  try {
    upgraded = upgradeMutation(item, protocol);
  } catch (error) {
    return { id, kind: 'rejected', error: `Invalid mutation: ${error instanceof Error ? error.message : String(error)}` };
  }
  const parsed = mutationSchema.safeParse(upgraded);
  if (!parsed.success) return { id, kind: 'rejected', error: `Invalid mutation: ${formatIssues(parsed.error)}` };
  const mutation = { ...parsed.data, args: clampClientTimes(parsed.data.name, parsed.data.args, now) } as Mutation;
  if (mutators.run(mutation.name) === undefined) return { id, kind: 'generic', mutation: mutation as Extract<Mutation, { name: GenericMutationName }> };
  return { id, kind: 'pending', mutation: mutation as Extract<Mutation, { name: RunMutationName }> };
}

/**
 * The run mutations of a push made ready by their mutators' `prepare`, all of one name at once
 * (a push's games replayed together, off the event loop), before any transaction.
 */
async function prepareRuns(mutators: MutatorRegistry, incoming: Incoming[], context: PrepareContext): Promise<Incoming[]> {
  const outcomes = new Map<number, Incoming>();
  const pending = incoming.filter((item): item is Extract<Incoming, { kind: 'pending' }> => item.kind === 'pending');
  for (const name of new Set(pending.map((item) => item.mutation.name))) {
    const items = pending.filter((item) => item.mutation.name === name);
    const results = await (mutators.run(name) as NonNullable<ReturnType<MutatorRegistry['run']>>).prepare(items.map((item) => item.mutation.args), context);
    items.forEach((item, index) => {
      const result = results[index];
      if (result === undefined) throw new Error(`mutation ${item.id} was not prepared`);
      outcomes.set(item.id, result.ok ? { id: item.id, kind: 'ready', name, ready: result.ready } : { id: item.id, kind: 'rejected', error: result.error });
    });
  }
  return incoming.map((item) => outcomes.get(item.id) ?? item);
}

/**
 * A generic mutation's slow work, done by its mutator's `prepare` (../core/mutators.ts) outside any
 * transaction, after the mutations before it committed: the mutation with what was prepared, or
 * rejected with the reason `prepare` refused it for (before any of that work was done).
 */
async function prepareGeneric(mutators: MutatorRegistry, database: AppDatabase, user: UserRow, now: Date, item: Incoming): Promise<Incoming> {
  if (item.kind !== 'generic') return item;
  const { name, args } = item.mutation;
  const outcome = await prepareMutation(mutators, name, args as never, { db: database.db, database, user, now });
  return outcome.status === 'ready' ? { ...item, prepared: outcome.prepared } : { id: item.id, kind: 'rejected', ...refusalIn(outcome) };
}

/** The client's last applied id, registering the client to this user on first sight. Locks its row. */
async function claimClient(trx: Transaction<Database>, database: AppDatabase, clientId: string, userId: number, now: Date): Promise<number> {
  // The account first (issue 26): deleted since this request signed in, the push is a 401, never a
  // foreign key's 500; on PostgreSQL its row is held, so a deletion waits for this group's commit.
  let account = trx.selectFrom('users').select('id').where('id', '=', userId);
  if (database.kind === 'postgres') account = account.forKeyShare();
  if ((await account.executeTakeFirst()) === undefined) throw httpError(401, 'ERR_NOT_AUTHENTICATED');
  await trx
    .insertInto('syncClients')
    .values({ clientId, userId, lastMutationId: 0, updatedAt: now.toISOString() })
    .onConflict((conflict) => conflict.column('clientId').doNothing())
    .execute();
  let query = trx.selectFrom('syncClients').select(['userId', 'lastMutationId']).where('clientId', '=', clientId);
  // PostgreSQL: two pushes of one client wait for each other here. SQLite runs one write at a time anyway.
  if (database.kind === 'postgres') query = query.forUpdate();
  const client = await query.executeTakeFirstOrThrow();
  if (client.userId !== userId) throw httpError(403, 'ERR_CLIENT_TAKEN');
  return Number(client.lastMutationId);
}

export async function applyPush(
  database: AppDatabase,
  user: UserRow,
  request: PushRequest,
  now: Date,
  parts: PushParts,
): Promise<PushResponse> {
  const { codeAttempt, mutators } = parts;
  const clientId = request.clientId.toLowerCase();
  // A first look without a lock: refuses another user's client early, and spares replaying the
  // games of a batch pushed again (the last id only grows, so those stay duplicates).
  const known = await database.db.selectFrom('syncClients').select(['userId', 'lastMutationId']).where('clientId', '=', clientId).executeTakeFirst();
  if (known !== undefined && known.userId !== user.id) throw httpError(403, 'ERR_CLIENT_TAKEN');
  const handledUpTo = Number(known?.lastMutationId ?? 0);
  const protocol = request.protocol ?? LEGACY_SYNC_PROTOCOL;
  const read = await readMutations(mutators, withinBudget(mutators, request.mutations, handledUpTo), now, handledUpTo, protocol);
  const incoming = await prepareRuns(mutators, read, { db: database.db, database, user, now });
  const results = new Map<number, PushResult>();
  let last = handledUpTo;
  // Short transactions, the event loop free between them: a run of one run mutation (and the
  // refusals and duplicates among them) in one, each generic mutation in its own. Each stores the client's last
  // id with its writes, so whatever a crash interrupts is pushed again, never applied twice.
  for (let start = 0; start < incoming.length; ) {
    const end = groupEnd(incoming, start);
    if (start > 0) await yieldToEventLoop();
    const afterCommit: (() => void)[] = [];
    // Outside the transaction: a guessable code's attempt is counted on its own connection's turn,
    // and a generic mutation's slow work (hashing a class's passwords) is done, never inside.
    const first = incoming[start] as Incoming;
    const attempt = first.kind === 'generic' && codeAttempt ? await codeAttempt(first.mutation) : null;
    const group: Incoming[] =
      attempt && 'refused' in attempt
        ? [{ id: first.id, kind: 'rejected', ...attempt.refused }]
        : first.kind === 'generic'
          ? [await prepareGeneric(parts.mutators, database, user, now, first)]
          : incoming.slice(start, end);
    last = await database.db.transaction().execute((trx) => applyGroup(trx, database, user, clientId, group, results, now, parts, afterCommit));
    if (attempt && 'settle' in attempt) await attempt.settle(results.get(first.id)?.status === 'applied');
    for (const task of afterCommit) task();
    start = end;
  }
  // Answered in the order the client sent them; those past the budget are not answered.
  const answered = new Set(incoming.map((mutation) => mutation.id));
  const order = request.mutations.map((item) => (item as { id: number }).id).filter((id) => answered.has(id));
  return {
    results: order.map((id) => results.get(id) ?? { id, status: 'duplicate' }),
    lastMutationId: last,
  };
}

/** Where the transaction starting at `start` ends: after one generic mutation, or before the next one or a run of another name. */
function groupEnd(incoming: readonly Incoming[], start: number): number {
  if (incoming[start]?.kind === 'generic') return start + 1;
  let runName: RunMutationName | undefined;
  let end = start;
  for (; end < incoming.length; end++) {
    const item = incoming[end] as Incoming;
    if (item.kind === 'generic') break;
    if (item.kind === 'ready') {
      if (runName !== undefined && item.name !== runName) break;
      runName = item.name;
    }
  }
  return end;
}

/**
 * Applies one group of mutations (in id order) in the caller's transaction and stores the
 * client's new last id with them; answers that id. A run goes to its mutator at once (games in
 * one statement); each gets its own answer.
 */
async function applyGroup(
  trx: Transaction<Database>,
  database: AppDatabase,
  user: UserRow,
  clientId: string,
  group: readonly Incoming[],
  results: Map<number, PushResult>,
  now: Date,
  parts: PushParts,
  afterCommit: (() => void)[],
): Promise<number> {
  let last = await claimClient(trx, database, clientId, user.id, now);
  const run: Extract<Incoming, { kind: 'ready' }>[] = [];
  for (const mutation of group) {
    if (mutation.id <= last) {
      if (!results.has(mutation.id)) results.set(mutation.id, { id: mutation.id, status: 'duplicate' });
      continue;
    }
    await parts.beforeMutation?.(mutation.id);
    if (mutation.kind === 'rejected') results.set(mutation.id, { id: mutation.id, status: 'rejected', ...refusalIn(mutation) });
    else if (mutation.kind === 'ready') run.push(mutation);
    else if (mutation.kind === 'pending') throw new Error(`mutation ${mutation.id} was not prepared`);
    else if (mutation.kind === 'generic') {
      const { name, args } = mutation.mutation;
      const context = { trx, database, user, now, clientId, mutationId: mutation.id, afterCommit: (task: () => void) => void afterCommit.push(task) };
      const outcome = await runMutator(parts.mutators, name, args as never, context, mutation.prepared);
      results.set(mutation.id, outcome.status === 'applied' ? { id: mutation.id, status: 'applied' } : { id: mutation.id, status: 'rejected', ...refusalIn(outcome) });
    }
    else throw new Error(`mutation ${mutation.id} was handled before this push but is above the last id ${last}`);
    last = mutation.id;
  }
  const first = run[0];
  if (first !== undefined) {
    const mutator = parts.mutators.run(first.name) as NonNullable<ReturnType<MutatorRegistry['run']>>;
    const outcomes = await mutator.apply(run.map((mutation) => mutation.ready), { trx, database, user, now });
    run.forEach((mutation, index) => {
      const outcome = outcomes[index];
      if (outcome === undefined) throw new Error(`mutation ${mutation.id} has no outcome`);
      results.set(mutation.id, outcome.status === 'rejected' ? { id: mutation.id, status: 'rejected', ...refusalIn(outcome) } : { id: mutation.id, status: outcome.status });
    });
  }
  await trx.updateTable('syncClients').set({ lastMutationId: last, updatedAt: now.toISOString() }).where('clientId', '=', clientId).execute();
  return last;
}
