import { type Kysely, type Migration } from 'kysely';

/**
 * Issue 26, guessable codes: every code expires and retires. `code_guess_counts` holds, per kind
 * of code ('sign_in', 'join', 'parent'), the attempts counted so far less those that found a code;
 * each code keeps `retire_at_guess`, the count at which it stops working (the count when it was
 * made plus its kind's budget). Join codes, which had no end, now end 120 days after they were
 * made. The budgets are written out here as they are today (domain/code-guessing.ts: a kind's
 * codes / 10,000), so this file stays as it ran.
 */
const BUDGET = { sign_in: 14_803, join: 7_831_098, parent: 15_258_789 } as const;
const JOIN_CODE_MS = 120 * 24 * 60 * 60 * 1000;

/** A stored timestamp as a Date: ISO 8601 from the app, 'YYYY-MM-DD HH:MM:SS' (UTC) from SQLite's CURRENT_TIMESTAMP. */
const readTime = (value: string | Date) => (value instanceof Date ? value : new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`));

const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('code_guess_counts')
      .addColumn('kind', 'text', (c) => c.primaryKey())
      .addColumn('guesses', 'bigint', (c) => c.notNull())
      .execute();
    await db
      .insertInto('code_guess_counts')
      .values(Object.keys(BUDGET).map((kind) => ({ kind, guesses: 0 })))
      .execute();

    await db.schema.alterTable('class_codes').addColumn('retire_at_guess', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    await db.updateTable('class_codes').set({ retire_at_guess: BUDGET.sign_in }).where('kind', '=', 'sign_in').execute();
    await db.updateTable('class_codes').set({ retire_at_guess: BUDGET.join }).where('kind', '=', 'join').execute();
    const joinCodes = await db.selectFrom('class_codes').select(['id', 'created_at']).where('kind', '=', 'join').where('expires_at', 'is', null).execute();
    for (const code of joinCodes) {
      const expiresAt = new Date(readTime(code.created_at as string | Date).getTime() + JOIN_CODE_MS).toISOString();
      await db.updateTable('class_codes').set({ expires_at: expiresAt }).where('id', '=', code.id).execute();
    }

    await db.schema.alterTable('parent_link_codes').addColumn('retire_at_guess', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    await db.updateTable('parent_link_codes').set({ retire_at_guess: BUDGET.parent }).execute();
  },
};

export default migration;
