import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-db';
import { openDatabase } from './connect';
import { migrateToLatest } from './migrate';
import { MIGRATIONS } from './migrations';

// Database set-up and scrypt hashing are slow on a busy machine (and on PostgreSQL).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
});

afterAll(() => test.remove());

// Raw SQL with snake_case names: this checks the stored model itself, not the code's view of it.
async function insertAndRead(table: string, values: Record<string, unknown>): Promise<Record<string, unknown>> {
  const columns = Object.keys(values);
  const { rows } = await sql<Record<string, unknown>>`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values (${sql.join(Object.values(values))}) returning *`.execute(
    test.database.db.withoutPlugins(),
  );
  return rows[0] ?? {};
}

describe('the stored data model', () => {
  it('creates every table of the spec plus sync_clients', async () => {
    const tables = [
      'users', 'games', 'lessons', 'user_lesson_progress', 'sessions', 'puzzles', 'puzzle_attempts', 'engine_evals',
      'game_analysis', 'dynamic_lessons', 'skill_progress', 'user_skill_analytics', 'achievements', 'user_achievements',
      'opening_performance', 'game_phase_analysis', 'settings', 'daily_tips', 'user_tip_progress', 'organizations',
      'user_roles', 'teams', 'team_members', 'tournaments', 'tournament_sections', 'registrations', 'rounds', 'pairings',
      'tournament_games', 'appeals', 'rating_snapshots', 'certificates', 'notifications', 'sync_clients',
    ];
    for (const table of tables) {
      await expect(sql`select count(*) from ${sql.table(table)}`.execute(test.database.db), table).resolves.toBeDefined();
    }
  });

  it('running the migrations again changes nothing', async () => {
    await expect(migrateToLatest(test.database.db.withoutPlugins())).resolves.toBeUndefined();
  });

  // A fast machine runs several migrations within one millisecond; Kysely then orders them by
  // name, and must by the same order it ran them in ('-' before '_').
  it('opens again a database whose migrations all ran within the same millisecond', async () => {
    const db = test.database.db.withoutPlugins();
    await sql`update kysely_migration set timestamp = ${new Date().toISOString()}`.execute(db);
    await expect(migrateToLatest(db)).resolves.toBeUndefined();
  });

  it.each([
    ['users', { username: 'd', email: 'defaults@example.com' }, { elo_rating: 1200, is_elo_calibrated: 0, games_won: 0, puzzles_solved: 0, current_streak: 0, lessons_completed: 0, onboarding_completed: 0, primary_role: 'student' }],
    ['tournaments', { name: 'Defaults Cup' }, { country: 'IN', time_zone: 'Asia/Kolkata', entry_fee: 0, currency: 'INR', status: 'draft', format: 'swiss', is_online: 0, is_public: 1, allow_registration: 1, require_payment: 0, require_parent_consent: 1 }],
    ['organizations', { name: 'Defaults School' }, { country: 'IN', is_verified: 0 }],
    ['achievements', { name: 'First win' }, { points: 10, rarity: 'common' }],
  ])('%s gets the spec defaults', async (table, values, defaults) => {
    expect(await insertAndRead(table, values)).toMatchObject(defaults);
  });

  it('keeps the decimal precisions: entry fee 10,2; pairing scores 3,1; accuracy 5,2', async () => {
    const tournament = await insertAndRead('tournaments', { name: 'Fee Cup', entry_fee: 1234567.89 });
    expect(tournament.entry_fee).toBe(1234567.89);
    const user = await insertAndRead('users', { username: 'acc', email: 'acc@example.com' });
    const defaults = await insertAndRead('user_skill_analytics', { user_id: user.id });
    expect(defaults).toMatchObject({ opening_strength: 1200, time_management_score: 0.75, blunder_frequency: 0.05, average_accuracy: 0.8, consistency_score: 0.7, improvement_velocity: 0, recent_form: 'stable', peak_performance: 1200 });
    if (test.kind === 'postgres') {
      const round = await insertAndRead('rounds', { tournament_id: tournament.id, round_number: 1 });
      const pairing = await insertAndRead('pairings', { round_id: round.id, tournament_id: tournament.id, white_score: 0.5, black_score: 0.5 });
      expect(pairing).toMatchObject({ white_score: 0.5, black_score: 0.5, game_status: 'scheduled', is_bye: 0 });
      // PostgreSQL enforces the precision; SQLite stores what it is given.
      await expect(insertAndRead('pairings', { round_id: round.id, tournament_id: tournament.id, white_score: 100 })).rejects.toThrow(/overflow/);
      const { rows } = await sql<{ numeric_precision: number; numeric_scale: number; column_name: string }>`
        select column_name, numeric_precision, numeric_scale from information_schema.columns
        where table_schema = current_schema() and column_name in ('entry_fee', 'white_score', 'average_accuracy') and table_name in ('tournaments', 'pairings', 'game_analysis')`.execute(test.database.db.withoutPlugins());
      expect(rows.map((r) => [r.column_name, r.numeric_precision, r.numeric_scale]).sort()).toEqual([
        ['average_accuracy', 5, 2],
        ['entry_fee', 10, 2],
        ['white_score', 3, 1],
      ]);
    }
  });

  it('refuses a second account with the same e-mail', async () => {
    await insertAndRead('users', { username: 'one', email: 'same@example.com' });
    await expect(insertAndRead('users', { username: 'two', email: 'same@example.com' })).rejects.toThrow(/unique|duplicate/i);
  });
});

describe('the migrations, one per file', () => {
  it('lists every file of the migrations folder, by its file name', () => {
    const files = readdirSync(join(import.meta.dirname, 'migrations'))
      .filter((file) => file.endsWith('.ts') && file !== 'index.ts' && file !== 'helpers.ts')
      .map((file) => file.replace(/\.ts$/, ''));
    expect(Object.keys(MIGRATIONS).sort()).toEqual(files.sort());
  });

  // fixtures/2026-11-25.sqlite was made by the code of 2026-11-25 (commit 187f7b8), when every
  // migration lived in one file: a database it made must upgrade untouched, its rows kept.
  it('upgrades a database made before the split without running an old migration again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chess-migrate-'));
    try {
      const file = join(dir, 'old.sqlite');
      copyFileSync(join(import.meta.dirname, 'fixtures', '2026-11-25.sqlite'), file);
      const before = new Set(['2026-11-22-accounts-games-and-data-model', '2026-11-23-learning', '2026-11-23-rate-limits-and-email-verification',
        '2026-11-23-tournament-administration', '2026-11-24-name-skeletons', '2026-11-24-parent-pin', '2026-11-24-puzzle-trainer',
        '2026-11-24-tenancy', '2026-11-24-tournament-version', '2026_11_25_classes_managed_accounts']);
      const database = await openDatabase({ sqliteFile: file, sqliteDurability: 'none' });
      try {
        const db = database.db.withoutPlugins();
        const { rows: applied } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
        expect(applied.map((row) => row.name)).toEqual(Object.keys(MIGRATIONS).sort());
        for (const name of before) expect(Object.keys(MIGRATIONS)).toContain(name);
        const { rows: users } = await sql<{ username: string; real_name: string | null }>`select username, real_name from users order by id`.execute(db);
        expect(users).toEqual([{ username: 'AnnaS', real_name: 'Anna Smith' }, { username: 'coach', real_name: null }]);
        const { rows: teams } = await sql<{ name: string }>`select t.name from teams t join team_members m on m.team_id = t.id`.execute(db);
        expect(teams).toEqual([{ name: 'Class 3B' }]);
        const { rows: tournaments } = await sql<{ name: string }>`select name from tournaments`.execute(db);
        expect(tournaments).toEqual([{ name: 'Fixture Cup' }]);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
