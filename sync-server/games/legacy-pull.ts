import type { Kysely } from 'kysely';
import type { GameHistoryItem } from '../../schema';
import type { Database } from '../core/db/types';
import { HISTORY_COLUMNS, toHistoryItem } from './history';

/**
 * Protocol 1's pull of games (core/sync-answers.ts PullSources, handed to sync/pull.ts by app.ts):
 * at most `limit` of the user's games stored after version `after` and up to `upTo`, in version
 * order, as history items.
 */
export async function legacyPullGames(
  db: Kysely<Database>,
  userId: number,
  range: { after: number; upTo: number },
  limit: number,
): Promise<{ syncVersion: number; item: GameHistoryItem }[]> {
  const rows = await db
    .selectFrom('games')
    .select([...HISTORY_COLUMNS, 'syncVersion'])
    .where('userId', '=', userId)
    .where('syncVersion', '>', range.after)
    .where('syncVersion', '<=', range.upTo)
    .orderBy('syncVersion')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ syncVersion: Number(row.syncVersion), item: toHistoryItem(row) }));
}
