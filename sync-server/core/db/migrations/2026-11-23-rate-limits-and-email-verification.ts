import { type Kysely, type Migration } from 'kysely';

/**
 * Issue 12: rate-limit counters shared by every server process (PostgreSQL), and e-mail
 * verification (roles are granted only to verified addresses).
 */
const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      // Milliseconds since 1970: compared as numbers on both databases.
      .addColumn('reset_at_ms', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limits_reset_at_ms').on('rate_limits').column('reset_at_ms').execute();
    await db.schema.alterTable('users').addColumn('email_verified_at', 'timestamptz').execute();
    await db.schema.alterTable('users').addColumn('verify_token', 'text').execute();
    await db.schema.alterTable('users').addColumn('verify_token_expiry', 'timestamptz').execute();
    await db.schema.createIndex('users_verify_token').on('users').column('verify_token').execute();
  },
};

export default migration;
