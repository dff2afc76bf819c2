import { type Kysely, type Migration } from 'kysely';

/**
 * Issue 9, learning: stable keys for the authored content (content/ is seeded by them, so seeding
 * again updates rather than duplicates), the rest of the local settings on the settings row with
 * the time they were saved (last writer wins), and one analysis per user and game.
 */
const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('lessons').addColumn('slug', 'text').execute();
    await db.schema.createIndex('lessons_slug').unique().on('lessons').column('slug').execute();
    await db.schema.alterTable('lessons').addColumn('skills', 'text', (c) => c.notNull().defaultTo('[]')).execute();
    await db.schema.alterTable('daily_tips').addColumn('slug', 'text').execute();
    await db.schema.createIndex('daily_tips_slug').unique().on('daily_tips').column('slug').execute();
    await db.schema.alterTable('puzzles').addColumn('lichess_id', 'text').execute();
    await db.schema.createIndex('puzzles_lichess_id').unique().on('puzzles').column('lichess_id').execute();
    await db.schema.alterTable('achievements').addColumn('key', 'text').execute();
    await db.schema.createIndex('achievements_key').unique().on('achievements').column('key').execute();
    await db.schema.createIndex('user_achievements_user_achievement').unique().on('user_achievements').columns(['user_id', 'achievement_id']).execute();
    for (const [column, type, value] of [
      ['move_announcements_enabled', 'boolean', false],
      ['educational_feedback_enabled', 'boolean', true],
      ['game_mode', 'text', 'pvc'],
      ['ai_difficulty', 'text', 'beginner'],
      ['player_color', 'text', 'w'],
    ] as const) {
      await db.schema.alterTable('settings').addColumn(column, type, (c) => c.notNull().defaultTo(value)).execute();
    }
    await db.schema.alterTable('settings').addColumn('updated_at', 'timestamptz').execute();
    await db.schema.createIndex('game_analysis_user_game').unique().on('game_analysis').columns(['user_id', 'game_id']).execute();
    await db.schema.alterTable('game_analysis').addColumn('missed_tactics', 'text', (c) => c.notNull().defaultTo('[]')).execute();
    await db.schema.alterTable('game_analysis').addColumn('player_moves', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.createIndex('game_phase_analysis_user_game').unique().on('game_phase_analysis').columns(['user_id', 'game_id']).execute();
    for (const phase of ['opening', 'middlegame', 'endgame']) {
      await db.schema.alterTable('game_phase_analysis').addColumn(`${phase}_moves`, 'integer', (c) => c.notNull().defaultTo(0)).execute();
    }
    await db.schema.createIndex('puzzle_attempts_user').on('puzzle_attempts').column('user_id').execute();
    await db.schema.createIndex('user_tip_progress_user').on('user_tip_progress').column('user_id').execute();
  },
};

export default migration;
