import type { Transaction } from 'kysely';
import { mutationIdSchema, mutationSchema, type PushRequest, type PushResponse, type PushResult } from '../../schema';
import type { AppDatabase } from '../db/connect';
import type { Database, UserRow } from '../db/types';
import { httpError } from '../plugins/errors';
import { formatIssues } from '../plugins/zod';
import { applyCounters, applyGames, emptyDelta, nextSyncVersion, prepareGame, type ApplyResult, type PreparedGame } from '../games/save';

/**
 * POST /api/sync/push: applies a client's mutations exactly once.
 *
 * The client's last applied mutation id is stored in sync_clients in the same transaction as the
 * writes, so a push either happens entirely (writes and new last id) or not at all; a crash or a
 * lost answer makes the client push again, and everything at or below the stored id is then a
 * 'duplicate'. Mutations are applied in id order whatever order they arrive in; gaps are fine.
 * A mutation that fails its schema, or that the mutator refuses, is 'rejected' with a reason and
 * still counts as handled, so the ones after it go on. A client id belongs to the first user
 * who pushes with it.
 */

/** A mutation read from the envelope: valid (with its work prepared) or rejected with a reason. */
type Incoming =
  | { id: number; kind: 'saveGame'; game: PreparedGame }
  | { id: number; kind: 'rejected'; error: string }
  /** At or below the client's last handled id when the push began: a duplicate, not worth reading. */
  | { id: number; kind: 'handled' };

export const CLIENT_TAKEN = 'This client id belongs to another account.';

/** Test hook: runs before each mutation is applied (to simulate a crash in the middle of a batch). */
export type BeforeMutation = (mutationId: number) => void | Promise<void>;

/** Validates each mutation and does the pure work (replaying moves) before any lock is taken. */
function readMutations(raw: readonly unknown[], user: UserRow, now: Date, handledUpTo: number): Incoming[] {
  return raw.map((item, index) => {
    const id = mutationIdSchema.safeParse((item as { id?: unknown } | null)?.id);
    if (!id.success) throw httpError(400, `Invalid body: mutations.${index}.id: ${formatIssues(id.error)}`);
    if (id.data <= handledUpTo) return { id: id.data, kind: 'handled' };
    const parsed = mutationSchema.safeParse(item);
    if (!parsed.success) return { id: id.data, kind: 'rejected', error: `Invalid mutation: ${formatIssues(parsed.error)}` };
    const { args } = parsed.data;
    const finishedAt = new Date(args.finishedAt);
    // A client clock far in the future would pin the game to the top of the history.
    const createdAt = finishedAt.getTime() > now.getTime() + 60_000 ? now : finishedAt;
    const prepared = prepareGame(args.gameId, args.game, createdAt, user.username);
    return prepared.ok ? { id: id.data, kind: 'saveGame', game: prepared.game } : { id: id.data, kind: 'rejected', error: prepared.error };
  });
}

/** The client's last applied id, registering the client to this user on first sight. Locks its row. */
async function claimClient(trx: Transaction<Database>, database: AppDatabase, clientId: string, userId: number, now: Date): Promise<number> {
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
  beforeMutation?: BeforeMutation,
): Promise<PushResponse> {
  const clientId = request.clientId.toLowerCase();
  // A first look without a lock: refuses another user's client early, and spares replaying the
  // games of a batch pushed again (the last id only grows, so those stay duplicates).
  const known = await database.db.selectFrom('syncClients').select(['userId', 'lastMutationId']).where('clientId', '=', clientId).executeTakeFirst();
  if (known !== undefined && known.userId !== user.id) throw httpError(403, CLIENT_TAKEN);
  const incoming = readMutations(request.mutations, user, now, Number(known?.lastMutationId ?? 0)).sort((a, b) => a.id - b.id);
  const outcome = await database.db.transaction().execute(async (trx) => {
    let last = await claimClient(trx, database, clientId, user.id, now);
    const results = new Map<number, PushResult>();
    const toStore: Extract<Incoming, { kind: 'saveGame' }>[] = [];
    for (const mutation of incoming) {
      if (mutation.id <= last) {
        if (!results.has(mutation.id)) results.set(mutation.id, { id: mutation.id, status: 'duplicate' });
        continue;
      }
      await beforeMutation?.(mutation.id);
      if (mutation.kind === 'rejected') results.set(mutation.id, { id: mutation.id, status: 'rejected', error: mutation.error });
      else if (mutation.kind === 'saveGame') toStore.push(mutation);
      else throw new Error(`mutation ${mutation.id} was handled before this push but is above the last id ${last}`);
      last = mutation.id;
    }
    const version = toStore.length > 0 ? await nextSyncVersion(trx, user.id) : 0;
    const delta = emptyDelta();
    // All of a push's games go in one statement; each gets its own answer.
    const applied = await applyGames(trx, user.id, toStore.map((mutation) => mutation.game), version, delta);
    toStore.forEach((mutation, index) => {
      const result = applied[index] as ApplyResult;
      results.set(
        mutation.id,
        result.status === 'rejected' ? { id: mutation.id, status: 'rejected', error: result.error } : { id: mutation.id, status: result.status },
      );
    });
    await applyCounters(trx, user.id, delta);
    await trx
      .updateTable('syncClients')
      .set({ lastMutationId: last, updatedAt: now.toISOString() })
      .where('clientId', '=', clientId)
      .execute();
    return { results, last };
  });
  // Answered in the order the client sent them (every id read above has its answer).
  const order = request.mutations.map((item) => (item as { id: number }).id);
  return {
    results: order.map((id) => outcome.results.get(id) ?? { id, status: 'duplicate' }),
    lastMutationId: outcome.last,
  };
}
