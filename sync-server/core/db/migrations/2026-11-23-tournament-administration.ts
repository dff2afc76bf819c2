import { type Kysely, type Migration } from 'kysely';

/**
 * Issue 10: what running tournaments needs beyond the spec's stored model: a board's bye kind and
 * who went through after a drawn elimination game; one registration per user per tournament, one
 * round per number and one board per number (so two devices cannot both write them).
 */
const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('pairings').addColumn('bye_kind', 'text').execute();
    await db.schema.alterTable('pairings').addColumn('advances_player_id', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();
    await db.schema.createIndex('registrations_tournament_user').unique().on('registrations').columns(['tournament_id', 'user_id']).execute();
    await db.schema.createIndex('rounds_tournament_number').unique().on('rounds').columns(['tournament_id', 'round_number']).execute();
    await db.schema.createIndex('pairings_round_board').unique().on('pairings').columns(['round_id', 'board_number']).execute();
    await db.schema.createIndex('appeals_tournament').on('appeals').column('tournament_id').execute();
  },
};

export default migration;
