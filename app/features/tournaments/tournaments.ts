/**
 * Tournaments on this device. The list and each opened tournament are stored in Dexie, so the
 * screens work with the network off after one visit. An organiser's action (close registration,
 * create a round, pair it, start it, enter a result...) is applied to the stored snapshot with the
 * same pure rule the server uses (domain/tournament-admin), stored, and queued in the outbox as
 * the matching mutation. The push's answer carries the server's snapshot, which replaces the local
 * guess (real ids, another device's pairings, a dispute); while a tournament's screen is open the
 * device follows it (useLiveTournament): the sync loop pulls every few seconds and stores the
 * tournament whenever its version changed, so a result entered on another device shows here.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, NetworkError, requestJson } from '../../shared/api';
import { useAuth, usePermissions } from '../auth';
import { useCachedPage } from '../../shared/cached-page';
import { db } from '../../shared/db';
import { useOutbox, type OutboxEntry } from '../../shared/outbox';
import { syncNow } from '../../shared/sync';
import { resultsNotKept, type ResultNotKept } from '../../../domain/tournament-admin';
import { apiPath, tournamentPaths } from '../../../schema';
import { enteredResults, followTournament, localChangeCount, storeServerSnapshot } from './tournament-store';
import {
  snapshotPath,
  snapshotSchema,
  snapshotView,
  tournamentIdOfMutation,
  tournamentListSchema,
  tournamentSchema,
  type SnapshotView,
  type TournamentActions,
} from './tournament-snapshot';
import { createTournamentActions } from './tournament-actions';
import { withRealNames } from './real-names';

export type { TournamentActions } from './tournament-snapshot';

/** What every tournament screen draws, with the organiser's actions bound to this tournament. */
export type TournamentSnapshotView = SnapshotView & {
  actions: TournamentActions;
  /** The viewer manages this tournament (Manage, the Registrations and Rounds tabs). */
  canManage: boolean;
  myRegistration: SnapshotView['registrations'][number] | null;
};

export function useTournamentList() {
  const load = useCachedPage('tournaments', apiPath(tournamentPaths.list), tournamentListSchema);
  if (load.status !== 'ready') return load.status === 'loading' ? load : { status: 'error' as const, reload: load.reload };
  return { status: 'ready' as const, tournaments: load.value, offline: load.offline, reload: load.reload };
}

/** POST /api/tournaments (online: the server gives the tournament its id). */
export async function createTournament(request: unknown) {
  const tournament = await requestJson(apiPath(tournamentPaths.list), tournamentSchema, { method: 'POST', body: request });
  await fetchSnapshot(tournament.id).catch(() => undefined);
  return tournament;
}

/** The latest fetch started per tournament: an earlier one answering later is not stored. */
const latestFetch = new Map<number, number>();
let fetches = 0;

/**
 * Fetches the server's snapshot (when a screen opens the tournament) and stores it unless it
 * would put an older state over a newer one (tournament-store.ts), or a later fetch was started.
 * Afterwards the sync loop keeps it fresh while the screen is open. Answers 'notFound' for a 404.
 */
export async function fetchSnapshot(id: number): Promise<'stored' | 'kept' | 'notFound'> {
  const ticket = ++fetches;
  latestFetch.set(id, ticket);
  const changesBefore = localChangeCount(id);
  try {
    const snapshot = await requestJson(snapshotPath(id), snapshotSchema);
    if (latestFetch.get(id) !== ticket) return 'kept';
    return (await storeServerSnapshot(id, snapshot, changesBefore)) ? 'stored' : 'kept';
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'notFound';
    throw error;
  }
}

export type TournamentLoad =
  | { status: 'loading' }
  | { status: 'notFound'; reload: () => void }
  | { status: 'error'; reload: () => void }
  | {
      status: 'ready';
      view: TournamentSnapshotView;
      offline: boolean;
      pendingChanges: number;
      /** This device's changes the server refused, with its reason (kept until dismissed). */
      refused: OutboxEntry[];
      /** Issue 29: this device's results the server did not keep (another device's stands). */
      notKept: ResultNotKept[];
      reload: () => void;
    };

export function useTournament(id: number | null): TournamentLoad {
  const auth = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  const [fetchState, setFetchState] = useState<'loading' | 'fresh' | 'offline' | 'notFound' | 'error'>('loading');
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const stored = useLiveQuery(async () => (id === null ? null : ((await db.tournamentSnapshots.get(id)) ?? null)), [id]);
  const outbox = useOutbox(userId);

  useLiveTournament(id);
  // Opened offline: fetched again when the network is back (the sync loop then keeps it fresh).
  useEffect(() => {
    if (fetchState !== 'offline') return;
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [fetchState, reload]);
  useEffect(() => {
    if (id === null) {
      setFetchState('notFound');
      return;
    }
    let live = true;
    fetchSnapshot(id)
      .then((outcome) => live && setFetchState(outcome === 'notFound' ? 'notFound' : 'fresh'))
      .catch((error: unknown) => {
        if (!live) return;
        if (error instanceof NetworkError) setFetchState('offline');
        else {
          console.error(`Failed to load tournament ${id}`, error);
          setFetchState('error');
        }
      });
    return () => {
      live = false;
    };
  }, [id, reloads]);

  const snapshot = useMemo(() => {
    if (!stored) return null;
    const parsed = snapshotSchema.safeParse(stored.snapshot);
    return parsed.success ? parsed.data : null;
  }, [stored]);
  const permissions = usePermissions();
  // The server says whether this viewer manages this tournament (a school's organiser manages
  // their school's only); a snapshot from before that answer falls back on the global permission.
  const canManage = snapshot?.viewerManages ?? permissions.has('tournament:edit');
  const actions = useMemo(() => (id === null ? null : createTournamentActions(id, canManage)), [id, canManage]);
  const view = useMemo(() => {
    if (!snapshot || !actions) return null;
    const base = withRealNames(snapshotView(snapshot));
    return { ...base, actions, canManage, myRegistration: base.registrations.find((registration) => registration.userId === userId) ?? null };
  }, [snapshot, actions, canManage, userId]);

  if (fetchState === 'notFound' && !view) return { status: 'notFound', reload };
  if (view) {
    const mine = (outbox ?? []).filter((row) => tournamentIdOfMutation(row.name, row.args) === id);
    const pendingChanges = mine.filter((row) => row.status === 'pending').length;
    const refused = mine.filter((row) => row.status === 'rejected');
    const notKept = resultsNotKept(view, enteredResults(stored));
    return { status: 'ready', view, offline: fetchState === 'offline', pendingChanges, refused, notKept, reload };
  }
  if (stored === undefined || fetchState === 'loading' || fetchState === 'fresh') return { status: 'loading' };
  return { status: 'error', reload };
}

/** How often an open tournament screen pulls while the device is online and the page visible. */
export const LIVE_PULL_MS = 2500;

/**
 * Follows the tournament while its screen is open: every LIVE_PULL_MS, while the page is visible
 * and the device online, a sync run whose pull asks for it by version (docs/decisions.md, issue 22).
 */
export function useLiveTournament(id: number | null): void {
  useEffect(() => {
    if (id === null) return;
    const unfollow = followTournament(id);
    const tick = () => {
      if (document.visibilityState === 'visible' && navigator.onLine) void syncNow();
    };
    const timer = setInterval(tick, LIVE_PULL_MS);
    document.addEventListener('visibilitychange', tick);
    return () => {
      unfollow();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [id]);
}
