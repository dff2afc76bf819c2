/**
 * The sync loop: pushes the signed-in user's outbox to POST /api/sync/push, then pulls what
 * changed for them from POST /api/sync/pull with a cursor (and the followed tournaments by
 * version). It runs on start, when a mutation is queued (a push of tournament actions alone is
 * not followed by a pull: its answer carries the tournaments), on the browser's 'online' event,
 * on window focus and every few seconds while a tournament screen is open; after a failure it
 * retries with an exponential backoff. One run at a time: a trigger during a run makes it go
 * round again.
 *
 * Every push and pull carries SYNC_PROTOCOL. A 409 'client too old' stops the loop with the
 * outbox untouched and sets `updateRequired` (the shell shows 'Update available'; the reloaded
 * app pushes). Any other refusal of a whole push (4xx) marks the batch's entries rejected with the
 * server's reason, shown to the user with a choice (retry or discard) instead of being pushed
 * again forever; 429 and 5xx wait (Retry-After or the backoff) and try again.
 */
import { useSyncExternalStore } from 'react';
import { checkParentControls } from '../features/settings/settings';
import { CLIENT_TOO_OLD, livePushResponseSchema, MAX_PUSH_BATCH, pullResponseSchema, SYNC_PROTOCOL } from '../../schema';
import { ApiError, requestJson } from './api';
import { sweepWaitingChanges } from '../features/auth/account-data';
import { currentUserId, getAuthState, refreshUser, setSignedIn, subscribeAuth } from '../features/auth/auth';
import { db } from './db';
import { applyPushOutcome, getSyncClient, markRejected, onEnqueue, pendingEntries, readPushResponse } from './outbox';
import { followedVersions, localChangeCounts, storeLiveTournaments, tournamentIdOfMutation } from '../features/tournaments/tournament-store';

/** What the sync loop tells the screens: whether this app is too old for the server. */
export interface SyncStatus {
  updateRequired: boolean;
}

let status: SyncStatus = { updateRequired: false };
const statusListeners = new Set<() => void>();

function setStatus(next: SyncStatus): void {
  status = next;
  for (const listener of statusListeners) listener();
}

export function getSyncStatus(): SyncStatus {
  return status;
}

export function subscribeSyncStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(subscribeSyncStatus, getSyncStatus);
}

/** How the loop reacts to a refused push or pull. Pure. */
export type Refusal = 'signed-out' | 'update' | 'reject-batch' | 'retry';

export function classifyRefusal(error: unknown): Refusal {
  if (!(error instanceof ApiError)) return 'retry';
  if (error.status === 401) return 'signed-out';
  if (error.status === 409 && error.serverMessage === CLIENT_TOO_OLD) return 'update';
  if (error.status === 408 || error.status === 429 || error.status >= 500) return 'retry';
  return error.status >= 400 ? 'reject-batch' : 'retry';
}

/** Seconds the server asked to wait (Retry-After of a 429 or 503), 0 when it did not say. */
export function retryAfterMs(error: unknown): number {
  if (!(error instanceof ApiError) || error.retryAfterSeconds === null) return 0;
  return Math.min(BACKOFF_MAX_MS * 10, error.retryAfterSeconds * 1000);
}

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 60_000;

/** The wait before retry number `failures` (1, 2, ...): doubling from 1 s up to 60 s, with ±20% jitter. */
export function backoffMs(failures: number, random: () => number = Math.random): number {
  const plain = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(plain * (0.8 + 0.4 * random()));
}

const cursorKey = (userId: number) => `sync-cursor:${userId}`;

/** Listeners told after a sync run changed something on the server side (history pages refetch). */
const changeListeners = new Set<() => void>();
export function onSynced(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** What a push sent: anything, and anything other than tournament actions (whose answers carry the tournaments). */
interface Pushed {
  sent: boolean;
  others: boolean;
}

/**
 * Pushes every pending entry of the user, batch by batch. The answer carries the tournaments the
 * batch named (protocol 3), stored as the server's copies (tournament-store.ts).
 */
async function pushAll(userId: number): Promise<Pushed> {
  const { clientId } = await getSyncClient(userId);
  const pushed: Pushed = { sent: false, others: false };
  for (;;) {
    const batch = await pendingEntries(clientId, MAX_PUSH_BATCH);
    if (batch.length === 0) return pushed;
    const changesBefore = localChangeCounts();
    let response;
    try {
      response = await requestJson('/api/sync/push', livePushResponseSchema, {
        method: 'POST',
        body: { protocol: SYNC_PROTOCOL, clientId, mutations: batch.map(({ id, name, args }) => ({ id, name, args })) },
      });
    } catch (error) {
      if (classifyRefusal(error) !== 'reject-batch') throw error;
      const refusal = error as ApiError;
      await markRejected(clientId, batch.map((entry) => entry.id), refusal.serverMessage ?? refusal.message);
      pushed.sent = true;
      continue;
    }
    // The account left while the push was under way (Log Out, a 401): nothing of it is stored again.
    if (currentUserId() !== userId) return pushed;
    const outcome = readPushResponse(batch.map((entry) => entry.id), response);
    await applyPushOutcome(userId, clientId, outcome, response.lastMutationId);
    await storeLiveTournaments(response.tournaments ?? [], changesBefore);
    pushed.sent = true;
    pushed.others ||= batch.some((entry) => tournamentIdOfMutation(entry.name, entry.args) === null);
    if (outcome.unanswered.length === batch.length) return pushed; // no progress: try again later
  }
}

/**
 * Pulls changes after the stored cursor; the fresh user (Elo, counters) replaces the cached one.
 * The first page also asks for the followed tournaments by version and stores those that changed.
 */
async function pullAll(userId: number): Promise<number> {
  let changed = 0;
  for (let page = 0; page < 20; page++) {
    const stored = (await db.meta.get(cursorKey(userId)))?.value;
    const cursor = typeof stored === 'number' ? stored : 0;
    const tournaments = page === 0 ? await followedVersions() : [];
    const changesBefore = localChangeCounts();
    const response = await requestJson('/api/sync/pull', pullResponseSchema, {
      method: 'POST',
      body: { protocol: SYNC_PROTOCOL, cursor, ...(tournaments.length > 0 ? { tournaments } : {}) },
    });
    if (currentUserId() !== userId) return changed; // the account left meanwhile: store none of it
    await storeLiveTournaments(response.tournaments ?? [], changesBefore);
    if (currentUserId() === response.user.id) await setSignedIn(response.user);
    // Issue 19: a parent changed this child's Parental Controls since this device last looked.
    if (page === 0 && response.controlsSetAt !== undefined && currentUserId() === userId) await checkParentControls(userId, response.controlsSetAt);
    await db.meta.put({ key: cursorKey(userId), value: response.cursor });
    changed += response.changed;
    if (!response.hasMore) break;
  }
  return changed;
}

/** The run under way (its promise settles when it and any runs it goes round for are over). */
let running: Promise<void> | null = null;
let again = false;
/** A trigger asked for a pull (every one but a queued mutation's: a push of tournament actions needs none). */
let pullWanted = false;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * One sync run (push, then pull) for the signed-in user; safe to call any time. With
 * `{ pull: false }` (a mutation was queued) it pulls only if it pushed something other than
 * tournament actions: their push's answer already carries the tournaments (one round trip per
 * result entered). Settles when the run under way, gone round again for this call, is over (Log
 * Out waits for its push).
 */
export function syncNow(options: { pull?: boolean } = {}): Promise<void> {
  if (options.pull !== false) pullWanted = true;
  if (running) {
    again = true;
    return running;
  }
  running = runSync().finally(() => {
    running = null;
  });
  return running;
}

async function runSync(): Promise<void> {
  do {
    again = false;
    const userId = currentUserId();
    if (userId === null || status.updateRequired || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
    try {
      const pushed = await pushAll(userId);
      let pulled = 0;
      if (pullWanted || pushed.others) {
        pullWanted = false;
        pulled = await pullAll(userId);
      }
      failures = 0;
      clearTimeout(retryTimer);
      if (pushed.others || pulled > 0) for (const listener of changeListeners) listener();
    } catch (error) {
      const refusal = classifyRefusal(error);
      if (refusal === 'signed-out') {
        await refreshUser(); // the session ended: the auth state says signed out
        return;
      }
      if (refusal === 'update') {
        // The outbox stays as it is; the reloaded (updated) app pushes it.
        setStatus({ ...status, updateRequired: true });
        return;
      }
      failures += 1;
      const wait = Math.max(backoffMs(failures), retryAfterMs(error));
      console.warn(`Sync failed; retrying in ${wait} ms.`, error);
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => void syncNow(), wait);
      return;
    }
  } while (again);
}

let stopLoop: (() => void) | null = null;

/** Starts the loop once per page: on start, on enqueue, 'online', focus and sign-in. */
export function startSync(): () => void {
  if (stopLoop) return stopLoop;
  const trigger = () => void syncNow();
  let lastUser = currentUserId();
  // Issue 26: the outbox rows waiting for someone signed out are kept a while, then dropped.
  let swept: string | null = null;
  const sweep = () => {
    const auth = getAuthState();
    const key = auth.status === 'signedIn' ? String(auth.user.id) : auth.status;
    if (auth.status === 'loading' || key === swept) return;
    swept = key;
    void sweepWaitingChanges(currentUserId());
  };
  const unsubscribeAuth = subscribeAuth(() => {
    sweep();
    const user = currentUserId();
    if (user !== lastUser) {
      lastUser = user;
      failures = 0;
      trigger();
    }
  });
  sweep();
  const unsubscribeEnqueue = onEnqueue(() => void syncNow({ pull: false }));
  window.addEventListener('online', trigger);
  window.addEventListener('focus', trigger);
  if (getAuthState().status === 'signedIn') trigger();
  stopLoop = () => {
    unsubscribeAuth();
    unsubscribeEnqueue();
    window.removeEventListener('online', trigger);
    window.removeEventListener('focus', trigger);
    clearTimeout(retryTimer);
    stopLoop = null;
  };
  return stopLoop;
}
