import { type Kysely, type Migration } from 'kysely';
import { created, ref, withId } from './helpers';

/**
 * Issue 19, parents: a parent account linked to a child (one row a pair), the one-time link
 * codes a teacher prints (stored as the sha256 of the code, never readable), and on the child's
 * settings row who set the Parental Controls last when it was a parent (null: the child's own).
 */
const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('parent_links')
      .$call((t) => withId(db, t))
      .$call((t) => ref(t, 'parent_id', 'users', true))
      .$call((t) => ref(t, 'child_id', 'users', true))
      .$call(created)
      .addUniqueConstraint('parent_links_pair', ['parent_id', 'child_id'])
      .execute();
    await db.schema.createIndex('parent_links_child').on('parent_links').column('child_id').execute();

    await db.schema
      .createTable('parent_link_codes')
      .$call((t) => withId(db, t))
      .addColumn('code_hash', 'text', (c) => c.notNull().unique())
      .$call((t) => ref(t, 'child_id', 'users', true))
      .$call((t) => ref(t, 'created_by', 'users', false, false))
      .$call(created)
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .$call((t) => ref(t, 'used_by', 'users', false, false))
      .execute();
    await db.schema.createIndex('parent_link_codes_child').on('parent_link_codes').column('child_id').execute();

    await db.schema.alterTable('settings').addColumn('controls_set_by', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();
    await db.schema.alterTable('settings').addColumn('controls_set_at', 'timestamptz').execute();
  },
};

export default migration;
