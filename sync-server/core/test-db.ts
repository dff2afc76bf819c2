import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropPostgresSchema, openDatabase, type AppDatabase } from './db/connect';

/**
 * A fresh database for one test file: a SQLite file in a temporary folder, or, when
 * DATABASE_URL is set, a PostgreSQL schema of its own (dropped afterwards), so every server
 * test runs on both databases and test files never see each other's rows.
 */
export interface TestDatabase {
  readonly kind: 'sqlite' | 'postgres';
  database: AppDatabase;
  /** Closes the connection and opens the same database again (a server restart). */
  reopen(): Promise<AppDatabase>;
  /** A second connection to the same database (another server process); the caller closes it. */
  openAnother(): Promise<AppDatabase>;
  /** Closes it and removes the file or schema. */
  remove(): Promise<void>;
}

export const TEST_DATABASE_URL = process.env.DATABASE_URL || undefined;

export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DATABASE_URL !== undefined) {
    const schema = `test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    return testDatabase(
      'postgres',
      () => openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema }),
      () => dropPostgresSchema(TEST_DATABASE_URL, schema),
    );
  }
  const dir = await mkdtemp(join(tmpdir(), 'chess-db-'));
  return testDatabase('sqlite', () => openDatabase({ dataDir: dir }), () => rm(dir, { recursive: true, force: true }));
}

/** A database that can be closed and reopened on the same storage, and removed with it. */
async function testDatabase(
  kind: TestDatabase['kind'],
  open: () => Promise<AppDatabase>,
  dispose: () => Promise<void>,
): Promise<TestDatabase> {
  const test: TestDatabase = {
    kind,
    database: await open(),
    openAnother: open,
    async reopen() {
      await test.database.close().catch(() => undefined);
      test.database = await open();
      return test.database;
    },
    async remove() {
      await test.database.close().catch(() => undefined);
      await dispose();
    },
  };
  return test;
}
