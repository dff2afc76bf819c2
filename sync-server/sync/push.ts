import type { Transaction } from 'kysely';
import {
  clampClientTimes,
  LEGACY_SYNC_PROTOCOL,
  MESSAGES,
  MAX_PUSH_PLIES,
  mutationIdSchema,
  mutationSchema,
  upgradeMutation,
  type Mutation,
  type PushRequest,
  type PushResponse,
  type PushResult,
} from '../../schema';
import type { AppDatabase } from '../core/db/connect';
import type { Database, UserRow } from '../core/db/types';
import { httpError } from '../core/plugins/errors';
import { formatIssues } from '../core/plugins/zod';
import type { GenericMutationName } from '../core/mutator-types';
import type { MutatorRegistry } from '../core/mutators';
import { prepareMutation, runMutator } from './mutators';
import { applyGames, emptyDelta, finishUserWrite, lockSyncVersion, type ApplyResult, type PreparedGame } from '../games/save';
import { inlineReplayer, type GameReplayer, type ReplayJob } from '../games/replay-pool';

export type { GameReplayer };
import { yieldToEventLoop } from '../core/event-loop';

/**
 * POST /api/sync/push: applies a client's mutations exactly once.
 *
 * A push runs as short transactions with the event loop free between them (one per mutation;
 * a run of saved games in one): the client's last applied mutation id is stored in sync_clients
 * in the same transaction as each one's writes, so every mutation happens entirely (its writes
 * and the new last id) or not at all; a crash or a lost answer makes the client push again, and
 * everything at or below the stored id is then a 'duplicate'. Mutations are applied in id order whatever order they arrive in; gaps are fine.
 * A mutation that fails its schema, or that the mutator refuses, is 'rejected' with a reason and
 * still counts as handled, so the ones after it go on. A client id belongs to the first user
 * who pushes with it.
 *
 * Bounded work: a push replays at most MAX_PUSH_PLIES plies of games. Mutations are taken in id
 * order until the next game would pass the budget; those after it are left unanswered (the
 * client pushes them again), never handled out of order. Mutations of an older protocol are
 * upgraded to this build's shapes before their schema is checked. The user row is written once
 * per push (sync version and counters together).
 */

/** A mutation read from the envelope: valid (with its work prepared) or rejected with a reason. */
type Incoming =
  | { id: number; kind: 'saveGame'; game: PreparedGame }
  /** A game read, not yet replayed (./readMutations hands these to the replayer). */
  | { id: number; kind: 'replay'; job: ReplayJob }
  /** Any other mutation: run by its mutator (./mutators.ts) in id order inside the transaction. */
  | { id: number; kind: 'generic'; mutation: Extract<Mutation, { name: GenericMutationName }>; prepared?: unknown }
  | { id: number; kind: 'rejected'; error: string }
  /** At or below the client's last handled id when the push began: a duplicate, not worth reading. */
  | { id: number; kind: 'handled' };

export const CLIENT_TAKEN = 'This client id belongs to another account.';

/** Test hook: runs before each mutation is applied (to simulate a crash in the middle of a batch). */
export type BeforeMutation = (mutationId: number) => void | Promise<void>;

/**
 * Counts an attempt at a guessable code (a join code's requestClassJoin) before its transaction,
 * as the online route does (issue 26; ./routes.ts): null for a mutation that guesses
 * nothing, `refused` (the mutation's answer, with no lookup) over a limit, otherwise `settle`,
 * called after the commit with whether the mutation was applied.
 */
export type CodeAttemptOfPush = (mutation: Extract<Mutation, { name: GenericMutationName }>) => Promise<{ refused: string } | { settle(applied: boolean): Promise<void> } | null>;

/** What a push is handed (by ./routes.ts, from app.ts): every generic mutation's mutator, and the hooks around them. */
export interface PushParts {
  readonly mutators: MutatorRegistry;
  readonly beforeMutation?: BeforeMutation | undefined;
  /** Replays the saved games (default: on the event loop). */
  readonly replayer?: GameReplayer | undefined;
  readonly codeAttempt?: CodeAttemptOfPush | undefined;
}

/** The plies a mutation makes the server replay (only saved games' moves cost anything). */
function pliesOf(item: unknown): number {
  const moves = (item as { name?: unknown; args?: { game?: { moves?: unknown } } } | null)?.args?.game?.moves;
  return (item as { name?: unknown } | null)?.name === 'saveGame' && Array.isArray(moves) ? moves.length : 0;
}

/**
 * The mutations this push handles: each id checked, in id order, cut before the game that would
 * pass the plies budget (ids at or below `handledUpTo` cost nothing: they are duplicates).
 */
export function withinBudget(raw: readonly unknown[], handledUpTo: number, budget = MAX_PUSH_PLIES): { id: number; item: unknown }[] {
  const items = raw.map((item, index) => {
    const id = mutationIdSchema.safeParse((item as { id?: unknown } | null)?.id);
    if (!id.success) throw httpError(400, `Invalid body: mutations.${index}.id: ${formatIssues(id.error)}`);
    return { id: id.data, item };
  });
  items.sort((a, b) => a.id - b.id);
  let spent = 0;
  const taken: { id: number; item: unknown }[] = [];
  for (const entry of items) {
    const cost = entry.id <= handledUpTo ? 0 : pliesOf(entry.item);
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
async function readMutations(
  items: readonly { id: number; item: unknown }[],
  user: UserRow,
  now: Date,
  handledUpTo: number,
  protocol: number,
): Promise<Incoming[]> {
  const read: Incoming[] = [];
  for (const [index, entry] of items.entries()) {
    if (index > 0 && index % 10 === 0) await yieldToEventLoop();
    read.push(readMutation(entry, user, now, handledUpTo, protocol));
  }
  return read;
}

/**
 * One mutation checked against its schema, its device-clock times no later than the server's
 * (schema/mutations.ts clampClientTimes: a clock set ahead must not date work in the future), a saved
 * game made ready for its replay.
 */
function readMutation({ id, item }: { id: number; item: unknown }, user: UserRow, now: Date, handledUpTo: number, protocol: number): Incoming {
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
  if (mutation.name !== 'saveGame') return { id, kind: 'generic', mutation };
  const { args } = mutation;
  return { id, kind: 'replay', job: { clientGameId: args.gameId, payload: args.game, finishedAt: new Date(args.finishedAt).toISOString(), playerName: user.username } };
}

/** Replays the games of a push (worker threads: the event loop stays free) and turns each into its outcome. */
async function replayGames(incoming: Incoming[], replayer: GameReplayer): Promise<Incoming[]> {
  const games = incoming.filter((item): item is Extract<Incoming, { kind: 'replay' }> => item.kind === 'replay');
  const results = await replayer.prepare(games.map((item) => item.job));
  const byId = new Map(games.map((item, index) => [item.id, results[index]]));
  return incoming.map((item): Incoming => {
    if (item.kind !== 'replay') return item;
    const prepared = byId.get(item.id);
    if (prepared === undefined) throw new Error(`game of mutation ${item.id} was not replayed`);
    return prepared.ok ? { id: item.id, kind: 'saveGame', game: prepared.game } : { id: item.id, kind: 'rejected', error: prepared.error };
  });
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
  return outcome.status === 'ready' ? { ...item, prepared: outcome.prepared } : { id: item.id, kind: 'rejected', error: outcome.error };
}

/** The client's last applied id, registering the client to this user on first sight. Locks its row. */
async function claimClient(trx: Transaction<Database>, database: AppDatabase, clientId: string, userId: number, now: Date): Promise<number> {
  // The account first (issue 26): deleted since this request signed in, the push is a 401, never a
  // foreign key's 500; on PostgreSQL its row is held, so a deletion waits for this group's commit.
  let account = trx.selectFrom('users').select('id').where('id', '=', userId);
  if (database.kind === 'postgres') account = account.forKeyShare();
  if ((await account.executeTakeFirst()) === undefined) throw httpError(401, MESSAGES.notAuthenticated);
  await trx
    .insertInto('syncClients')
    .values({ clientId, userId, lastMutationId: 0, updatedAt: now.toISOString() })
    .onConflict((conflict) => conflict.column('clientId').doNothing())
    .execute();
  let query = trx.selectFrom('syncClients').select(['userId', 'lastMutationId']).where('clientId', '=', clientId);
  // PostgreSQL: two pushes of one client wait for each other here. SQLite runs one write at a time anyway.
  if (database.kind === 'postgres') query = query.forUpdate();
  const client = await query.executeTakeFirstOrThrow();
  if (client.userId !== userId) throw httpError(403, CLIENT_TAKEN);
  return Number(client.lastMutationId);
}

export async function applyPush(
  database: AppDatabase,
  user: UserRow,
  request: PushRequest,
  now: Date,
  parts: PushParts,
): Promise<PushResponse> {
  const { codeAttempt, replayer = inlineReplayer } = parts;
  const clientId = request.clientId.toLowerCase();
  // A first look without a lock: refuses another user's client early, and spares replaying the
  // games of a batch pushed again (the last id only grows, so those stay duplicates).
  const known = await database.db.selectFrom('syncClients').select(['userId', 'lastMutationId']).where('clientId', '=', clientId).executeTakeFirst();
  if (known !== undefined && known.userId !== user.id) throw httpError(403, CLIENT_TAKEN);
  const handledUpTo = Number(known?.lastMutationId ?? 0);
  const protocol = request.protocol ?? LEGACY_SYNC_PROTOCOL;
  const incoming = await replayGames(await readMutations(withinBudget(request.mutations, handledUpTo), user, now, handledUpTo, protocol), replayer);
  const results = new Map<number, PushResult>();
  let last = handledUpTo;
  // Short transactions, the event loop free between them: a run of games (and the refusals and
  // duplicates among them) in one, each other mutation in its own. Each stores the client's last
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
        ? [{ id: first.id, kind: 'rejected', error: attempt.refused }]
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

/** Where the transaction starting at `start` ends: after one generic mutation, or before the next one. */
function groupEnd(incoming: readonly Incoming[], start: number): number {
  if (incoming[start]?.kind === 'generic') return start + 1;
  let end = start;
  while (end < incoming.length && incoming[end]?.kind !== 'generic') end++;
  return end;
}

/**
 * Applies one group of mutations (in id order) in the caller's transaction and stores the
 * client's new last id with them; answers that id. Games go in one statement; each gets its own
 * answer.
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
  const toStore: Extract<Incoming, { kind: 'saveGame' }>[] = [];
  for (const mutation of group) {
    if (mutation.id <= last) {
      if (!results.has(mutation.id)) results.set(mutation.id, { id: mutation.id, status: 'duplicate' });
      continue;
    }
    await parts.beforeMutation?.(mutation.id);
    if (mutation.kind === 'rejected') results.set(mutation.id, { id: mutation.id, status: 'rejected', error: mutation.error });
    else if (mutation.kind === 'saveGame') toStore.push(mutation);
    else if (mutation.kind === 'replay') throw new Error(`mutation ${mutation.id} was not replayed`);
    else if (mutation.kind === 'generic') {
      const { name, args } = mutation.mutation;
      const context = { trx, database, user, now, clientId, mutationId: mutation.id, afterCommit: (task: () => void) => void afterCommit.push(task) };
      const outcome = await runMutator(parts.mutators, name, args as never, context, mutation.prepared);
      results.set(mutation.id, outcome.status === 'applied' ? { id: mutation.id, status: 'applied' } : { id: mutation.id, status: 'rejected', error: outcome.error });
    }
    else throw new Error(`mutation ${mutation.id} was handled before this push but is above the last id ${last}`);
    last = mutation.id;
  }
  if (toStore.length > 0) {
    const version = (await lockSyncVersion(trx, database, user.id)) + 1;
    const delta = emptyDelta();
    const applied = await applyGames(trx, user.id, toStore.map((mutation) => mutation.game), version, delta);
    toStore.forEach((mutation, index) => {
      const result = applied[index] as ApplyResult;
      results.set(mutation.id, result.status === 'rejected' ? { id: mutation.id, status: 'rejected', error: result.error } : { id: mutation.id, status: result.status });
    });
    // One write of the user row: the new sync version and the counters together.
    await finishUserWrite(trx, user.id, version, delta);
  }
  await trx.updateTable('syncClients').set({ lastMutationId: last, updatedAt: now.toISOString() }).where('clientId', '=', clientId).execute();
  return last;
}
