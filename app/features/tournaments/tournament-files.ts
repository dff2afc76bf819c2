/**
 * Tournament files exchanged with the server: a TRF-16 file imported as a new tournament, and a
 * tournament downloaded as one (online only). Its own module, below both the actions
 * (tournament-actions.ts, whose downloadTrf it is) and the hooks (tournaments.ts), so neither
 * imports the other back (issue 22).
 */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { apiPath, tournamentPaths, tournamentSchema } from '../../../schema';
import { ApiError, NetworkError, downloadFile, requestJson } from '../../shared/api';

/** Creates a tournament from a TRF-16 file's text (online; the server parses and checks it). */
export async function importTrf(text: string) {
  try {
    return await requestJson(apiPath(tournamentPaths.importTrf), tournamentSchema, { method: 'POST', body: { trf: text } });
  } catch (error) {
    if (error instanceof ApiError) throw new Error(error.serverMessage ?? error.message, { cause: error });
    if (error instanceof NetworkError) throw new Error(i18n._(msg`You are offline: importing a TRF file needs the network.`), { cause: error });
    throw error;
  }
}

/** GET /api/tournaments/{id}/trf as tournament-{id}.trf. */
export function downloadTrf(id: number): Promise<boolean> {
  return downloadFile(apiPath(tournamentPaths.trf, { id }), `tournament-${id}.trf`);
}
