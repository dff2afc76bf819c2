import { type Kysely, type Migration } from 'kysely';

/**
 * Issue 19, classes through the outbox: the key a device gives a class it makes (createClass),
 * so its later addClassStudents can name the class before the device knows its number. Null for
 * classes made online. Unique: a key names one class.
 */
const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('teams').addColumn('client_key', 'text').execute();
    await db.schema.createIndex('teams_client_key').on('teams').column('client_key').unique().execute();
  },
};

export default migration;
