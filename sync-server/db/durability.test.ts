import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-db';

/** An acknowledged push survives power loss: every commit reaches the disk before the answer. */
let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await test.remove();
});

describe('durability settings', () => {
  it('fsyncs every commit (SQLite synchronous=FULL in WAL mode; PostgreSQL synchronous_commit and fsync on)', async () => {
    const db = test.database.db;
    if (test.kind === 'sqlite') {
      const { rows: sync } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
      expect(sync[0]?.synchronous).toBe(2); // 2 = FULL
      const { rows: journal } = await sql<{ journalMode: string }>`pragma journal_mode`.execute(db);
      expect(journal[0]?.journalMode).toBe('wal');
    } else {
      const { rows: commit } = await sql<{ synchronousCommit: string }>`show synchronous_commit`.execute(db);
      expect(commit[0]?.synchronousCommit).toBe('on');
      const { rows: fsync } = await sql<{ fsync: string }>`show fsync`.execute(db);
      expect(fsync[0]?.fsync).toBe('on');
    }
  });
});
