import { type Kysely, type Migration } from 'kysely';

/**
 * Issue 29: a tournament's arbiter settings as JSON text (schema/tournaments.ts): its pairing
 * rules (acceleration, prohibited pairings) and its school team standings. Null: none.
 */
const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('tournaments').addColumn('arbiter_settings', 'text').execute();
  },
};

export default migration;
