import { type Kysely, type Migration } from 'kysely';
import { created, ref, withId } from './helpers';

/**
 * Issue 19, class tournaments: which classes play in a tournament. Their students were entered
 * as confirmed registrations; the link decides who sees their real names in the tournament (the
 * classes' staff and their students: docs/decisions.md, "Class tournaments (issue 19)").
 */
const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('tournament_classes')
      .$call((table) => withId(db, table))
      .$call((table) => ref(table, 'tournament_id', 'tournaments', true))
      .$call((table) => ref(table, 'class_id', 'teams', true))
      .$call((table) => ref(table, 'added_by', 'users', false, false))
      .$call(created)
      .execute();
    await db.schema.createIndex('tournament_classes_unique').on('tournament_classes').columns(['tournament_id', 'class_id']).unique().execute();
    await db.schema.createIndex('tournament_classes_class').on('tournament_classes').column('class_id').execute();
  },
};

export default migration;
