/**
 * Class tournaments in the app (issue 19): making a tournament from a class is an online call
 * (the server gives the tournament its id, like any new tournament); adding a class to a
 * tournament goes through the outbox (addClassToTournament), and the push's answer brings the
 * tournament back with its new players. The list of classes that may join is stored for offline
 * visits (cached-page.ts).
 */
import {
  classTournamentResultSchema,
  tournamentClassesSchema,
  type ClassTournamentResult,
  type CreateClassTournamentRequest,
  type TournamentClasses,
} from '../../../schema';
import { requestJson } from '../../shared/api';
import { readCached, storePage, useCachedPage } from '../../shared/cached-page';
import { db } from '../../shared/db';
import { enqueue } from '../../shared/outbox';
import { fetchSnapshot } from '../tournaments';

const classesKey = (tournamentId: number) => `tournament-classes:${tournamentId}`;

export async function createClassTournament(classId: number, request: CreateClassTournamentRequest): Promise<ClassTournamentResult> {
  const made = await requestJson(`/api/classes/${classId}/tournament`, classTournamentResultSchema, { method: 'POST', body: request });
  await fetchSnapshot(made.tournamentId).catch(() => undefined);
  return made;
}

export function useTournamentClasses(tournamentId: number) {
  return useCachedPage(classesKey(tournamentId), `/api/tournaments/${tournamentId}/classes`, tournamentClassesSchema);
}

/** Queues the class's entry; the stored list shows it added at once (the server checks it again). */
export async function addClassToTournament(userId: number, tournamentId: number, classId: number): Promise<void> {
  await enqueue(userId, 'addClassToTournament', { tournamentId, classId });
  const stored = await db.cachedPages.get(classesKey(tournamentId));
  const list: TournamentClasses | null = stored ? readCached(tournamentClassesSchema, stored.value) : null;
  if (list) await storePage(classesKey(tournamentId), { classes: list.classes.map((each) => (each.id === classId ? { ...each, added: true } : each)) });
}
