import type { Kysely } from 'kysely';
import { MAX_PULL_GAMES, type LegacyPullResponse, type PullResponse } from '../../schema';
import { httpError } from '../core/plugins/errors';
import type { Database } from '../core/db/types';
import type { PullSources } from '../core/sync-answers';

/** The signed-in account, or 401 when it was deleted since the request signed in (issue 26). */
async function accountOf(db: Kysely<Database>, userId: number) {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (user === undefined) throw httpError(401, 'ERR_NOT_AUTHENTICATED');
  return user;
}

/**
 * POST /api/sync/pull: the user and what changed in their games after the cursor. The cursor is
 * the user's sync version, bumped in the same transaction as every push that stores games (the
 * user row is locked by that update, so versions commit in order). The user is read first and
 * games only up to its version, so a push committing meanwhile is seen by the next pull, never
 * skipped.
 *
 * Protocol 2 answers how many games changed (the client refetches the screens that show them);
 * protocol 1 clients get the games' history items as before (`pullChangesLegacy`). The account's
 * and the games' forms come from their features (`sources`, handed in by app.ts).
 */
export async function pullChanges(db: Kysely<Database>, sources: PullSources, userId: number, cursor: number): Promise<PullResponse> {
  const user = await accountOf(db, userId);
  const version = Number(user.syncVersion);
  let changed = 0;
  if (version > cursor) {
    const row = await db
      .selectFrom('games')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('userId', '=', userId)
      .where('syncVersion', '>', cursor)
      .where('syncVersion', '<=', version)
      .executeTakeFirstOrThrow();
    changed = Number(row.count);
  }
  // Issue 19: a parent's change of the Parental Controls reaches the child's devices at their next sync.
  const settings = await db.selectFrom('settings').select('controlsSetAt').where('userId', '=', userId).executeTakeFirst();
  const controlsSetAt = settings?.controlsSetAt == null ? null : new Date(settings.controlsSetAt).toISOString();
  return { cursor: Math.max(cursor, version), user: await sources.account(db, user), changed, hasMore: false, controlsSetAt };
}

/** Protocol 1's pull: the history items of the games saved after the cursor, 500 at most. */
export async function pullChangesLegacy(db: Kysely<Database>, sources: PullSources, userId: number, cursor: number): Promise<LegacyPullResponse> {
  const user = await accountOf(db, userId);
  const version = Number(user.syncVersion);
  const rows = await sources.legacyGames(db, userId, { after: cursor, upTo: version }, MAX_PULL_GAMES + 1);
  let games = rows;
  let next = Math.max(cursor, version);
  const hasMore = rows.length > MAX_PULL_GAMES;
  if (hasMore) {
    // Cut before the last version, which may be incomplete (one push stores at most 100 games).
    const lastVersion = Number(rows[rows.length - 1]?.syncVersion);
    games = rows.filter((row) => row.syncVersion < lastVersion);
    next = Number(games[games.length - 1]?.syncVersion ?? cursor);
  }
  return { cursor: next, user: await sources.account(db, user), games: games.map((game) => game.item), hasMore };
}
