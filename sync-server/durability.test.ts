import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_PROTOCOL } from '../schema';
import { createTestDatabase, type TestDatabase } from './core/test-db';
import { buildTestApp, registerAccount, saveGameArgs, uuid } from './testing/test-server';
import { WalGroupCommit } from './core/db/group-commit';

/** An acknowledged write survives power loss: it is on disk before the answer leaves. */
let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await test.remove();
});

describe('durability settings', () => {
  it('SQLite: WAL with group commit (synchronous=NORMAL, the answer waits for an fsync); PostgreSQL: synchronous_commit and fsync on', async () => {
    const db = test.database.db;
    if (test.kind === 'sqlite') {
      const { rows: sync } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
      expect(sync[0]?.synchronous).toBe(1); // 1 = NORMAL: commits are fsynced by the group commit
      const { rows: journal } = await sql<{ journalMode: string }>`pragma journal_mode`.execute(db);
      expect(journal[0]?.journalMode).toBe('wal');
      expect(test.database.groupCommit).toBeInstanceOf(WalGroupCommit);
    } else {
      const { rows: commit } = await sql<{ synchronousCommit: string }>`show synchronous_commit`.execute(db);
      expect(commit[0]?.synchronousCommit).toBe('on');
      const { rows: fsync } = await sql<{ fsync: string }>`show fsync`.execute(db);
      expect(fsync[0]?.fsync).toBe('on');
    }
  });

  // A sign-up's hash and a game's replay: seconds on a loaded 2-core machine.
  it('answers a push, a save and a sign-up only once their writes are on disk', { timeout: 30_000 }, async () => {
    const { app } = buildTestApp(test.database);
    const group = test.database.groupCommit;
    const account = await registerAccount(app);
    expect(group?.pending() ?? false).toBe(false);
    const before = group?.fsyncs ?? 0;
    const push = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie: account.cookie },
      payload: { protocol: SYNC_PROTOCOL, clientId: uuid(1, 7), mutations: [{ id: 1, name: 'saveGame', args: saveGameArgs(uuid(1)) }] },
    });
    expect(push.statusCode, push.body).toBe(200);
    expect(group?.pending() ?? false).toBe(false);
    const save = await app.inject({ method: 'POST', url: '/api/games/save', headers: { cookie: account.cookie }, payload: saveGameArgs(uuid(2)).game });
    expect(save.statusCode, save.body).toBe(200);
    expect(group?.pending() ?? false).toBe(false);
    if (group) expect(group.fsyncs).toBeGreaterThanOrEqual(before + 2);
    await app.close();
  });
});

describe('WalGroupCommit', () => {
  let dir: string;
  let group: WalGroupCommit;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'chess-group-commit-'));
    await writeFile(join(dir, 'db-wal'), 'frames');
    group = new WalGroupCommit(join(dir, 'db-wal'));
  });
  afterAll(async () => {
    await group.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('does not fsync when nothing was written', async () => {
    await group.durable();
    expect(group.fsyncs).toBe(0);
  });

  it('shares one fsync among the answers waiting at once, and waits for a new one after a later write', async () => {
    group.noteWrite();
    const first = Array.from({ length: 10 }, () => group.durable());
    // Written while that fsync runs: it may have missed this write, so a second one follows.
    group.noteWrite();
    const second = group.durable();
    expect(group.pending()).toBe(true);
    await Promise.all([...first, second]);
    expect(group.fsyncs).toBe(2);
    expect(group.pending()).toBe(false);
    await group.durable();
    expect(group.fsyncs).toBe(2);
  });

  it('fails the waiting answers when the fsync fails, and tries again on the next one', async () => {
    const missing = new WalGroupCommit(join(dir, 'no-such-wal'));
    missing.noteWrite();
    await expect(missing.durable()).rejects.toThrow(/ENOENT/);
    expect(missing.pending()).toBe(true);
    await writeFile(join(dir, 'no-such-wal'), 'frames');
    await missing.durable();
    expect(missing.pending()).toBe(false);
    await missing.close();
  });
});
