/**
 * The log of reads of children's emergency contacts and medical notes (issue 26): every answer
 * that carries a child's contact or notes to someone else (a tournament's managers: the snapshot,
 * the registrations list, an action's answer, the live pull; anyone's download of the child's
 * data) records who, when, which child and where. Once a day per reader, child and tournament
 * (the unique index of migration 2026_11_27_privacy_data_duties): an arbiter's phone pulling a
 * tournament every few seconds adds one row a day per child, and this process remembers what it
 * wrote today so a repeated read costs no write at all. The school's admin reads the list.
 */
import type { Kysely } from 'kysely';
import type { DataAccessEntry, DataAccessKind, DataAccessLog, Registration } from '../../schema';
import type { Database } from '../core/db/types';

type Db = Kysely<Database>;

/** Rows a page of the admin's list holds. */
export const ACCESS_LOG_PAGE = 100;

/** What this process has logged today, per database: a read already logged writes nothing. */
const loggedToday = new WeakMap<object, { day: string; keys: Set<string> }>();

function seenToday(database: object, day: string): Set<string> {
  let entry = loggedToday.get(database);
  if (entry === undefined || entry.day !== day) {
    entry = { day, keys: new Set() };
    loggedToday.set(database, entry);
  }
  return entry.keys;
}

const hasPrivateNotes = (entry: Pick<Registration, 'emergencyContact' | 'medicalConditions'>) =>
  (entry.emergencyContact ?? '').trim() !== '' || (entry.medicalConditions ?? '').trim() !== '';

export interface ReadPlace {
  readonly kind: DataAccessKind;
  readonly tournamentId: number | null;
  /** The organization of the place (the tournament's); the child's own school comes first. */
  readonly organizationId: number | null;
}

/**
 * Records that `readerId` was sent the registrations' contact or medical notes (those that have
 * any, of players other than the reader) in a tournament. Call it with what is actually sent.
 */
export async function recordRegistrationReads(
  env: { db: Db; database: object; now: Date },
  readerId: number,
  place: ReadPlace,
  registrations: readonly Pick<Registration, 'userId' | 'emergencyContact' | 'medicalConditions'>[],
): Promise<void> {
  const childIds = registrations.filter((entry) => entry.userId !== readerId && hasPrivateNotes(entry)).map((entry) => entry.userId);
  await recordReads(env, readerId, place, childIds);
}

/** Records reads of these children's notes by `readerId` at `place` (once a day per child there). */
export async function recordReads(env: { db: Db; database: object; now: Date }, readerId: number, place: ReadPlace, childIds: readonly number[]): Promise<void> {
  if (childIds.length === 0) return;
  const readAt = env.now.toISOString();
  const day = readAt.slice(0, 10);
  // An export is logged each time; a tournament's reads once a day.
  const seen = place.kind === 'export' ? new Set<string>() : seenToday(env.database, day);
  const fresh = [...new Set(childIds)].filter((childId) => !seen.has(`${readerId}:${childId}:${place.kind}:${place.tournamentId}`));
  if (fresh.length === 0) return;
  for (let start = 0; start < fresh.length; start += 200) {
    const batch = fresh.slice(start, start + 200);
    const schools = await env.db.selectFrom('users').select(['id', 'schoolId']).where('id', 'in', batch).execute();
    const schoolOf = new Map(schools.map((row) => [row.id, row.schoolId]));
    const rows = batch
      .filter((childId) => schoolOf.has(childId))
      .map((childId) => ({
        organizationId: schoolOf.get(childId) ?? place.organizationId,
        readerId,
        childId,
        kind: place.kind,
        tournamentId: place.tournamentId,
        readOn: day,
        readAt,
      }));
    if (rows.length > 0) await env.db.insertInto('dataAccessLog').values(rows).onConflict((conflict) => conflict.doNothing()).execute();
  }
  for (const childId of fresh) seen.add(`${readerId}:${childId}:${place.kind}:${place.tournamentId}`);
}

/** The organization's log, newest first, a page before the entry `before` (ids only grow). */
export async function accessLog(db: Db, organizationId: number, before: number | undefined): Promise<DataAccessLog> {
  let query = db
    .selectFrom('dataAccessLog as log')
    .leftJoin('users as reader', 'reader.id', 'log.readerId')
    .leftJoin('users as child', 'child.id', 'log.childId')
    .leftJoin('tournaments', 'tournaments.id', 'log.tournamentId')
    .select([
      'log.id',
      'log.readAt',
      'log.readerId',
      'reader.username as readerUsername',
      'log.childId',
      'child.username as childUsername',
      'child.realName as childRealName',
      'log.kind',
      'log.tournamentId',
      'tournaments.name as tournamentName',
    ])
    .where('log.organizationId', '=', organizationId)
    .orderBy('log.id', 'desc')
    .limit(ACCESS_LOG_PAGE + 1);
  if (before !== undefined) query = query.where('log.id', '<', before);
  const rows = await query.execute();
  const entries = rows.slice(0, ACCESS_LOG_PAGE).map(
    (row): DataAccessEntry => ({
      id: row.id,
      readAt: new Date(row.readAt).toISOString(),
      readerId: row.readerId,
      readerUsername: row.readerUsername ?? null,
      childId: row.childId,
      childUsername: row.childUsername ?? null,
      childRealName: row.childRealName ?? null,
      kind: row.kind === 'export' ? 'export' : 'tournament',
      tournamentId: row.tournamentId,
      tournamentName: row.tournamentName ?? null,
    }),
  );
  return { entries, hasMore: rows.length > ACCESS_LOG_PAGE };
}
