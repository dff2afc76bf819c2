import { type Kysely, type Migration } from 'kysely';
import { created, ref, withId } from './helpers';

/**
 * Issue 19, class codes: a class's short-lived sign-in code (shown on the board) and its join
 * code (for students who already have an account), one of each kind per class, both looked up
 * by the SHA-256 of the code; the join code is also kept readable for its teacher to show again.
 * And the join requests those codes make, which the class's staff approve or decline.
 */
const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('class_codes')
      .$call((table) => withId(db, table))
      .$call((table) => ref(table, 'team_id', 'teams', true))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('code', 'text')
      .addColumn('expires_at', 'timestamptz')
      .$call((table) => ref(table, 'created_by', 'users', false, false))
      .$call(created)
      .execute();
    await db.schema.createIndex('class_codes_team_kind').unique().on('class_codes').columns(['team_id', 'kind']).execute();
    await db.schema.createIndex('class_codes_hash').unique().on('class_codes').columns(['kind', 'code_hash']).execute();

    await db.schema
      .createTable('class_join_requests')
      .$call((table) => withId(db, table))
      .$call((table) => ref(table, 'team_id', 'teams', true))
      .$call((table) => ref(table, 'user_id', 'users', true))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
      .addColumn('answered_at', 'timestamptz')
      .$call((table) => ref(table, 'answered_by', 'users', false, false))
      .execute();
    await db.schema.createIndex('class_join_requests_team_user').unique().on('class_join_requests').columns(['team_id', 'user_id']).execute();
  },
};

export default migration;
