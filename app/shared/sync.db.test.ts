/**
 * The sync loop with registered parts, against a real IndexedDB implementation (fake-indexeddb)
 * and a stand-in for the server's answers: the loop names no feature (issue 27), so what a feature
 * adds to a run, and when it sees the answers, is the contract checked here.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const requestJson = vi.fn();
vi.mock('./api', async (importOriginal) => ({ ...(await importOriginal<Record<string, unknown>>()), requestJson }));
const { db } = await import('./db');
const { getSyncClient } = await import('./outbox');
const { registerSyncAuth, registerSyncContribution, syncNow } = await import('./sync');

const USER = 5;
let signedIn: number | null = USER;
const log: string[] = [];
const unregister: (() => void)[] = [];

async function queue(id: number, name: string) {
  const { clientId } = await getSyncClient(USER);
  await db.outbox.add({ id, clientId, userId: USER, name, args: {}, createdAt: '2026-11-27T08:00:00.000Z', status: 'pending', error: null } as never);
}

async function storedCursor(): Promise<unknown> {
  return (await db.meta.get(`sync-cursor:${USER}`))?.value;
}

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  log.length = 0;
  signedIn = USER;
  registerSyncAuth({ userId: () => signedIn, subscribe: () => () => undefined, sessionEnded: async () => undefined });
  requestJson.mockImplementation(async (path: string, _schema: unknown, { body }: { body: { mutations?: { id: number }[] } }) => {
    // The body without what every request carries (the client's id, the protocol).
    log.push(`${path} ${JSON.stringify(body, (key, value: unknown) => (key === 'clientId' || key === 'protocol' ? undefined : value))}`);
    if (path === '/api/sync/push') {
      const ids = (body.mutations ?? []).map((mutation) => mutation.id);
      return { results: ids.map((id) => ({ id, status: 'applied' })), lastMutationId: Math.max(...ids) };
    }
    return { cursor: 9, hasMore: false, changed: 0, user: { id: USER } };
  });
});

afterEach(() => {
  for (const stop of unregister.splice(0)) stop();
});

/** A part that logs each hook; it says the push answers the mutations named 'answered'. */
function part(label: string) {
  unregister.push(registerSyncContribution({
    answeredByPush: (name) => name === 'answered',
    takePush() {
      log.push(`${label} takes the push`);
      return async () => {
        log.push(`${label} answered, ${await db.outbox.count()} left in the outbox`);
      };
    },
    async pullRequest(page) {
      return page === 0 ? { tournaments: [{ id: label.length, version: null }] } : {};
    },
    takePull(page) {
      log.push(`${label} takes pull page ${page}`);
      return async ({ userId }) => {
        log.push(`${label} answered for ${userId}, cursor ${String(await storedCursor())}`);
      };
    },
  }));
}

describe('a sync run with registered parts', () => {
  it('pushes, then pulls: each part takes a request as it goes and its answer in the order registered, the pull before the cursor moves', async () => {
    part('A');
    part('BB');
    await queue(1, 'saveGame');
    await syncNow();
    expect(log).toEqual([
      'A takes the push',
      'BB takes the push',
      '/api/sync/push {"mutations":[{"id":1,"name":"saveGame","args":{}}]}',
      'A answered, 0 left in the outbox',
      'BB answered, 0 left in the outbox',
      'A takes pull page 0',
      'BB takes pull page 0',
      '/api/sync/pull {"cursor":0,"tournaments":[{"id":2,"version":null}]}',
      'A answered for 5, cursor undefined',
      'BB answered for 5, cursor undefined',
    ]);
    expect(await storedCursor()).toBe(9);
  });

  it('after a queued mutation the push is not followed by a pull when its answer carries all it sent', async () => {
    part('A');
    await queue(1, 'answered');
    await syncNow({ pull: false });
    expect(log.filter((line) => line.startsWith('/api'))).toEqual(['/api/sync/push {"mutations":[{"id":1,"name":"answered","args":{}}]}']);
    await queue(2, 'saveGame');
    await syncNow({ pull: false });
    expect(log.filter((line) => line.startsWith('/api/sync/pull'))).toHaveLength(1);
  });

  it("gives no part a pull's answer once the account has left, and keeps the cursor", async () => {
    part('A');
    requestJson.mockImplementationOnce(async () => {
      signedIn = null;
      return { cursor: 9, hasMore: false, changed: 0, user: { id: USER } };
    });
    await syncNow();
    expect(log).toEqual(['A takes pull page 0']);
    expect(await storedCursor()).toBeUndefined();
  });
});
