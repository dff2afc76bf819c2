import { type Kysely, type Migration } from 'kysely';
import { created, ref, withId } from './helpers';

/**
 * Issue 19, homework: what a class's teacher sets (a lesson, puzzles of a theme, games against
 * the computer at a level), for the whole class or chosen students (`homework_targets`), and each
 * student's completion, kept once reached (`homework_completions`, one row per assignment and
 * student). `client_key` is the device's id for an assignment: the same key is stored once.
 */
const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('homework_assignments')
      .$call((t) => withId(db, t))
      .$call((t) => ref(t, 'class_id', 'teams', true))
      .$call((t) => ref(t, 'organization_id', 'organizations'))
      .$call((t) => ref(t, 'created_by', 'users', false, false))
      .addColumn('client_key', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .$call((t) => ref(t, 'lesson_id', 'lessons'))
      .addColumn('puzzle_theme', 'text')
      .addColumn('engine_level', 'text')
      .addColumn('target_count', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('due_at', 'timestamptz', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('all_students', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('assigned_at', 'timestamptz', (c) => c.notNull())
      .addColumn('cancelled_at', 'timestamptz')
      .$call(created)
      .execute();
    await db.schema.createIndex('homework_assignments_class').on('homework_assignments').columns(['class_id', 'assigned_at']).execute();

    await db.schema
      .createTable('homework_targets')
      .$call((t) => ref(t, 'assignment_id', 'homework_assignments', true))
      .$call((t) => ref(t, 'user_id', 'users', true))
      .addPrimaryKeyConstraint('homework_targets_pk', ['assignment_id', 'user_id'])
      .execute();
    await db.schema.createIndex('homework_targets_user').on('homework_targets').column('user_id').execute();

    await db.schema
      .createTable('homework_completions')
      .$call((t) => ref(t, 'assignment_id', 'homework_assignments', true))
      .$call((t) => ref(t, 'user_id', 'users', true))
      .addColumn('completed_at', 'timestamptz', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('time_spent', 'integer')
      .addPrimaryKeyConstraint('homework_completions_pk', ['assignment_id', 'user_id'])
      .execute();
  },
};

export default migration;
