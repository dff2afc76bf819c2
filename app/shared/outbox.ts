/**
 * The outbox: every write the client makes to the server is a mutation queued here first (Dexie
 * table `outbox`), then pushed by the sync loop (app/shared/sync.ts). A mutation carries the client
 * id, a per-client increasing id, its name and its zod-validated arguments. Each signed-in user
 * on a device has a client id and counter of their own (meta `sync-client:<userId>`), so one
 * person's queued games are never pushed under another's session, and ids stay increasing per
 * client even when entries wait for their user to sign in again.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { ErrorResponse, MutationArgs, MutationName, PushResponse } from '../../schema';
import { db, type OutboxRow } from './db';
import { serverErrorText } from './i18n/server-messages';
import { randomUuid } from './ids';

export type OutboxEntry = OutboxRow;

export interface SyncClient {
  clientId: string;
  /** The id the next mutation gets; always above every id this client has used. */
  nextMutationId: number;
}

/**
 * mutationSchema, loaded with the first mutation queued (issue 20: not before Play paints), and
 * before the transaction: IndexedDB ends a transaction that waits on anything but itself.
 */
const loadMutationSchema = async () => (await import('../../schema')).mutationSchema;

/** The meta key of a user's client on this device (its id and counter). */
export const clientKey = (userId: number) => `sync-client:${userId}`;
const onceKey = (key: string) => `outbox-once:${key}`;

function isSyncClient(value: unknown): value is SyncClient {
  return (
    typeof value === 'object' && value !== null &&
    'clientId' in value && typeof value.clientId === 'string' &&
    'nextMutationId' in value && typeof value.nextMutationId === 'number'
  );
}

/** The user's client on this device, made on first use. Call inside a transaction on `meta`. */
async function clientFor(userId: number): Promise<SyncClient> {
  const stored = (await db.meta.get(clientKey(userId)))?.value;
  if (isSyncClient(stored)) return stored;
  const client = { clientId: randomUuid(), nextMutationId: 1 };
  await db.meta.put({ key: clientKey(userId), value: client });
  return client;
}

export function getSyncClient(userId: number): Promise<SyncClient> {
  return db.transaction('rw', db.meta, () => clientFor(userId));
}

/** Listeners told when something is queued (the sync loop pushes at once). */
const enqueueListeners = new Set<() => void>();
export function onEnqueue(listener: () => void): () => void {
  enqueueListeners.add(listener);
  return () => enqueueListeners.delete(listener);
}

/**
 * Queues a mutation for the user. With `once`, a key already queued before (even if long since
 * pushed and removed) queues nothing and answers null: the key and the entry are written in one
 * transaction, so a reload at the wrong moment cannot queue a game twice. Invalid arguments
 * throw (a bug, never a user's mistake).
 */
export async function enqueue<N extends MutationName>(
  userId: number,
  name: N,
  args: MutationArgs<N>,
  options: { once?: string } = {},
): Promise<OutboxEntry | null> {
  const mutationSchema = await loadMutationSchema();
  const entry = await db.transaction('rw', db.outbox, db.meta, async () => {
    if (options.once !== undefined) {
      if (await db.meta.get(onceKey(options.once))) return null;
      await db.meta.put({ key: onceKey(options.once), value: new Date().toISOString() });
    }
    const client = await clientFor(userId);
    const id = client.nextMutationId;
    const parsed = mutationSchema.parse({ id, name, args });
    await db.meta.put({ key: clientKey(userId), value: { ...client, nextMutationId: id + 1 } });
    const row: Omit<OutboxRow, 'seq'> = {
      id,
      clientId: client.clientId,
      userId,
      name: parsed.name,
      args: parsed.args,
      createdAt: new Date().toISOString(),
      status: 'pending',
      error: null,
    };
    const seq = await db.outbox.add(row as OutboxRow);
    return { ...row, seq } as OutboxRow;
  });
  if (entry) for (const listener of enqueueListeners) listener();
  return entry;
}

/** Marks a key as handled without queueing anything (a guest's finished game: kept only locally). */
export async function markOnce(key: string): Promise<boolean> {
  return db.transaction('rw', db.meta, async () => {
    if (await db.meta.get(onceKey(key))) return false;
    await db.meta.put({ key: onceKey(key), value: new Date().toISOString() });
    return true;
  });
}

/** The oldest pending entries of a client, in id order, at most `limit`. */
export async function pendingEntries(clientId: string, limit: number): Promise<OutboxEntry[]> {
  const rows = await db.outbox.where('clientId').equals(clientId).sortBy('id');
  return rows.filter((row) => row.status === 'pending').slice(0, limit);
}

export interface PushOutcome {
  /** Applied or duplicate (mutation ids): the server has them; remove them. */
  done: number[];
  /** Refused, with the reason to show; keep them (never push again: the server has handled the id). */
  rejected: { id: number; refusal: ErrorResponse }[];
  /** Not answered: push again later. */
  unanswered: number[];
}

/** What a push answer means for the entries that were sent. Pure. */
export function readPushResponse(sentIds: readonly number[], response: PushResponse): PushOutcome {
  const byId = new Map(response.results.map((result) => [result.id, result]));
  const outcome: PushOutcome = { done: [], rejected: [], unanswered: [] };
  for (const id of sentIds) {
    const result = byId.get(id);
    if (!result) outcome.unanswered.push(id);
    else if (result.status === 'rejected') outcome.rejected.push({ id, refusal: { error: result.error ?? 'The server refused it.', code: result.code, params: result.params } });
    else outcome.done.push(id);
  }
  return outcome;
}

/** Applies a push answer to the client's entries and moves its counter past the server's last id. */
export async function applyPushOutcome(userId: number, clientId: string, outcome: PushOutcome, lastMutationId: number): Promise<void> {
  await db.transaction('rw', db.outbox, db.meta, async () => {
    const rows = await db.outbox.where('clientId').equals(clientId).toArray();
    const seqOf = new Map(rows.map((row) => [row.id, row.seq]));
    const done = new Set(outcome.done);
    await db.outbox.bulkDelete(rows.filter((row) => done.has(row.id)).map((row) => row.seq));
    for (const { id, refusal } of outcome.rejected) {
      const seq = seqOf.get(id);
      if (seq !== undefined) await db.outbox.update(seq, rejectedFields(refusal));
    }
    const client = await clientFor(userId);
    if (client.nextMutationId <= lastMutationId) {
      await db.meta.put({ key: clientKey(userId), value: { ...client, nextMutationId: lastMutationId + 1 } });
    }
  });
}

/**
 * Marks entries refused as a whole push (a 4xx answer other than 'client too old'): they are
 * shown with the server's reason and wait for the user's choice instead of being pushed again
 * forever.
 */
export async function markRejected(clientId: string, ids: readonly number[], refusal: ErrorResponse): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const wanted = new Set(ids);
    const rows = (await db.outbox.where('clientId').equals(clientId).toArray()).filter((row) => wanted.has(row.id));
    for (const row of rows) await db.outbox.update(row.seq, rejectedFields(refusal));
  });
}

/** A refused entry's fields: the English, and the code and values it is shown by in the app's language. */
function rejectedFields({ error, code, params }: ErrorResponse): Pick<OutboxRow, 'status' | 'error' | 'errorCode' | 'errorParams'> {
  return { status: 'rejected', error, errorCode: code, errorParams: params };
}

/** Why the server refused an entry, in the app's language when its code is known (else its English); null for one not refused. */
export function refusalText(entry: Pick<OutboxRow, 'error' | 'errorCode' | 'errorParams'>): string | null {
  return entry.error === null ? null : serverErrorText({ error: entry.error, code: entry.errorCode, params: entry.errorParams });
}

/** Forgets a rejected entry once its reason has been read (the user's "Discard"). */
export async function dismissEntry(seq: number): Promise<void> {
  await db.outbox.delete(seq);
}

/**
 * Queues a rejected entry again, as it was or with edited arguments: it gets a new mutation id
 * (the server has handled the old one and would answer it as a duplicate) and waits as pending.
 * Invalid edited arguments throw (the editor validates first).
 */
export async function retryEntry(seq: number, editedArgs?: unknown): Promise<void> {
  const mutationSchema = await loadMutationSchema();
  await db.transaction('rw', db.outbox, db.meta, async () => {
    const row = await db.outbox.get(seq);
    if (!row || row.status !== 'rejected') return;
    const client = await clientFor(row.userId);
    const id = client.nextMutationId;
    const parsed = mutationSchema.parse({ id, name: row.name, args: editedArgs ?? row.args });
    await db.meta.put({ key: clientKey(row.userId), value: { ...client, nextMutationId: id + 1 } });
    await db.outbox.update(seq, { id, clientId: client.clientId, args: parsed.args, status: 'pending', error: null, errorCode: undefined, errorParams: undefined });
  });
  for (const listener of enqueueListeners) listener();
}

/** The user's queued and rejected entries, live (undefined while loading). */
export function useOutbox(userId: number | null): OutboxEntry[] | undefined {
  return useLiveQuery(
    async () => (userId === null ? [] : (await db.outbox.toArray()).filter((row) => row.userId === userId).sort((a, b) => a.id - b.id)),
    [userId],
  );
}
