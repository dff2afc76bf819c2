/**
 * Every column of the database that names a user (a foreign key to users.id), in one list, with
 * what the archive and the erasure do with it (issue 26). privacy.test.ts reads the foreign keys
 * of the migrated database on SQLite and PostgreSQL and fails when a column is missing here, so a
 * new table that holds a child's rows cannot be left out of the download or the deletion.
 *
 * - 'subject': the row is about that user (their game, their registration): it is in their
 *   archive; on deletion it goes with the account ('cascade', the foreign key's own action) or,
 *   for a tournament already played, moves to the 'Withdrawn player' stand-in ('withdrawn').
 * - 'actor': the user did something to a row about someone or something else (who approved a
 *   result, who made a class code): not their archive's; the foreign key clears it on deletion.
 */
export type UserColumnRole = 'subject' | 'actor';
export type OnErase = 'cascade' | 'withdrawn' | 'setNull';

export const USER_COLUMNS: Readonly<Record<string, { role: UserColumnRole; onErase: OnErase }>> = {
  'sessions.user_id': { role: 'subject', onErase: 'cascade' },
  'games.user_id': { role: 'subject', onErase: 'cascade' },
  'sync_clients.user_id': { role: 'subject', onErase: 'cascade' },
  'user_roles.user_id': { role: 'subject', onErase: 'cascade' },
  'user_roles.granted_by': { role: 'actor', onErase: 'setNull' },
  'user_lesson_progress.user_id': { role: 'subject', onErase: 'cascade' },
  'puzzle_attempts.user_id': { role: 'subject', onErase: 'cascade' },
  'game_analysis.user_id': { role: 'subject', onErase: 'cascade' },
  'dynamic_lessons.user_id': { role: 'subject', onErase: 'cascade' },
  'skill_progress.user_id': { role: 'subject', onErase: 'cascade' },
  'user_skill_analytics.user_id': { role: 'subject', onErase: 'cascade' },
  'user_achievements.user_id': { role: 'subject', onErase: 'cascade' },
  'opening_performance.user_id': { role: 'subject', onErase: 'cascade' },
  'game_phase_analysis.user_id': { role: 'subject', onErase: 'cascade' },
  'settings.user_id': { role: 'subject', onErase: 'cascade' },
  // A parent who set a child's controls: handed back to the child before the parent's account goes.
  'settings.controls_set_by': { role: 'actor', onErase: 'setNull' },
  'user_tip_progress.user_id': { role: 'subject', onErase: 'cascade' },
  'teams.coach_id': { role: 'actor', onErase: 'setNull' },
  'team_members.user_id': { role: 'subject', onErase: 'cascade' },
  'tournaments.organizer_id': { role: 'actor', onErase: 'setNull' },
  'registrations.user_id': { role: 'subject', onErase: 'withdrawn' },
  'registrations.registered_by': { role: 'actor', onErase: 'setNull' },
  'registrations.cancelled_by': { role: 'actor', onErase: 'setNull' },
  'rounds.pairings_generated_by': { role: 'actor', onErase: 'setNull' },
  'pairings.white_player_id': { role: 'subject', onErase: 'withdrawn' },
  'pairings.black_player_id': { role: 'subject', onErase: 'withdrawn' },
  'pairings.advances_player_id': { role: 'subject', onErase: 'withdrawn' },
  'tournament_games.white_player_id': { role: 'subject', onErase: 'withdrawn' },
  'tournament_games.black_player_id': { role: 'subject', onErase: 'withdrawn' },
  'tournament_games.submitted_by': { role: 'actor', onErase: 'setNull' },
  'tournament_games.approved_by': { role: 'actor', onErase: 'setNull' },
  // The child's own dispute stays in the tournament's record, no longer naming them.
  'appeals.appealed_by': { role: 'subject', onErase: 'setNull' },
  'appeals.assigned_to': { role: 'actor', onErase: 'setNull' },
  'appeals.reviewed_by': { role: 'actor', onErase: 'setNull' },
  'rating_snapshots.user_id': { role: 'subject', onErase: 'cascade' },
  'certificates.user_id': { role: 'subject', onErase: 'cascade' },
  'certificates.issued_by': { role: 'actor', onErase: 'setNull' },
  'notifications.user_id': { role: 'subject', onErase: 'cascade' },
  'puzzle_ratings.user_id': { role: 'subject', onErase: 'cascade' },
  'own_puzzles.user_id': { role: 'subject', onErase: 'cascade' },
  'class_codes.created_by': { role: 'actor', onErase: 'setNull' },
  'class_join_requests.user_id': { role: 'subject', onErase: 'cascade' },
  'class_join_requests.answered_by': { role: 'actor', onErase: 'setNull' },
  'tournament_classes.added_by': { role: 'actor', onErase: 'setNull' },
  'homework_assignments.created_by': { role: 'actor', onErase: 'setNull' },
  'homework_targets.user_id': { role: 'subject', onErase: 'cascade' },
  'homework_completions.user_id': { role: 'subject', onErase: 'cascade' },
  'parent_links.parent_id': { role: 'subject', onErase: 'cascade' },
  'parent_links.child_id': { role: 'subject', onErase: 'cascade' },
  'parent_link_codes.child_id': { role: 'subject', onErase: 'cascade' },
  'parent_link_codes.created_by': { role: 'actor', onErase: 'setNull' },
  'parent_link_codes.used_by': { role: 'actor', onErase: 'setNull' },
  // The school keeps who read whose notes; a deleted child's rows no longer name them.
  'data_access_log.child_id': { role: 'subject', onErase: 'setNull' },
  'data_access_log.reader_id': { role: 'actor', onErase: 'setNull' },
};

/**
 * The archive's tables: each a table of the database and the columns that make a row the child's
 * (any of them), and the columns left out: secrets (hashes of passwords, PINs, tokens and codes)
 * and the session's own token.
 */
export interface ArchiveTable {
  readonly table: string;
  readonly columns: readonly string[];
  readonly omit?: readonly string[];
}

export const ARCHIVE_TABLES: readonly ArchiveTable[] = [
  { table: 'sessions', columns: ['user_id'], omit: ['sid', 'sess'] },
  { table: 'sync_clients', columns: ['user_id'] },
  { table: 'user_roles', columns: ['user_id'] },
  { table: 'settings', columns: ['user_id'], omit: ['parent_pin_hash'] },
  { table: 'games', columns: ['user_id'] },
  { table: 'game_analysis', columns: ['user_id'] },
  { table: 'game_phase_analysis', columns: ['user_id'] },
  { table: 'dynamic_lessons', columns: ['user_id'] },
  { table: 'skill_progress', columns: ['user_id'] },
  { table: 'user_skill_analytics', columns: ['user_id'] },
  { table: 'opening_performance', columns: ['user_id'] },
  { table: 'user_lesson_progress', columns: ['user_id'] },
  { table: 'puzzle_attempts', columns: ['user_id'] },
  { table: 'puzzle_ratings', columns: ['user_id'] },
  { table: 'own_puzzles', columns: ['user_id'] },
  { table: 'user_achievements', columns: ['user_id'] },
  { table: 'user_tip_progress', columns: ['user_id'] },
  { table: 'notifications', columns: ['user_id'] },
  { table: 'team_members', columns: ['user_id'] },
  { table: 'class_join_requests', columns: ['user_id'] },
  { table: 'homework_targets', columns: ['user_id'] },
  { table: 'homework_completions', columns: ['user_id'] },
  { table: 'parent_links', columns: ['parent_id', 'child_id'] },
  { table: 'parent_link_codes', columns: ['child_id'], omit: ['code_hash'] },
  { table: 'registrations', columns: ['user_id'] },
  { table: 'pairings', columns: ['white_player_id', 'black_player_id', 'advances_player_id'] },
  { table: 'tournament_games', columns: ['white_player_id', 'black_player_id'] },
  { table: 'appeals', columns: ['appealed_by'] },
  { table: 'rating_snapshots', columns: ['user_id'] },
  { table: 'certificates', columns: ['user_id'] },
  { table: 'data_access_log', columns: ['child_id'] },
];

/** The user row's columns left out of the archive: secrets, and the server's own bookkeeping. */
export const USER_OMITTED_COLUMNS = [
  'password_hash',
  'reset_token',
  'reset_token_expiry',
  'verify_token',
  'verify_token_expiry',
  'username_skeleton',
  'sync_version',
  'is_withdrawn_player',
] as const;
