import { type Kysely, type Migration } from 'kysely';
import { now } from './helpers';

/**
 * Issue 21, the puzzle trainer: trainer puzzles beside the assessment's in `puzzles` (told apart
 * by `kind`; found by `external_id`, 'lichess:<id>' or 'gen:<hash>'), each attempt's mode, rating
 * change and key (exactly once across the route and the outbox), the student's puzzle rating
 * (Glicko-2) and streaks, and the student's own puzzles made from reviewed games.
 */
const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('puzzles').addColumn('kind', 'text', (c) => c.notNull().defaultTo('assessment')).execute();
    await db.schema.alterTable('puzzles').addColumn('external_id', 'text').execute();
    await db.schema.alterTable('puzzles').addColumn('moves', 'text', (c) => c.notNull().defaultTo('[]')).execute();
    await db.schema.alterTable('puzzles').addColumn('rating_deviation', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('puzzles').addColumn('themes', 'text', (c) => c.notNull().defaultTo('[]')).execute();
    await db.schema.createIndex('puzzles_external_id').unique().on('puzzles').column('external_id').execute();
    await db.schema.createIndex('puzzles_kind_rating').on('puzzles').columns(['kind', 'rating']).execute();
    await db.schema.alterTable('puzzle_attempts').addColumn('attempt_key', 'text').execute();
    await db.schema.alterTable('puzzle_attempts').addColumn('mode', 'text').execute();
    await db.schema.alterTable('puzzle_attempts').addColumn('rated', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
    await db.schema.alterTable('puzzle_attempts').addColumn('rating_before', 'double precision').execute();
    await db.schema.alterTable('puzzle_attempts').addColumn('rating_after', 'double precision').execute();
    await db.schema.createIndex('puzzle_attempts_user_key').unique().on('puzzle_attempts').columns(['user_id', 'attempt_key']).execute();
    await db.schema.createIndex('puzzle_attempts_user_puzzle').on('puzzle_attempts').columns(['user_id', 'puzzle_id']).execute();
    await db.schema
      .createTable('puzzle_ratings')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('rating', 'double precision', (c) => c.notNull())
      .addColumn('rd', 'double precision', (c) => c.notNull())
      .addColumn('volatility', 'double precision', (c) => c.notNull())
      .addColumn('games', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('current_streak', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('best_streak', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .execute();
    await db.schema
      .createTable('own_puzzles')
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('game_id', 'text', (c) => c.notNull())
      .addColumn('ply', 'integer', (c) => c.notNull())
      .addColumn('setup_fen', 'text', (c) => c.notNull())
      .addColumn('setup_move', 'text', (c) => c.notNull())
      .addColumn('fen', 'text', (c) => c.notNull())
      .addColumn('best_move', 'text', (c) => c.notNull())
      .addColumn('played_move', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('explanation', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addPrimaryKeyConstraint('own_puzzles_pk', ['user_id', 'id'])
      .execute();
  },
};

export default migration;
