/**
 * The history filters live in the URL (?result=win&gameMode=pvc&dateFrom=...&page=2), so a
 * filtered page survives a reload and the back link from a replay. Pure.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LEVEL_WORDS } from '../play/level-words';
import { DEFAULT_HISTORY_PAGE_SIZE, historyQuerySchema, apiPath, historyPaths, type GameHistoryItem, type HistoryQuery } from '../../../../schema';

export interface HistoryFilters {
  result?: HistoryQuery['result'];
  gameMode?: HistoryQuery['gameMode'];
  dateFrom?: string;
  dateTo?: string;
}

/** Reads the filters and page from search params; anything invalid is dropped, not an error. */
export function readHistoryParams(params: URLSearchParams): HistoryQuery {
  const query: Record<string, unknown> = { limit: DEFAULT_HISTORY_PAGE_SIZE };
  for (const key of ['page', 'result', 'gameMode', 'dateFrom', 'dateTo'] as const) {
    const value = params.get(key);
    if (!value) continue;
    const single = historyQuerySchema.shape[key].safeParse(value);
    if (single.success) query[key] = single.data;
  }
  return historyQuerySchema.parse(query);
}

/** The search params for filters and a page (page 1 and empty filters are left out). */
export function writeHistoryParams(filters: HistoryFilters, page: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The API path for a query. */
export function historyPath(query: HistoryQuery): string {
  return apiPath(historyPaths.history, {}, query);
}

export function hasFilters(query: HistoryQuery): boolean {
  return Boolean(query.result || query.gameMode || query.dateFrom || query.dateTo);
}

/** "12:05" style duration for seconds; hours when needed. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

export const RESULT_LABELS = { win: msg`Win`, loss: msg`Loss`, draw: msg`Draw`, abandoned: msg`Abandoned` } as const;
export const MODE_LABELS = { pvc: msg`vs Computer`, pvp: msg`vs Player` } as const;

/** Each result before what it was against, as a sentence starts it ('Win against …'). */
const TITLES = {
  win: { computer: msg`Win against the computer`, level: (level: string) => msg`Win against the computer (${level})`, other: (opponent: string) => msg`Win against ${opponent}` },
  loss: { computer: msg`Loss against the computer`, level: (level: string) => msg`Loss against the computer (${level})`, other: (opponent: string) => msg`Loss against ${opponent}` },
  draw: { computer: msg`Draw against the computer`, level: (level: string) => msg`Draw against the computer (${level})`, other: (opponent: string) => msg`Draw against ${opponent}` },
  abandoned: { computer: msg`Abandoned against the computer`, level: (level: string) => msg`Abandoned against the computer (${level})`, other: (opponent: string) => msg`Abandoned against ${opponent}` },
} as const;

/** The opponent Play saves for a game between two players on one device (game-handoff.ts): a value, shown in words. */
const HUMAN_PLAYER = 'Human Player';

/** A game's one-line title: 'Win against the computer (beginner)', 'Loss against Human Player'. */
export function gameTitle(i18n: I18n, game: Pick<GameHistoryItem, 'result' | 'gameMode' | 'difficulty' | 'opponent'>): string {
  const titles = TITLES[game.result];
  if (game.gameMode !== 'pvc') return i18n._(titles.other(game.opponent === HUMAN_PLAYER ? i18n._(msg`Human Player`) : game.opponent));
  return game.difficulty ? i18n._(titles.level(i18n._(LEVEL_WORDS[game.difficulty]))) : i18n._(titles.computer);
}

/** The file name the spec gives a game's PGN. */
export const pgnFileName = (id: number) => `game-${id}.pgn`;
