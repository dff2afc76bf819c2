import { type Kysely, type Migration } from 'kysely';

/**
 * Issue 18, tenancy: who cancelled a registration (a late entry may bring back only a player who
 * withdrew themselves), and tournaments found by organization.
 */
const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('registrations').addColumn('cancelled_by', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();
    await db.schema.createIndex('tournaments_organization').on('tournaments').column('organization_id').execute();
  },
};

export default migration;
