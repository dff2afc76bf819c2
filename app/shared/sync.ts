/**
 * The sync loop: pushes the signed-in user's outbox to POST /api/sync/push, then pulls what
 * changed for them from POST /api/sync/pull with a cursor. It runs on start, when a mutation is
 * queued (a push whose mutations' answers it carries, as tournament actions' are, is not followed
 * by a pull), on the browser's 'online' event, on window focus and whenever a feature asks
 * (syncNow: every few seconds while a tournament screen is open); after a failure it retries with
 * an exponential backoff. One run at a time: a trigger during a run makes it go round again.
 *
 * The loop knows no feature (issue 27): who is signed in comes from registerSyncAuth, and what a
 * feature adds to a push or pull, or stores from its answer, from registerSyncContribution. The
 * composition root (app/start-sync.ts) registers them before starting the loop.
 *
 * Every push and pull carries SYNC_PROTOCOL. A 409 'client too old' stops the loop with the
 * outbox untouched and sets `updateRequired` (the shell shows 'Update available'; the reloaded
 * app pushes). Any other refusal of a whole push (4xx) marks the batch's entries rejected with the
 * server's reason, shown to the user with a choice (retry or discard) instead of being pushed
 * again forever; 429 and 5xx wait (Retry-After or the backoff) and try again.
 */
import { useSyncExternalStore } from 'react';
import { CLIENT_TOO_OLD, livePushResponseSchema, MAX_PUSH_BATCH, pullResponseSchema, SYNC_PROTOCOL, apiPath, syncPaths, type LivePushResponse, type PullRequest, type PullResponse } from '../../schema';
import { ApiError, requestJson } from './api';
import { db } from './db';
import { applyPushOutcome, getSyncClient, markRejected, onEnqueue, pendingEntries, readPushResponse } from './outbox';

/**
 * Who is signed in, as the loop needs it. The auth feature gives it (registerSyncAuth, wired in
 * app/start-sync.ts): app/shared/ names no feature (issue 27). Until then nobody is signed in.
 */
export interface SyncAuth {
  /** The signed-in user's id, null for guests and signed-out visitors. */
  userId(): number | null;
  /** Listens to sign-in and sign-out; answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** A push or pull got a 401: asks the server who is signed in now (the session ended). */
  sessionEnded(): Promise<void>;
}

/** A pull's answer with the user it was asked for, and the page (0 = the first). */
export interface PullAnswer {
  response: PullResponse;
  userId: number;
  page: number;
}

/**
 * A feature's part in a sync run, registered with registerSyncContribution. Every part is called in
 * the order registered. A request's "taking" hook is called just before it is sent, with nothing
 * awaited in between, and answers what to do with its answer: so it can compare what changed
 * locally while the answer was on its way (the tournaments' local-change guard).
 */
export interface SyncContribution {
  /** Started with the loop (startSync), before its own listeners; answers what stops it. */
  start?(): () => void;
  /** Whether the push's answer carries what this queued mutation changes (a push of only those needs no pull). */
  answeredByPush?(name: string, args: unknown): boolean;
  /** As a push batch is sent: what to do with its answer, after the outbox has taken it (the same user still signed in). */
  takePush?(): (response: LivePushResponse) => Promise<void>;
  /** The fields it adds to a pull's request. */
  pullRequest?(page: number): Promise<Partial<Omit<PullRequest, 'protocol' | 'cursor'>>>;
  /** As a pull page is sent: what to do with its answer (the same user still signed in), before the cursor moves on. */
  takePull?(page: number): (answer: PullAnswer) => Promise<void>;
}

const signedOut: SyncAuth = { userId: () => null, subscribe: () => () => undefined, sessionEnded: async () => undefined };
let auth: SyncAuth = signedOut;
/** A Set: a part registered again (App's effect may run again: StrictMode, a remount) counts once, in its first place. */
const contributions = new Set<SyncContribution>();

/** Gives the loop who is signed in (the auth feature's; the composition root wires it). */
export function registerSyncAuth(source: SyncAuth): void {
  auth = source;
}

/** Adds a feature's part to every sync run; answers its removal. */
export function registerSyncContribution(contribution: SyncContribution): () => void {
  contributions.add(contribution);
  return () => contributions.delete(contribution);
}

/** Whether a contribution says the push's answer carries what the mutation changes. */
function answeredByPush(name: string, args: unknown): boolean {
  return [...contributions].some((contribution) => contribution.answeredByPush?.(name, args) === true);
}

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
  // The server's English (or its code), never the translated text: the decision must not depend on the language.
  if (error.status === 409 && error.serverError?.error === CLIENT_TOO_OLD) return 'update';
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

/** What a push sent: anything, and anything whose answer the push does not carry (so a pull follows). */
interface Pushed {
  sent: boolean;
  others: boolean;
}

/**
 * Pushes every pending entry of the user, batch by batch. Each contribution's takePush hook sees
 * the answer (protocol 3 carries the tournaments the batch named) after the outbox has taken it.
 */
async function pushAll(userId: number): Promise<Pushed> {
  const { clientId } = await getSyncClient(userId);
  const pushed: Pushed = { sent: false, others: false };
  for (;;) {
    const batch = await pendingEntries(clientId, MAX_PUSH_BATCH);
    if (batch.length === 0) return pushed;
    const answers = [...contributions].flatMap((contribution) => contribution.takePush?.() ?? []);
    let response;
    try {
      response = await requestJson(apiPath(syncPaths.push), livePushResponseSchema, {
        method: 'POST',
        body: { protocol: SYNC_PROTOCOL, clientId, mutations: batch.map(({ id, name, args }) => ({ id, name, args })) },
      });
    } catch (error) {
      if (classifyRefusal(error) !== 'reject-batch') throw error;
      const refusal = error as ApiError;
      await markRejected(clientId, batch.map((entry) => entry.id), refusal.serverError ?? { error: refusal.message });
      pushed.sent = true;
      continue;
    }
    // The account left while the push was under way (Log Out, a 401): nothing of it is stored again.
    if (auth.userId() !== userId) return pushed;
    const outcome = readPushResponse(batch.map((entry) => entry.id), response);
    await applyPushOutcome(userId, clientId, outcome, response.lastMutationId);
    for (const answer of answers) await answer(response);
    pushed.sent = true;
    pushed.others ||= batch.some((entry) => !answeredByPush(entry.name, entry.args));
    if (outcome.unanswered.length === batch.length) return pushed; // no progress: try again later
  }
}

/**
 * Pulls changes after the stored cursor. Each contribution adds its fields to the request (the
 * first page asks for the followed tournaments by version) and, through its takePull hook, stores
 * what the answer carries for it (the tournaments that changed, the fresh user, the parent's
 * controls), in the order registered, before the cursor moves on.
 */
async function pullAll(userId: number): Promise<number> {
  let changed = 0;
  for (let page = 0; page < 20; page++) {
    const stored = (await db.meta.get(cursorKey(userId)))?.value;
    const cursor = typeof stored === 'number' ? stored : 0;
    let extras: Partial<Omit<PullRequest, 'protocol' | 'cursor'>> = {};
    for (const contribution of contributions) if (contribution.pullRequest) extras = { ...extras, ...(await contribution.pullRequest(page)) };
    const answers = [...contributions].flatMap((contribution) => contribution.takePull?.(page) ?? []);
    const response = await requestJson(apiPath(syncPaths.pull), pullResponseSchema, {
      method: 'POST',
      body: { protocol: SYNC_PROTOCOL, cursor, ...extras },
    });
    if (auth.userId() !== userId) return changed; // the account left meanwhile: store none of it
    for (const answer of answers) await answer({ response, userId, page });
    await db.meta.put({ key: cursorKey(userId), value: response.cursor });
    changed += response.changed;
    if (!response.hasMore) break;
  }
  return changed;
}

/** The run under way (its promise settles when it and any runs it goes round for are over). */
let running: Promise<void> | null = null;
let again = false;
/** A trigger asked for a pull (every one but a queued mutation's: a push its answer fully covers needs none). */
let pullWanted = false;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * One sync run (push, then pull) for the signed-in user; safe to call any time. With
 * `{ pull: false }` (a mutation was queued) it pulls only if it pushed something whose answer the
 * push does not carry (answeredByPush): tournament actions' answers carry the tournaments (one
 * round trip per result entered). Settles when the run under way, gone round again for this call, is over (Log
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
    const userId = auth.userId();
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
        await auth.sessionEnded(); // the auth state says signed out
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

/**
 * Starts the loop once per page: on start, on enqueue, 'online', focus and sign-in. The
 * contributions start first (the auth feature's sweep of waiting changes, issue 26), so on a
 * sign-in or out their listeners run before the loop's.
 */
export function startSync(): () => void {
  if (stopLoop) return stopLoop;
  const trigger = () => void syncNow();
  let lastUser = auth.userId();
  const stopContributions = [...contributions].flatMap((contribution) => contribution.start?.() ?? []);
  const unsubscribeAuth = auth.subscribe(() => {
    const user = auth.userId();
    if (user !== lastUser) {
      lastUser = user;
      failures = 0;
      trigger();
    }
  });
  const unsubscribeEnqueue = onEnqueue(() => void syncNow({ pull: false }));
  window.addEventListener('online', trigger);
  window.addEventListener('focus', trigger);
  if (auth.userId() !== null) trigger();
  stopLoop = () => {
    for (const stop of stopContributions) stop();
    unsubscribeAuth();
    unsubscribeEnqueue();
    window.removeEventListener('online', trigger);
    window.removeEventListener('focus', trigger);
    clearTimeout(retryTimer);
    stopLoop = null;
  };
  return stopLoop;
}
