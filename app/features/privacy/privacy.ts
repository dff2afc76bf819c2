/**
 * A child's data (issue 26): what the viewer may do with it, the archive, deleting the account,
 * and a school's log of staff reads of children's emergency contacts and medical notes. All are
 * online only: nothing here is stored on the device (the archive is saved as a file, the log is
 * read afresh, and a deletion cannot wait in the outbox: it must be confirmed against the
 * account as the server has it now).
 */
import { useCallback, useEffect, useState } from 'react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { dataAccessLogSchema, dataRightsSchema, eraseAccountResponseSchema, apiPath, privacyPaths, type DataAccessLog, type DataRights, type EraseAccountResponse } from '../../../schema';
import { ApiError, NetworkError, messageFor, request, requestJson } from '../../shared/api';

const OFFLINE_MESSAGE = msg`You are offline: this needs the network.`;
const LIST_FAILED = msg`Could not load the list.`;

/** The words to show for a failed call: the server's, or that the network is missing. */
export function privacyError(i18n: I18n, error: unknown, fallback: string): string {
  return error instanceof NetworkError ? i18n._(OFFLINE_MESSAGE) : messageFor(error, fallback);
}

/** What the viewer may do with this child's data: null while asking or when nothing (a 404); 'offline' without the network. */
export function useDataRights(userId: number | null): DataRights | 'offline' | null {
  const [rights, setRights] = useState<DataRights | 'offline' | null>(null);
  useEffect(() => {
    setRights(null);
    if (userId === null) return;
    const controller = new AbortController();
    requestJson(apiPath(privacyPaths.dataRights, { id: userId }), dataRightsSchema, { signal: controller.signal, cache: 'no-cache' }).then(setRights, (error: unknown) => {
      if (controller.signal.aborted) return;
      if (error instanceof NetworkError) setRights('offline');
      else if (!(error instanceof ApiError)) console.error('Could not read the data rights.', error);
    });
    return () => controller.abort();
  }, [userId]);
  return rights;
}

/** The name the server gave the archive (Content-Disposition), else one of ours. */
function fileNameOf(response: Response, username: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? `chess-data-${username}.zip`;
}

/** GET /api/users/{id}/data-export, saved as the ZIP file the server names; throws on failure (shown by the caller). */
export async function downloadChildData(userId: number, username: string): Promise<void> {
  const response = await request(apiPath(privacyPaths.dataExport, { id: userId }), { cache: 'no-store' });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, username);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** DELETE /api/users/{id} with the username the person saw (the server refuses a stale page). */
export function eraseAccount(userId: number, username: string): Promise<EraseAccountResponse> {
  return requestJson(apiPath(privacyPaths.account, { id: userId }), eraseAccountResponseSchema, { method: 'DELETE', body: { username } });
}

export type AccessLogLoad =
  | { status: 'loading' }
  | { status: 'hidden' }
  | { status: 'error'; message: string; reload: () => void }
  | { status: 'ready'; log: DataAccessLog; more: () => void; loadingMore: boolean };

/** The school's log for its admin; 'hidden' for anyone else (the server's 403) or an unknown school. */
export function useDataAccessLog(organizationId: number | null): AccessLogLoad {
  const { i18n } = useLingui();
  const [state, setState] = useState<AccessLogLoad>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    if (organizationId === null) return setState({ status: 'hidden' });
    const controller = new AbortController();
    setState({ status: 'loading' });
    requestJson(apiPath(privacyPaths.dataAccessLog, { id: organizationId }), dataAccessLogSchema, { signal: controller.signal, cache: 'no-cache' }).then(
      (log) => setState({ status: 'ready', log, more: () => undefined, loadingMore: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && (error.status === 403 || error.status === 404)) setState({ status: 'hidden' });
        else setState({ status: 'error', message: privacyError(i18n, error, i18n._(LIST_FAILED)), reload });
      },
    );
    return () => controller.abort();
  }, [organizationId, reload, reloads, i18n]);

  if (state.status !== 'ready') return state;
  const more = () => {
    const last = state.log.entries.at(-1);
    if (last === undefined || loadingMore || organizationId === null) return;
    setLoadingMore(true);
    requestJson(apiPath(privacyPaths.dataAccessLog, { id: organizationId }, { before: last.id }), dataAccessLogSchema)
      .then((next) => setState({ status: 'ready', log: { entries: [...state.log.entries, ...next.entries], hasMore: next.hasMore }, more: () => undefined, loadingMore: false }))
      .catch((error: unknown) => setState({ status: 'error', message: privacyError(i18n, error, i18n._(LIST_FAILED)), reload }))
      .finally(() => setLoadingMore(false));
  };
  return { ...state, more, loadingMore };
}
