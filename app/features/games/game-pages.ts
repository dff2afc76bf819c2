/**
 * The signed-in user's History pages and game replays, kept on the device (cachedPages, keyed by
 * user so a shared Chromebook never shows one child's games to another) so both screens work
 * offline after one visit (issue 20), as Lessons and Progress do.
 */
import { replayGameSchema, apiPath, historyPaths } from '../../../schema';
import { requestJson } from '../../shared/api';
import { db } from '../../shared/db';
import { storePage } from '../../shared/cached-page';

export const historyKey = (userId: number, path: string) => `history:${userId}:${path}`;
export const replayKey = (userId: number, gameId: number) => `replay:${userId}:${gameId}`;
export const replayPath = (gameId: number) => apiPath(historyPaths.replay, { id: gameId });

/**
 * Stores the replays of listed games not stored yet, one at a time (a finished game never
 * changes, so a stored copy stays right). Stops quietly when aborted or offline.
 */
export async function storeReplays(userId: number, gameIds: readonly number[], signal: AbortSignal): Promise<void> {
  for (const gameId of gameIds) {
    if (signal.aborted) return;
    if (await db.cachedPages.get(replayKey(userId, gameId))) continue;
    try {
      await storePage(replayKey(userId, gameId), await requestJson(replayPath(gameId), replayGameSchema, { signal }));
    } catch {
      return;
    }
  }
}
