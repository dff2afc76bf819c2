import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from './migrations';
import type { Database } from './types';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface AppDatabase {
  readonly db: Kysely<Database>;
  readonly kind: DatabaseKind;
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
  /** SQLite: FULL (default; durable across power loss) or NORMAL (bench/sync.ts compares them). */
  sqliteSynchronous?: 'FULL' | 'NORMAL';
  /** Run pending migrations before returning (default true). */
  migrate?: boolean;
}

export const SQLITE_FILE_NAME = 'chess.sqlite';
/** SQLite's durability setting (docs/architecture.md, "Durability"). */
export const SQLITE_SYNCHRONOUS = 'FULL';

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
  // WAL lets readers run beside the writer. FULL: every commit is fsynced to the WAL before the
  // answer, so an acknowledged push survives a power cut, not only a crash of the process
  // (NORMAL may lose the last transactions on power loss). Measured in bench/sync.ts.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${options.sqliteSynchronous ?? SQLITE_SYNCHRONOUS}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new CamelCasePlugin()],
  });
  return { db, kind: 'sqlite', close: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely prepares every query again; preparing costs more than running a small insert, so
 * prepared statements are kept by their SQL text (the query builder produces the same text for
 * the same query shape, with values as parameters).
 */
function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      let statement = cache.get(sql);
      if (statement === undefined) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
        statement = sqlite.prepare(sql) as unknown as SqliteStatement;
        cache.set(sql, statement);
      }
      return statement;
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
      await setup.query(`create schema if not exists ${schema}`);
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
  return { db, kind: 'postgres', close: () => db.destroy() };
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
