import { type Kysely, type Migration } from 'kysely';

/**
 * Issue 19, classes: managed student accounts (made by a teacher, no e-mail of the child: the
 * `email` column, unique and not null since the first migration, holds a reserved
 * `<random>@managed.invalid` address nobody can receive mail at), the real name the teacher
 * pasted (read only by the class's staff, never by profiles), and the class a team is.
 */
const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('is_managed', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
    await db.schema.alterTable('users').addColumn('real_name', 'text').execute();
    await db.schema.alterTable('teams').addColumn('is_class', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
    await db.schema.createIndex('teams_organization').on('teams').column('organization_id').execute();
    await db.schema.createIndex('team_members_team').on('team_members').columns(['team_id', 'user_id']).execute();
    await db.schema.createIndex('team_members_user').on('team_members').column('user_id').execute();
  },
};

export default migration;
