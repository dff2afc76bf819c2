/**
 * Tournaments that travel with the sync protocol (issue 22): a push answers the tournaments its
 * mutations named and a pull the followed ones whose version differs from the device's copy, so
 * every online device shows another's result within seconds, and the pushing device needs no
 * second request.
 *
 * Cheap for a hall of phones: an unchanged tournament costs one indexed read of its version; a
 * changed one is made once per version and kind of viewer (the managers' form, and everyone
 * else's with contact, medical and rejection fields left out, ./repository.ts viewSnapshot) and kept
 * as JSON text in the read cache (./read-cache.ts), so 300 phones asking after a result cost one
 * snapshot (already in the cache: the action offered it) and one JSON text. A player also gets
 * their own registration whole, which replaces theirs in the shared snapshot. app.ts hands
 * LIVE_TOURNAMENTS to the sync routes, which name no feature (issue 27).
 */
import type { Kysely } from 'kysely';
import { type FollowedTournament, type TournamentSnapshot } from '../../schema';
import type { Database, UserRow } from '../core/db/types';
import type { AnswerField, SyncContribution } from '../core/sync-answers';
import { httpError } from '../core/plugins/errors';
import { holds, loadAccess, type Access } from '../core/rbac/tenancy';
import { tournamentPlace } from './access';
import { readCacheOf } from './read-cache';
import { loadSnapshot, viewSnapshot } from './repository';
import { realNamesFor, withRealName, withRealNames } from './real-names';
import { recordRegistrationReads } from '../privacy/access-log';

type Db = Kysely<Database>;

/** Snapshots written by actions in a transaction, by tournament: kept in the read cache once it commits. */
export type TournamentChanges = Map<number, { version: number; full: TournamentSnapshot }>;

const snapshotKey = (id: number) => `snapshot:${id}`;

/**
 * After the transaction that wrote them has committed: each tournament's new snapshot is the read
 * cache's at its new version, so the answer to the push, the next action and every follower's
 * pull cost no load. (Before the commit it could still roll back.)
 */
export function offerChanges(database: object, changes: TournamentChanges): void {
  const cache = readCacheOf(database);
  for (const [id, { version, full }] of changes) cache.offer(snapshotKey(id), version, full);
}

/**
 * A mutation's changes (core/mutator-types.ts MutationContext), offered to the read cache once its
 * transaction has committed.
 */
export function changesOfferedAfterCommit(context: { readonly database: object; afterCommit(task: () => void): void }): TournamentChanges {
  const changes: TournamentChanges = new Map();
  context.afterCommit(() => offerChanges(context.database, changes));
  return changes;
}

/** The managers' snapshot of the tournament at `version`: the read cache's, loaded once per version. */
export function cachedFullSnapshot(db: Db, database: object, id: number, version: number, now: Date): Promise<TournamentSnapshot> {
  return readCacheOf(database).cached(snapshotKey(id), version, async () => {
    const loaded = await loadSnapshot(db, id, { id: 0, manager: true }, now);
    if (!loaded) throw httpError(404, 'ERR_TOURNAMENT_NOT_FOUND');
    return loaded;
  });
}

/** The ids of the tournaments the raw mutations of a push name (their `args.tournamentId`), each once. */
export function namedTournaments(mutations: readonly unknown[]): FollowedTournament[] {
  const ids = new Set<number>();
  for (const mutation of mutations) {
    const id = (mutation as { args?: { tournamentId?: unknown } } | null)?.args?.tournamentId;
    if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) ids.add(id);
  }
  return [...ids].map((id) => ({ id, version: null }));
}

export interface LiveEnvironment {
  readonly db: Db;
  /** Whose read cache holds the snapshots. */
  readonly database: object;
  readonly user: UserRow;
  readonly now: Date;
}

/**
 * The followed tournaments whose version differs from the device's, each as the JSON text of a
 * LiveTournament (schema/tournaments.ts) for this user; a tournament that does not exist is left out.
 */
export async function liveTournamentsJson(env: LiveEnvironment, followed: readonly FollowedTournament[]): Promise<string[]> {
  if (followed.length === 0) return [];
  const { db, user, now } = env;
  const rows = await db
    .selectFrom('tournaments')
    .select(['id', 'version', 'organizationId', 'organizerId'])
    .where('id', 'in', followed.map((entry) => entry.id))
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const cache = readCacheOf(env.database);
  let access: Access | undefined;
  const items: string[] = [];
  for (const entry of followed) {
    const row = byId.get(entry.id);
    if (row === undefined) continue;
    const version = Number(row.version);
    if (entry.version === version) continue;
    access ??= await loadAccess(db, user, now);
    const manager = holds(access, 'tournament:edit', tournamentPlace(access, row));
    const full = await cachedFullSnapshot(db, env.database, row.id, version, now);
    // A class tournament's real names, for its classes' staff and students only (issue 19): the
    // text is kept per set of classes whose names it shows, never shared with other viewers.
    const names = await realNamesFor({ ...env, access }, row.id, version);
    // Made once per version and kind of viewer; viewer 0 is no one, so every private field is left out.
    const shared = await cache.cached(`live:${manager ? 'managers' : 'others'}${names === null ? '' : `:names=${names.key}`}:${row.id}`, version, async () =>
      JSON.stringify({ ...withRealNames(viewSnapshot(full, { id: 0, manager }, now), names), viewerManages: manager, version }),
    );
    // Issue 26: the managers' text carries the children's contact and medical notes: the schools' log records it.
    if (manager) await recordRegistrationReads(env, user.id, { kind: 'tournament', tournamentId: row.id, organizationId: row.organizationId }, full.registrations);
    const own = manager ? undefined : full.registrations.find((registration) => registration.userId === user.id);
    items.push(`{"id":${row.id},"version":${version},"snapshot":${shared}${own === undefined ? '' : `,"ownRegistration":${JSON.stringify(withRealName(own, names))}`}}`);
  }
  return items;
}

/** The protocol from which a push answers, and a pull takes, live tournaments (schema/sync.ts SYNC_PROTOCOL). */
const LIVE_TOURNAMENTS_PROTOCOL = 3;

/** The answers' `tournaments` (schema/mutations.ts), or nothing to add when none is asked after. */
async function liveField(env: LiveEnvironment, followed: readonly FollowedTournament[]): Promise<AnswerField | null> {
  if (followed.length === 0) return null;
  return { name: 'tournaments', items: await liveTournamentsJson(env, followed) };
}

/** Tournaments in the sync answers: a push's the tournaments its mutations named, a pull's the followed ones. */
export const LIVE_TOURNAMENTS: SyncContribution = {
  pushAnswer: (mutations, env) => liveField(env, env.protocol >= LIVE_TOURNAMENTS_PROTOCOL ? namedTournaments(mutations) : []),
  pullAnswer: (request, env) => liveField(env, env.protocol >= LIVE_TOURNAMENTS_PROTOCOL ? (request?.tournaments ?? []) : []),
};
