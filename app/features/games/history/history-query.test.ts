import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { formatDuration, gameTitle, hasFilters, historyPath, pgnFileName, readHistoryParams, writeHistoryParams } from './history-query';

describe('readHistoryParams', () => {
  it.each([
    ['', { page: 1, limit: 20 }],
    ['page=3&result=win', { page: 3, limit: 20, result: 'win' }],
    ['gameMode=pvp&dateFrom=2026-01-01&dateTo=2026-01-31', { page: 1, limit: 20, gameMode: 'pvp', dateFrom: '2026-01-01', dateTo: '2026-01-31' }],
    // invalid values are dropped one by one, the rest is kept
    ['page=-2&result=victory&gameMode=pvc', { page: 1, limit: 20, gameMode: 'pvc' }],
    ['dateFrom=yesterday&page=abc&result=abandoned', { page: 1, limit: 20, result: 'abandoned' }],
  ])('%s', (search, expected) => {
    expect(readHistoryParams(new URLSearchParams(search))).toEqual(expected);
  });
});

describe('writeHistoryParams', () => {
  it.each([
    [{}, 1, ''],
    [{ result: 'loss' as const }, 1, 'result=loss'],
    [{ gameMode: 'pvc' as const, dateFrom: '2026-02-01' }, 2, 'gameMode=pvc&dateFrom=2026-02-01&page=2'],
    [{ result: undefined, dateTo: '' }, 1, ''],
  ])('%j page %i', (filters, page, expected) => {
    expect(writeHistoryParams(filters, page).toString()).toBe(expected);
  });

  it('round-trips through readHistoryParams', () => {
    const filters = { result: 'draw' as const, gameMode: 'pvp' as const, dateFrom: '2026-03-01', dateTo: '2026-03-02' };
    expect(readHistoryParams(writeHistoryParams(filters, 4))).toEqual({ ...filters, page: 4, limit: 20 });
  });
});

describe('historyPath', () => {
  it.each([
    [{ page: 1, limit: 20 }, '/api/games/history?page=1&limit=20'],
    [{ page: 2, limit: 20, result: 'win' as const, dateTo: '2026-01-31' }, '/api/games/history?page=2&limit=20&result=win&dateTo=2026-01-31'],
  ])('%j', (query, expected) => {
    expect(historyPath(query)).toBe(expected);
  });
});

describe('small helpers', () => {
  it.each([
    [null, '—'],
    [0, '0:00'],
    [65, '1:05'],
    [3600 + 62, '1:01:02'],
  ])('formatDuration(%s) = %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('names the PGN file as the spec says', () => {
    expect(pgnFileName(42)).toBe('game-42.pgn');
  });

  it('knows when filters are set', () => {
    expect(hasFilters({ page: 1, limit: 20 })).toBe(false);
    expect(hasFilters({ page: 1, limit: 20, gameMode: 'pvc' })).toBe(true);
  });
});

describe('gameTitle', () => {
  // No catalogue loaded: the English source texts.
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  it.each([
    [{ result: 'win', gameMode: 'pvc', difficulty: 'beginner', opponent: 'Computer' }, 'Win against the computer (beginner)'],
    [{ result: 'loss', gameMode: 'pvp', difficulty: null, opponent: 'Human Player' }, 'Loss against Human Player'],
    [{ result: 'abandoned', gameMode: 'pvc', difficulty: null, opponent: 'Computer' }, 'Abandoned against the computer'],
  ] as const)('%j', (game, title) => {
    expect(gameTitle(i18n, game)).toBe(title);
  });
});
