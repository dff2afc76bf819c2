import { type Kysely, type Migration } from 'kysely';

/**
 * Issue 28: the account's language and a class's default language, each one of the app's locale
 * codes ('en', 'hi', 'es', 'fr', 'ar'; schema/core/values.ts LOCALES) or null (none chosen).
 * `language_set_at` is when the account's language was chosen (on the device's clock, as the
 * settings' updated_at): of two choices made on two devices, the later one stays.
 */
const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('language', 'text').execute();
    await db.schema.alterTable('users').addColumn('language_set_at', 'timestamptz').execute();
    await db.schema.alterTable('teams').addColumn('language', 'text').execute();
  },
};

export default migration;
