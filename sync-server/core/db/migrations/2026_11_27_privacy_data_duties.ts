import { type Kysely, type Migration } from 'kysely';
import { ref, withId } from './helpers';

/**
 * Issue 26, a school's data duties: the log of staff reads of children's emergency contacts and
 * medical notes (one row per reader, child, place and day: `read_on` is the UTC day, unique with
 * the others, so a manager's phone polling a tournament adds one row a day, not one a poll; an
 * export has no tournament and is logged each time), and the mark of a 'Withdrawn player': the
 * account-less stand-in that keeps a deleted child's results in a tournament already played.
 */
const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('is_withdrawn_player', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
    await db.schema
      .createTable('data_access_log')
      .$call((t) => withId(db, t))
      .$call((t) => ref(t, 'organization_id', 'organizations'))
      .$call((t) => ref(t, 'reader_id', 'users', false, false))
      .$call((t) => ref(t, 'child_id', 'users', false, false))
      .addColumn('kind', 'text', (c) => c.notNull())
      .$call((t) => ref(t, 'tournament_id', 'tournaments', false, false))
      .addColumn('read_on', 'text', (c) => c.notNull())
      .addColumn('read_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('data_access_log_once_a_day')
      .unique()
      .on('data_access_log')
      .columns(['reader_id', 'child_id', 'kind', 'tournament_id', 'read_on'])
      .execute();
    await db.schema.createIndex('data_access_log_organization').on('data_access_log').columns(['organization_id', 'id']).execute();
    await db.schema.createIndex('data_access_log_child').on('data_access_log').column('child_id').execute();
  },
};

export default migration;
