/**
 * The tournaments stored on this device (Dexie), and which of them it follows live (issue 22).
 *
 * A snapshot from the server carries the tournament's version. A local guess (an action applied
 * offline by tournament-offline.ts) is stored without one, so the next pull asks for the server's
 * copy. A copy from the server (the push's answer, a pull, GET /snapshot) replaces the stored one
 * unless this device still has changes to it queued, or made one while the answer was on its way,
 * or already stores a later version: each of those would put an older state over a newer one.
 */
import { tournamentSnapshotSchema as snapshotSchema, type FollowedTournament, type LiveTournament, type TournamentSnapshot as Snapshot } from '../../../schema';
import type { EnteredResult } from '../../../domain/tournament-admin';
import { TOURNAMENT_RESULTS } from '../../../schema';
import { db, type TournamentSnapshotRow } from '../../shared/db';
import type { SyncContribution } from '../../shared/sync';

/** The tournament a queued mutation changes, or null when it is not a tournament mutation. */
export function tournamentIdOfMutation(_name: string, args: unknown): number | null {
  if (args && typeof args === 'object' && 'tournamentId' in args && typeof args.tournamentId === 'number') return args.tournamentId;
  return null;
}

/** Reads the stored snapshot (null when none or unreadable). */
export async function readSnapshot(id: number): Promise<Snapshot | null> {
  const row = await db.tournamentSnapshots.get(id);
  if (!row) return null;
  const parsed = snapshotSchema.safeParse(row.snapshot);
  if (!parsed.success) {
    console.warn(`Stored tournament ${id} is not valid; it will be fetched again.`, parsed.error.issues);
    return null;
  }
  return parsed.data;
}

/** Stores a snapshot: the server's (`fetched`) with its version, a local guess without one. */
export async function writeSnapshot(id: number, snapshot: Snapshot, fetched: boolean): Promise<void> {
  const previous = await db.tournamentSnapshots.get(id);
  const { version, ...rest } = snapshot;
  const stored = fetched && version !== undefined ? { ...rest, version } : rest;
  await db.tournamentSnapshots.put({
    id,
    snapshot: stored,
    fetchedAt: fetched ? new Date().toISOString() : (previous?.fetchedAt ?? new Date(0).toISOString()),
    // The results this device entered outlive every new copy of the snapshot.
    ...(previous?.entered === undefined ? {} : { entered: previous.entered }),
  });
}

const isEnteredResult = (value: unknown): value is EnteredResult =>
  typeof value === 'object' && value !== null &&
  Number.isInteger((value as EnteredResult).roundNumber) && Number.isInteger((value as EnteredResult).boardNumber) &&
  (TOURNAMENT_RESULTS as readonly unknown[]).includes((value as EnteredResult).result);

/** The results this device entered for the tournament (issue 29), from its stored row (anything unreadable skipped). */
export function enteredResults(row: TournamentSnapshotRow | null | undefined): EnteredResult[] {
  return Array.isArray(row?.entered) ? row.entered.filter(isEnteredResult) : [];
}

/** Keeps `entry` as this device's result for its board (replacing an earlier one), or with `null` forgets the board's. */
export async function noteEnteredResult(id: number, board: { roundNumber: number; boardNumber: number }, entry: EnteredResult | null): Promise<void> {
  await db.transaction('rw', db.tournamentSnapshots, async () => {
    const row = await db.tournamentSnapshots.get(id);
    if (!row) return;
    const others = enteredResults(row).filter((each) => each.roundNumber !== board.roundNumber || each.boardNumber !== board.boardNumber);
    await db.tournamentSnapshots.update(id, { entered: entry === null ? others : [...others, entry] });
  });
}

/** The version of the stored copy when it came from the server as it is (null: none, or a local guess). */
async function storedVersion(id: number): Promise<number | null> {
  const row = await db.tournamentSnapshots.get(id);
  const version = (row?.snapshot as { version?: unknown } | undefined)?.version;
  return typeof version === 'number' ? version : null;
}

/** Whether this device still has queued (not yet pushed) changes to the tournament. */
export async function hasPendingChanges(id: number): Promise<boolean> {
  const rows = await db.outbox.where('status').equals('pending').toArray();
  return rows.some((row) => tournamentIdOfMutation(row.name, row.args) === id);
}

/** Local changes per tournament (counted by tournament-offline.ts). */
const localChanges = new Map<number, number>();

export function noteLocalChange(id: number): void {
  localChanges.set(id, (localChanges.get(id) ?? 0) + 1);
}

/** How many local changes the tournament has had; taken before a request, compared when its answer comes. */
export function localChangeCount(id: number): number {
  return localChanges.get(id) ?? 0;
}

/** Each tournament's local change count now: taken before a push or pull whose answer may carry tournaments. */
export function localChangeCounts(): ReadonlyMap<number, number> {
  return new Map(localChanges);
}

/**
 * Stores a snapshot from the server unless it would put an older state over a newer one (see
 * above); `changesBefore` is localChangeCount(id) when the request was sent. Answers whether it was stored.
 */
export async function storeServerSnapshot(id: number, snapshot: Snapshot, changesBefore: number): Promise<boolean> {
  if (localChangeCount(id) !== changesBefore || (await hasPendingChanges(id))) return false;
  const stored = await storedVersion(id);
  if (stored !== null && snapshot.version !== undefined && snapshot.version < stored) return false;
  await writeSnapshot(id, snapshot, true);
  return true;
}

/** Stores the tournaments a push or pull answered (a player's own registration replaces theirs in the shared snapshot). */
export async function storeLiveTournaments(items: readonly LiveTournament[], changesBefore: ReadonlyMap<number, number>): Promise<void> {
  for (const item of items) {
    const own = item.ownRegistration;
    const registrations = own === undefined ? item.snapshot.registrations : item.snapshot.registrations.map((entry) => (entry.id === own.id ? own : entry));
    await storeServerSnapshot(item.id, { ...item.snapshot, registrations, version: item.version }, changesBefore.get(item.id) ?? 0);
  }
}

/** The tournaments whose screens are open, with how many screens follow each. */
const followed = new Map<number, number>();

/** Follows a tournament while its screen is open (the sync loop's pulls ask for it); answers the unfollow. */
export function followTournament(id: number): () => void {
  followed.set(id, (followed.get(id) ?? 0) + 1);
  return () => {
    const count = (followed.get(id) ?? 1) - 1;
    if (count > 0) followed.set(id, count);
    else followed.delete(id);
  };
}

export function followsAnyTournament(): boolean {
  return followed.size > 0;
}

/** The followed tournaments with the versions of their stored copies, for the pull. */
export async function followedVersions(): Promise<FollowedTournament[]> {
  return Promise.all([...followed.keys()].map(async (id) => ({ id, version: await storedVersion(id) })));
}

/**
 * The tournaments' part in a sync run (app/start-sync.ts registers it): a push of tournament
 * actions alone needs no pull, as its answer carries the tournaments; the first pull page asks for
 * the followed ones by version; the tournaments a push or pull answers are stored unless this
 * device changed them while the answer was on its way (the counts are taken as the request goes).
 */
export const tournamentSync: SyncContribution = {
  answeredByPush: (name, args) => tournamentIdOfMutation(name, args) !== null,
  takePush() {
    const changesBefore = localChangeCounts();
    return (response) => storeLiveTournaments(response.tournaments ?? [], changesBefore);
  },
  async pullRequest(page) {
    const tournaments = page === 0 ? await followedVersions() : [];
    return tournaments.length > 0 ? { tournaments } : {};
  },
  takePull() {
    const changesBefore = localChangeCounts();
    return ({ response }) => storeLiveTournaments(response.tournaments ?? [], changesBefore);
  },
};
