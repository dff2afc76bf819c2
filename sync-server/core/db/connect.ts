import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import pg from 'pg';
import { WalGroupCommit } from './group-commit';
import { migrateToLatest } from './migrate';
import type { Database } from './types';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface AppDatabase {
  readonly db: Kysely<Database>;
  readonly kind: DatabaseKind;
  /**
   * Resolves once every write made so far is on disk. The server awaits it before it answers an
   * /api request (app.ts): SQLite's group commit (./group-commit.ts); immediate on PostgreSQL,
   * whose commits return only once flushed.
   */
  durable(): Promise<void>;
  /** SQLite in a file: the group commit behind `durable()` (tests read its fsync count). */
  readonly groupCommit?: WalGroupCommit;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL when set (e.g. postgres://user@host:5432/name); otherwise SQLite. */
  databaseUrl?: string;
  /** SQLite: the database file is `<dataDir>/chess.sqlite`. */
  dataDir?: string;
  /** SQLite: a file path instead of `<dataDir>/chess.sqlite` (`:memory:` works too). */
  sqliteFile?: string;
  /** PostgreSQL: a schema to create (if missing) and use as search_path (tests use one per file). */
  pgSchema?: string;
  /**
   * SQLite: how a commit reaches the disk. 'group' (default): synchronous=NORMAL and one fsync of
   * the WAL, off the event loop, for all the commits before an answer (./group-commit.ts);
   * 'full': synchronous=FULL, every commit fsynced on the event loop; 'none': NORMAL with no
   * fsync before answering (not durable across power loss). bench/sync.ts compares the three.
   */
  sqliteDurability?: SqliteDurability;
  /** Run pending migrations before returning (default true). */
  migrate?: boolean;
}

export const SQLITE_FILE_NAME = 'chess.sqlite';
export type SqliteDurability = 'group' | 'full' | 'none';

/** Opens (and by default migrates) the database the options name. */
export async function openDatabase(options: DatabaseOptions): Promise<AppDatabase> {
  const database = options.databaseUrl ? await openPostgres(options.databaseUrl, options.pgSchema) : openSqlite(options);
  if (options.migrate !== false) {
    try {
      await migrateToLatest(database.db.withoutPlugins(), options.databaseUrl ? options.pgSchema : undefined);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}

function openSqlite(options: DatabaseOptions): AppDatabase {
  const file = options.sqliteFile ?? join(options.dataDir ?? 'data', SQLITE_FILE_NAME);
  const sqlite = new BetterSqlite3(file);
  const durability = options.sqliteDurability ?? 'group';
  // WAL lets readers run beside the writer. An acknowledged write must survive a power cut, not
  // only a crash of the process: either every commit is fsynced where it runs (FULL), or the
  // answer waits for a shared fsync of the WAL (group commit). Measured in bench/sync.ts.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${durability === 'full' ? 'FULL' : 'NORMAL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const group = durability === 'group' && !sqlite.memory ? new WalGroupCommit(`${sqlite.name}-wal`) : null;
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, group) }),
    plugins: [new CamelCasePlugin()],
  });
  return {
    db,
    kind: 'sqlite',
    durable: () => group?.durable() ?? Promise.resolve(),
    ...(group !== null ? { groupCommit: group } : {}),
    close: async () => {
      await group?.close();
      await db.destroy();
    },
  };
}

const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely prepares every query again; preparing costs more than running a small insert, so
 * prepared statements are kept by their SQL text (the query builder produces the same text for
 * the same query shape, with values as parameters). Kysely runs a statement right after
 * preparing it, so the statements that write are noted here for the group commit: those that
 * change the database, and COMMIT and RELEASE (which SQLite calls read-only, but it is then
 * that a transaction's pages are written to the WAL).
 */
function withStatementCache(sqlite: BetterSqlite3.Database, group: WalGroupCommit | null): SqliteDatabase {
  const cache = new Map<string, { statement: SqliteStatement; writes: boolean }>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      let entry = cache.get(sql);
      if (entry === undefined) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
        const statement = sqlite.prepare(sql);
        entry = { statement: statement as unknown as SqliteStatement, writes: !statement.readonly || /^\s*(commit|end|release)\b/i.test(sql) };
        cache.set(sql, entry);
      }
      if (entry.writes) group?.noteWrite();
      return entry.statement;
    },
  };
}

const PG_OID = { bool: 16, int8: 20, numeric: 1700, timestamp: 1114, timestamptz: 1184 } as const;

/** Makes PostgreSQL read like SQLite: booleans 0/1, bigint and numeric numbers, timestamps ISO strings. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    switch (oid) {
      case PG_OID.bool:
        return (value: string) => (value === 't' ? 1 : 0);
      case PG_OID.int8:
      case PG_OID.numeric:
        return (value: string) => Number(value);
      case PG_OID.timestamptz:
      case PG_OID.timestamp: {
        const parse = pg.types.getTypeParser(oid, 'text') as (value: string) => Date;
        return (value: string) => parse(value).toISOString();
      }
      default:
        return pg.types.getTypeParser(oid, format ?? 'text');
    }
  },
} as pg.CustomTypesConfig;

async function openPostgres(connectionString: string, schema: string | undefined): Promise<AppDatabase> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Bad schema name ${schema}`);
  if (schema !== undefined) {
    const setup = new pg.Client({ connectionString });
    await setup.connect();
    try {
      // Two processes starting together both pass 'if not exists' and one fails on
      // pg_namespace's unique index: an advisory lock makes the second wait and see the schema.
      await setup.query('begin');
      await setup.query('select pg_advisory_xact_lock(hashtext($1))', [`chess-schema:${schema}`]);
      await setup.query(`create schema if not exists ${schema}`);
      await setup.query('commit');
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString,
    types: pgTypes,
    max: 10,
    // A commit returns only once its WAL record is flushed to disk (PostgreSQL's default, set
    // explicitly so a server configured with synchronous_commit=off cannot lose acknowledged pushes).
    options: ['-c synchronous_commit=on', ...(schema !== undefined ? [`-c search_path=${schema}`] : [])].join(' '),
  });
  // An idle connection dropped by the server (restart, admin) must not crash the process: the
  // pool replaces it on next use.
  pool.on('error', (error) => console.error('PostgreSQL connection error:', error.message));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  return { db, kind: 'postgres', durable: () => Promise.resolve(), close: () => db.destroy() };
}

/** Drops a PostgreSQL schema made by `openDatabase({ pgSchema })` (tests clean up with it). */
export async function dropPostgresSchema(connectionString: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Bad schema name ${schema}`);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}
