import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type AppDatabase } from './db/connect';

/**
 * A fresh database for one test file: a SQLite file in a temporary folder, or, when
 * DATABASE_URL is set, a PostgreSQL database of its own (dropped afterwards), so every server
 * test runs on both databases and test files never see each other's rows. A database, not a
 * schema: Kysely's migrator lists the tables of every schema of its database, which failed when
 * another file dropped its schema at that moment, so the files had to run one at a time.
 */
export interface TestDatabase {
  readonly kind: 'sqlite' | 'postgres';
  database: AppDatabase;
  /** Closes the connection and opens the same database again (a server restart). */
  reopen(): Promise<AppDatabase>;
  /** A second connection to the same database (another server process); the caller closes it. */
  openAnother(): Promise<AppDatabase>;
  /** Closes it and removes the file or database. */
  remove(): Promise<void>;
}

export const TEST_DATABASE_URL = process.env.DATABASE_URL || undefined;

export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DATABASE_URL !== undefined) {
    const fresh = await freshPostgresDatabase(TEST_DATABASE_URL);
    return testDatabase('postgres', () => openDatabase({ databaseUrl: fresh.url }), fresh.drop);
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

/** Runs one statement on the server of `url` (CREATE and DROP DATABASE run outside a transaction). */
async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * An empty PostgreSQL database on the server of `baseUrl`, named for this process: its address,
 * and `drop` to remove it (closing whatever connection is left).
 */
export async function freshPostgresDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await onServer(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(baseUrl, `drop database if exists ${name} with (force)`) };
}
