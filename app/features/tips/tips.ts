/**
 * Tips for the signed-in user. The whole list (every tip with the user's progress) is kept in
 * Dexie, so Today's Tip, the categories and the bookmarks all work with the network off; today's
 * tip is picked from it by the server's own rule (domain/learning/daily-tip.ts), the same for
 * everyone on a UTC day. Complete, bookmark and rate are outbox mutations, shown at once by
 * changing the stored list; the stats are the server's, refreshed after each sync.
 */
import { tipListSchema, tipStatsSchema, apiPath, learningPaths, type Tip, type TipProgress, type TipStats } from '../../../schema';
import { readCached, storePage, useCachedPage, type CachedLoad } from '../../shared/cached-page';
import { db } from '../../shared/db';
import { enqueue } from '../../shared/outbox';
import { useContentLanguageQuery } from '../../shared/i18n';

const LIST_KEY = 'tips';

export function useTips(): CachedLoad<Tip[]> {
  return useCachedPage(LIST_KEY, apiPath(learningPaths.tips, {}, useContentLanguageQuery()), tipListSchema);
}

export function useTipStats(): CachedLoad<TipStats> {
  return useCachedPage('tips:stats', apiPath(learningPaths.tipStats), tipStatsSchema);
}

async function changeStoredProgress(tipId: number, change: Partial<TipProgress>): Promise<void> {
  await db.transaction('rw', db.cachedPages, async () => {
    const list = readCached(tipListSchema, (await db.cachedPages.get(LIST_KEY))?.value);
    if (list) await storePage(LIST_KEY, list.map((tip) => (tip.id === tipId ? { ...tip, progress: { ...tip.progress, ...change } } : tip)));
  });
}

/** Records that today's tip was seen (once a day per tip on this device). */
export async function viewTip(userId: number, tipId: number, day: string): Promise<void> {
  await enqueue(userId, 'viewTip', { tipId, viewedAt: new Date().toISOString() }, { once: `tip-viewed:${userId}:${tipId}:${day}` });
}

export async function completeTip(userId: number, tipId: number): Promise<void> {
  await enqueue(userId, 'completeTip', { tipId, completedAt: new Date().toISOString() });
  await changeStoredProgress(tipId, { completed: true });
}

export async function bookmarkTip(userId: number, tipId: number, bookmarked: boolean): Promise<void> {
  await enqueue(userId, 'bookmarkTip', { tipId, bookmarked });
  await changeStoredProgress(tipId, { bookmarked });
}

export async function rateTip(userId: number, tipId: number, rating: number): Promise<void> {
  await enqueue(userId, 'rateTip', { tipId, rating });
  await changeStoredProgress(tipId, { rating });
}
