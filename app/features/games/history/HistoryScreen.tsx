import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { GAME_MODES, PLAYER_RESULTS, historyResponseSchema, apiPath, historyPaths, type GameHistoryItem, type HistoryResponse } from '../../../../schema';
import { formatDateTime, formatDay } from '../../../shared/components/dates';
import { useToast } from '../../../shared/components/Toast';
import { downloadFile } from '../../../shared/api';
import { historyKey, storeReplays } from '../game-pages';
import { useCachedPage } from '../../../shared/cached-page';
import { useAuth } from '../../auth';
import { useOutbox } from '../../../shared/outbox';
import { PendingGames } from './PendingGames';
import {
  MODE_LABELS,
  RESULT_LABELS,
  formatDuration,
  gameTitle,
  hasFilters,
  historyPath,
  pgnFileName,
  readHistoryParams,
  writeHistoryParams,
  type HistoryFilters,
} from './history-query';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: HistoryResponse };

/** /games/history: the signed-in user's saved games, filtered and paged (20 a page). */
export default function HistoryScreen() {
  const toast = useToast();
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readHistoryParams(params), [params]);
  const path = historyPath(query);
  const auth = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  const outbox = useOutbox(userId);
  // Each page of the list is kept on the device (per user), so History works offline after a visit.
  const loaded = useCachedPage(userId === null ? null : historyKey(userId, path), userId === null ? null : path, historyResponseSchema);
  const load: Load = loaded.status === 'ready' ? { status: 'ready', data: loaded.value } : loaded.status === 'loading' ? { status: 'loading' } : { status: 'error' };
  const shownError = useRef(false);

  useEffect(() => {
    if (load.status !== 'error') {
      if (load.status === 'ready') shownError.current = false;
      return;
    }
    if (!shownError.current) toast({ title: t`Failed to fetch game history`, variant: 'destructive' });
    shownError.current = true;
  }, [load.status, toast, t]);

  // The replays of the games listed, stored too, so each of them opens offline later.
  const listedIds = loaded.status === 'ready' && !loaded.offline ? loaded.value.games.map((game) => game.id).join(',') : '';
  useEffect(() => {
    if (userId === null || listedIds === '') return;
    const controller = new AbortController();
    void storeReplays(userId, listedIds.split(',').map(Number), controller.signal);
    return () => controller.abort();
  }, [userId, listedIds]);
  const applyFilters = (filters: HistoryFilters) => setParams(writeHistoryParams(filters, 1));
  const goToPage = (page: number) => setParams(writeHistoryParams(query, page));

  return (
    <div className="page history">
      <header className="page__header">
        <h1><Trans>Game History</Trans></h1>
        <p className="page__lead"><Trans>Your saved games: replay them move by move or download them as PGN.</Trans></p>
      </header>
      {loaded.status === 'ready' && loaded.offline && <p className="sync-line" role="status"><Trans>Offline: showing your games saved on this device.</Trans></p>}
      <PendingGames entries={outbox ?? []} />
      <Filters key={params.toString()} initial={query} onApply={applyFilters} />
      {load.status === 'loading' && <HistorySkeleton />}
      {load.status === 'error' && (
        <div className="notice notice--error" role="alert">
          <p><Trans>Error loading game history. Please try again later.</Trans></p>
          <button type="button" className="button" onClick={() => loaded.status === 'error' && loaded.reload()}><Trans>Try again</Trans></button>
        </div>
      )}
      {load.status === 'ready' && load.data.games.length === 0 && (
        <div className="card empty-state">
          <h2>{hasFilters(query) ? t`No games match these filters` : t`No games yet`}</h2>
          <p>{hasFilters(query) ? t`Try another result, mode or date range.` : t`Games you finish while signed in appear here.`}</p>
          {!hasFilters(query) && <Link to="/" className="button button--primary"><Trans>Play a game</Trans></Link>}
        </div>
      )}
      {load.status === 'ready' && load.data.games.length > 0 && (
        <>
          <ul className="history__list" aria-label={t`Games`}>
            {load.data.games.map((game) => <HistoryRow key={game.id} game={game} />)}
          </ul>
          <Pager page={load.data.pagination.page} totalPages={load.data.pagination.totalPages} total={load.data.pagination.total} onPage={goToPage} />
        </>
      )}
    </div>
  );
}

function Filters({ initial, onApply }: { initial: HistoryFilters; onApply: (filters: HistoryFilters) => void }) {
  const id = useId();
  const { i18n, t } = useLingui();
  const [filters, setFilters] = useState<HistoryFilters>({
    result: initial.result, gameMode: initial.gameMode, dateFrom: initial.dateFrom, dateTo: initial.dateTo,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(filters);
  };
  return (
    <form className="card history__filters" onSubmit={submit} aria-label={t`Filter games`}>
      <div className="field">
        <label htmlFor={`${id}-result`} className="field__label"><Trans>Result</Trans></label>
        <select id={`${id}-result`} value={filters.result ?? ''} onChange={(e) => setFilters({ ...filters, result: (e.target.value || undefined) as HistoryFilters['result'] })}>
          <option value="">{t`All results`}</option>
          {PLAYER_RESULTS.map((result) => <option key={result} value={result}>{i18n._(RESULT_LABELS[result])}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-mode`} className="field__label"><Trans>Mode</Trans></label>
        <select id={`${id}-mode`} value={filters.gameMode ?? ''} onChange={(e) => setFilters({ ...filters, gameMode: (e.target.value || undefined) as HistoryFilters['gameMode'] })}>
          <option value="">{t`All modes`}</option>
          {GAME_MODES.map((mode) => <option key={mode} value={mode}>{i18n._(MODE_LABELS[mode])}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-from`} className="field__label"><Trans>From</Trans></label>
        <input id={`${id}-from`} className="input" type="date" value={filters.dateFrom ?? ''} onChange={(e) => setFilters({ ...filters, dateFrom: e.target.value || undefined })} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`} className="field__label"><Trans>To</Trans></label>
        <input id={`${id}-to`} className="input" type="date" value={filters.dateTo ?? ''} onChange={(e) => setFilters({ ...filters, dateTo: e.target.value || undefined })} />
      </div>
      <div className="history__filter-actions">
        <button type="submit" className="button button--primary"><Trans>Apply Filters</Trans></button>
        <button type="button" className="button" onClick={() => onApply({})}><Trans>Clear</Trans></button>
      </div>
    </form>
  );
}

function HistoryRow({ game }: { game: GameHistoryItem }) {
  const { i18n, t } = useLingui();
  const title = gameTitle(i18n, game);
  const day = formatDay(game.createdAt);
  return (
    <li className="card history-item" data-testid="history-item">
      <div className="history-item__head">
        <span className={`result-badge result-badge--${game.result}`}>{i18n._(RESULT_LABELS[game.result])}</span>
        <h2 className="history-item__title">{title}</h2>
      </div>
      <dl className="history-item__facts">
        <div><dt><Trans>Mode</Trans></dt><dd>{i18n._(MODE_LABELS[game.gameMode])}</dd></div>
        <div><dt><Trans>Colour</Trans></dt><dd>{game.playerColor === 'white' ? t`White` : t`Black`}</dd></div>
        <div><dt><Trans>Opening</Trans></dt><dd>{game.openingName ? `${game.openingEco ? `${game.openingEco} ` : ''}${game.openingName}` : '—'}</dd></div>
        <div><dt><Trans>Moves</Trans></dt><dd>{game.totalMoves}</dd></div>
        <div><dt><Trans>Duration</Trans></dt><dd>{formatDuration(game.gameDuration)}</dd></div>
        <div><dt><Trans>Date</Trans></dt><dd><time dateTime={game.createdAt}>{formatDateTime(game.createdAt) || game.createdAt}</time></dd></div>
      </dl>
      <div className="history-item__actions">
        <Link to={`/games/${game.id}/replay`} className="button button--primary" aria-label={t`Replay Game: ${title}, ${day}`}><Trans>Replay Game</Trans></Link>
        <button type="button" className="button" onClick={() => void downloadFile(apiPath(historyPaths.pgn, { id: game.id }), pgnFileName(game.id))}>
          <Trans>Download PGN</Trans>
        </button>
      </div>
    </li>
  );
}

function Pager({ page, totalPages, total, onPage }: { page: number; totalPages: number; total: number; onPage: (page: number) => void }) {
  const { t } = useLingui();
  if (totalPages <= 1) return <p className="history__total">{t`${plural(total, { one: '# game', other: '# games' })}`}</p>;
  return (
    <nav className="pager" aria-label={t`Pages`}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}><Trans>Previous</Trans></button>
      <span aria-live="polite">{t`Page ${page} of ${totalPages} (${plural(total, { one: '# game', other: '# games' })})`}</span>
      <button type="button" className="button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}><Trans>Next</Trans></button>
    </nav>
  );
}

function HistorySkeleton() {
  const { t } = useLingui();
  return (
    <div className="history__skeleton" role="progressbar" aria-label={t`Loading game history`}>
      {[0, 1, 2].map((n) => <div key={n} className="skeleton skeleton--card" />)}
    </div>
  );
}
