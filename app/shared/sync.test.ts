import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { CLIENT_TOO_OLD } from '../../schema';
import { ApiError, NetworkError } from './api';
import { serverMessage } from './i18n/server-messages';
import { readPushResponse } from './outbox';
import { BACKOFF_MAX_MS, backoffMs, classifyRefusal, retryAfterMs } from './sync';

describe('readPushResponse', () => {
  it.each([
    [
      'applied and duplicate are done; rejected are kept with their reason',
      [1, 2, 3],
      { results: [{ id: 1, status: 'applied' }, { id: 2, status: 'duplicate' }, { id: 3, status: 'rejected', error: 'Game moves are not legal' }], lastMutationId: 3 },
      { done: [1, 2], rejected: [{ id: 3, refusal: { error: 'Game moves are not legal' } }], unanswered: [] },
    ],
    [
      'an entry without an answer is pushed again later',
      [4, 5],
      { results: [{ id: 4, status: 'applied' }], lastMutationId: 4 },
      { done: [4], rejected: [], unanswered: [5] },
    ],
    [
      'a rejection without a reason still says something',
      [6],
      { results: [{ id: 6, status: 'rejected' }], lastMutationId: 6 },
      { done: [], rejected: [{ id: 6, refusal: { error: 'The server refused it.' } }], unanswered: [] },
    ],
    [
      'a coded rejection keeps its code and values (shown in the app’s language)',
      [8],
      { results: [{ id: 8, status: 'rejected', error: 'Too many attempts. Please try again in 2 minutes.', code: 'ERR_TOO_MANY_ATTEMPTS', params: { minutes: 2 } }], lastMutationId: 8 },
      { done: [], rejected: [{ id: 8, refusal: { error: 'Too many attempts. Please try again in 2 minutes.', code: 'ERR_TOO_MANY_ATTEMPTS', params: { minutes: 2 } } }], unanswered: [] },
    ],
    [
      'answers about ids that were not sent are ignored',
      [7],
      { results: [{ id: 99, status: 'applied' }, { id: 7, status: 'duplicate' }], lastMutationId: 99 },
      { done: [7], rejected: [], unanswered: [] },
    ],
  ] as const)('%s', (_name, sent, response, outcome) => {
    expect(readPushResponse(sent, structuredClone(response) as never)).toEqual(outcome);
  });
});

describe('backoffMs', () => {
  it.each([
    [1, 0.5, 1000],
    [2, 0.5, 2000],
    [3, 0.5, 4000],
    [6, 0.5, 32_000],
    [7, 0.5, 60_000],
    [50, 0.5, 60_000],
    [1, 0, 800],
    [1, 1, 1200],
  ])('failure %i with random %d waits %i ms', (failures, random, wait) => {
    expect(backoffMs(failures, () => random)).toBe(wait);
  });

  it('never waits longer than the cap plus jitter', () => {
    for (let failures = 1; failures < 40; failures++) expect(backoffMs(failures)).toBeLessThanOrEqual(BACKOFF_MAX_MS * 1.2);
  });
});

describe('classifyRefusal: how the loop answers a refused push or pull', () => {
  const refused = (status: number, error?: string, retryAfter: number | null = null) =>
    new ApiError(status, error === undefined ? '' : JSON.stringify({ error }), 'status', retryAfter);
  it.each([
    ['no network', new NetworkError('offline'), 'retry'],
    ['the session ended', refused(401, 'Authentication required'), 'signed-out'],
    ['client too old: keep the outbox, offer the update', refused(409, CLIENT_TOO_OLD), 'update'],
    ['another 409 is a refusal of the batch', refused(409, 'Conflict'), 'reject-batch'],
    ['a permanent 400 is shown, not pushed forever', refused(400, 'Invalid body: clientId'), 'reject-batch'],
    ['a permanent 403 is shown, not pushed forever', refused(403, 'This client id belongs to another account.'), 'reject-batch'],
    ['413 too large', refused(413, 'Request body is too large'), 'reject-batch'],
    ['429 waits', refused(429, 'Too many requests'), 'retry'],
    ['503 waits', refused(503, 'This server is being updated.'), 'retry'],
    ['500 waits', refused(500, 'Internal Server Error'), 'retry'],
  ] as const)('%s', (_name, error, expected) => {
    expect(classifyRefusal(error)).toBe(expected);
  });

  it('client too old in another language is still the update (the English decides, not the translation)', async () => {
    await i18n.loadAndActivate({ locale: 'fr', messages: { [serverMessage('ERR_CLIENT_TOO_OLD').id]: 'version trop ancienne' } });
    try {
      const tooOld = new ApiError(409, JSON.stringify({ error: CLIENT_TOO_OLD, code: 'ERR_CLIENT_TOO_OLD' }), 'Conflict');
      expect(tooOld.serverMessage).toBe('version trop ancienne');
      expect(classifyRefusal(tooOld)).toBe('update');
    } finally {
      await i18n.loadAndActivate({ locale: 'en', messages: {} });
    }
  });

  it('waits as long as Retry-After asks', () => {
    expect(retryAfterMs(refused(429, 'slow down', 30))).toBe(30_000);
    expect(retryAfterMs(refused(503, 'later'))).toBe(0);
    expect(retryAfterMs(new Error('other'))).toBe(0);
  });
});
