/**
 * Rows a signed-out account left waiting, against a real IndexedDB implementation (fake-indexeddb,
 * the W3C IndexedDB API in memory: the boundary here is the browser's store, not ours).
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./gate', () => ({ loginFrom: () => '/login' }));
const { db } = await import('../../shared/db');
const { clearAccountData, dropAnotherAccountsRows, keptOwnerKey } = await import('./account-data');

const CHILD = 7;
const child = { id: CHILD, username: 'AnaL', createdAt: '2026-09-01T08:00:00.000Z' };

async function queue(userId: number, seq: number) {
  await db.outbox.add({ seq, id: seq, clientId: `client-${userId}`, userId, name: 'saveGame', args: {}, createdAt: '2026-11-27T08:00:00.000Z', status: 'pending', error: null });
}

describe('rows waiting for an account whose id is given again (SQLite reuses a deleted account\'s id)', () => {
  beforeEach(async () => {
    await Promise.all(db.tables.map((table) => table.clear()));
    await db.meta.put({ key: 'auth-me', value: child });
    await queue(CHILD, 1);
    await queue(CHILD, 2);
    // The server ended the child's session: their two games wait for them, marked with whose they are.
    expect(await clearAccountData(CHILD, 'session-ended')).toBe(2);
    expect((await db.meta.get(keptOwnerKey(CHILD)))?.value).toBe(child.createdAt);
  });

  it('the same child signs in again: their rows stay, to be pushed', async () => {
    expect(await dropAnotherAccountsRows(child)).toBe(0);
    expect(await db.outbox.count()).toBe(2);
  });

  it('a new account under the same id: the deleted child\'s rows and client id go, never pushed as theirs', async () => {
    await db.meta.put({ key: `sync-client:${CHILD}`, value: 'client-7' });
    expect(await dropAnotherAccountsRows({ id: CHILD, createdAt: '2026-11-27T09:00:00.000Z' })).toBe(2);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.meta.get(`sync-client:${CHILD}`)).toBeUndefined();
    expect(await db.meta.get(keptOwnerKey(CHILD))).toBeUndefined();
  });
});
