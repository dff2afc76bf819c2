/**
 * The classes of a tournament (issue 19), on its Manage screen: adding a class goes through the
 * outbox (addClassToTournament), and the push's answer brings the tournament back with its new
 * players. The list of classes that may join is stored for offline visits (cached-page.ts).
 */
import { apiPath, classTournamentPaths, tournamentClassesSchema, type TournamentClasses } from '../../../schema';
import { readCached, storePage, useCachedPage } from '../../shared/cached-page';
import { db } from '../../shared/db';
import { enqueue } from '../../shared/outbox';

const classesKey = (tournamentId: number) => `tournament-classes:${tournamentId}`;

export function useTournamentClasses(tournamentId: number) {
  return useCachedPage(classesKey(tournamentId), apiPath(classTournamentPaths.classes, { id: tournamentId }), tournamentClassesSchema);
}

/** Queues the class's entry; the stored list shows it added at once (the server checks it again). */
export async function addClassToTournament(userId: number, tournamentId: number, classId: number): Promise<void> {
  await enqueue(userId, 'addClassToTournament', { tournamentId, classId });
  const stored = await db.cachedPages.get(classesKey(tournamentId));
  const list: TournamentClasses | null = stored ? readCached(tournamentClassesSchema, stored.value) : null;
  if (list) await storePage(classesKey(tournamentId), { classes: list.classes.map((each) => (each.id === classId ? { ...each, added: true } : each)) });
}
