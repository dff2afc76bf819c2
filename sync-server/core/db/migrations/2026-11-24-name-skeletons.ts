import { type Kysely, type Migration, sql } from 'kysely';
import { nameSkeleton } from '../../../../domain/name-skeleton';
import { normalizeName } from '../../../../domain/names';

/**
 * Issue 18, names: every username normalised (domain/names.ts) and its confusable skeleton
 * (domain/name-skeleton.ts) stored in a unique column, so no two accounts look alike. Existing
 * rows: the oldest account keeps its (normalised) name; a later one whose name now looks like
 * or equals an earlier one's becomes 'name #id' (sign-in is by e-mail, so nobody is locked out,
 * and pairing sheets tell the two apart). This runs today's normalisation and confusables table:
 * when either changes, a new migration recomputes the column.
 */
const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('users').addColumn('username_skeleton', 'text').execute();
    const users: { id: number; username: string }[] = await db.selectFrom('users').select(['id', 'username']).orderBy('id').execute();
    const skeletons = new Set<string>();
    const lowered = new Set<string>();
    const renamed: { id: number; username: string; skeleton: string }[] = [];
    for (const user of users) {
      const base = normalizeName(user.username) || `Player ${user.id}`;
      let username = base;
      for (let n = 1; skeletons.has(nameSkeleton(username)) || lowered.has(username.toLowerCase()); n++) {
        username = n === 1 ? `${base} #${user.id}` : `${base} #${user.id}-${n}`;
      }
      const skeleton = nameSkeleton(username);
      skeletons.add(skeleton);
      lowered.add(username.toLowerCase());
      renamed.push({ id: user.id, username, skeleton });
    }
    // Renaming one by one could pass through two equal names (the older takes a later one's
    // name before that one moves aside): the case-insensitive index waits until all are written.
    // One commit for all rows (PostgreSQL runs each migration in a transaction already; SQLite
    // does not): a failure leaves the names as they were. bench/names.ts times it.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const write = async (trx: Kysely<any>) => {
      await trx.schema.dropIndex('users_username_lower').execute();
      for (const { id, username, skeleton } of renamed) {
        await trx.updateTable('users').set({ username, username_skeleton: skeleton }).where('id', '=', id).execute();
      }
      await trx.schema.createIndex('users_username_lower').unique().on('users').expression(sql`lower(username)`).execute();
      await trx.schema.createIndex('users_username_skeleton').unique().on('users').column('username_skeleton').execute();
    };
    await (db.isTransaction ? write(db) : db.transaction().execute(write));
  },
};

export default migration;
