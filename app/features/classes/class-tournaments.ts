/**
 * Class tournaments in the app (issue 19): making a tournament from a class is an online call
 * (the server gives the tournament its id, like any new tournament). Adding a class to a
 * tournament is the tournament's Manage screen's (tournaments/tournament-classes.ts).
 */
import { apiPath, classTournamentPaths, classTournamentResultSchema, type ClassTournamentResult, type CreateClassTournamentRequest } from '../../../schema';
import { requestJson } from '../../shared/api';
import { fetchSnapshot } from '../tournaments';

export async function createClassTournament(classId: number, request: CreateClassTournamentRequest): Promise<ClassTournamentResult> {
  const made = await requestJson(apiPath(classTournamentPaths.fromClass, { id: classId }), classTournamentResultSchema, { method: 'POST', body: request });
  await fetchSnapshot(made.tournamentId).catch(() => undefined);
  return made;
}
