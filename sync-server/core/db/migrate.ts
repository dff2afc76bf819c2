import { type Kysely, type MigrationProvider, Migrator } from 'kysely';
import { MIGRATIONS } from './migrations';

/**
 * The stored data model (accounts spec section 3, "Stored data model") as Kysely migrations, one
 * file each in ./migrations (their shared column helpers and conventions: ./migrations/helpers.ts).
 */

const provider: MigrationProvider = { getMigrations: async () => ({ ...MIGRATIONS }) };

/**
 * Kysely runs the migrations in `Array.prototype.sort()`'s order (by UTF-16 code unit), but reads
 * back the ones run within the same millisecond with `localeCompare`, which puts '_' before '-':
 * a fast machine that ran '2026-11-24-tournament-version' and '2026_11_25_classes_managed_accounts'
 * in one millisecond then refused to open that database ("corrupted migrations"). One order for both.
 */
export const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Runs every pending migration; throws (so start-up fails loudly) if one fails. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<void> {
  // With a PostgreSQL schema of its own (tests), the migration tables live in it too: Kysely looks
  // for them by name in every schema, so another schema's tables would be taken for its own.
  const migrator = new Migrator({ db, provider, nameComparator: byCodeUnit, ...(schema !== undefined ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const name = failed ? ` "${failed.migrationName}"` : '';
    throw new Error(`Database migration${name} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
