import { type Kysely, type Migration } from 'kysely';

/** Issue 20: the parent PIN of Parental Controls, stored hashed with the user's settings. */
const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('settings').addColumn('parent_pin_hash', 'text').execute();
  },
};

export default migration;
