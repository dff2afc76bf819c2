import { type Kysely, type Migration } from 'kysely';

/**
 * Issue 18: a tournament's version, bumped by every write to it (tournaments/store.ts
 * writeChanges), so each process's read cache (tournaments/read-cache.ts) sees another
 * process's write.
 */
const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('tournaments').addColumn('version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};

export default migration;
