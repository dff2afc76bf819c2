import { type Kysely, type Migration, sql } from 'kysely';
import { START_FEN, type Table, created, now, ref, withId } from './helpers';

const migration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    const create = (name: string, build: (t: Table) => Table) =>
      build(withId(db, db.schema.createTable(name) as Table)).execute();

    await create('organizations', (t) =>
      created(
        t
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('type', 'text', (c) => c.notNull().defaultTo('other'))
          .addColumn('address', 'text')
          .addColumn('city', 'text')
          .addColumn('state', 'text')
          .addColumn('country', 'text', (c) => c.notNull().defaultTo('IN'))
          .addColumn('postal_code', 'text')
          .addColumn('phone_number', 'text')
          .addColumn('email', 'text')
          .addColumn('website', 'text')
          .addColumn('principal_name', 'text')
          .addColumn('principal_email', 'text')
          .addColumn('is_verified', 'boolean', (c) => c.notNull().defaultTo(false))
          .addColumn('verification_code', 'text')
          .addColumn('settings', 'text'),
      ),
    );

    await create('users', (t) =>
      ref(
        created(
          t
            .addColumn('username', 'text', (c) => c.notNull())
            .addColumn('email', 'text', (c) => c.notNull().unique())
            .addColumn('password_hash', 'text')
            .addColumn('first_name', 'text')
            .addColumn('last_name', 'text')
            .addColumn('profile_image_url', 'text')
            .addColumn('elo_rating', 'integer', (c) => c.notNull().defaultTo(1200))
            .addColumn('is_elo_calibrated', 'boolean', (c) => c.notNull().defaultTo(false))
            .addColumn('games_won', 'integer', (c) => c.notNull().defaultTo(0))
            // Beyond the spec's list: the User the client reads has these counters too.
            .addColumn('games_lost', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('games_drawn', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('total_games', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('puzzles_solved', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('current_streak', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('lessons_completed', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('onboarding_completed', 'boolean', (c) => c.notNull().defaultTo(false))
            .addColumn('reset_token', 'text')
            .addColumn('reset_token_expiry', 'timestamptz')
            .addColumn('date_of_birth', 'text')
            .addColumn('primary_role', 'text', (c) => c.notNull().defaultTo('student'))
            .addColumn('phone_number', 'text')
            .addColumn('parent_email', 'text')
            .addColumn('federation_id', 'text')
            .addColumn('emergency_contact', 'text')
            // Sync: bumped in every push that changes this user's data; the pull cursor.
            .addColumn('sync_version', 'bigint', (c) => c.notNull().defaultTo(0)),
        ),
        'school_id',
        'organizations',
        false,
        false,
      ),
    );
    await db.schema.createIndex('users_username_lower').unique().on('users').expression(sql`lower(username)`).execute();
    await db.schema.createIndex('users_reset_token').on('users').column('reset_token').execute();

    await db.schema
      .createTable('sessions')
      .addColumn('sid', 'text', (c) => c.primaryKey())
      .addColumn('sess', 'text')
      .addColumn('expire', 'timestamptz', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('ip_address', 'varchar(45)')
      .addColumn('user_agent', 'text')
      .addColumn('is_revoked', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('last_activity', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .execute();
    await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
    await db.schema.createIndex('sessions_expire').on('sessions').column('expire').execute();

    await create('games', (t) =>
      created(
        ref(t, 'user_id', 'users', true)
          // The id the client made when the game started: what makes a save idempotent.
          .addColumn('client_game_id', 'varchar(36)', (c) => c.notNull().unique())
          .addColumn('opponent', 'text')
          .addColumn('result', 'text', (c) => c.notNull())
          .addColumn('moves', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('pgn', 'text')
          .addColumn('starting_fen', 'text', (c) => c.notNull().defaultTo(START_FEN))
          .addColumn('final_fen', 'text')
          .addColumn('opening_name', 'text')
          .addColumn('opening_eco', 'text')
          .addColumn('total_moves', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('game_mode', 'text', (c) => c.notNull().defaultTo('pvc'))
          .addColumn('difficulty', 'text')
          .addColumn('player_color', 'text', (c) => c.notNull().defaultTo('white'))
          .addColumn('time_control', 'text')
          .addColumn('game_duration', 'integer')
          .addColumn('elo_change', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('sync_version', 'bigint', (c) => c.notNull().defaultTo(0)),
      ),
    );
    await db.schema.createIndex('games_user_created').on('games').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('games_user_sync_version').on('games').columns(['user_id', 'sync_version']).execute();

    await db.schema
      .createTable('sync_clients')
      .addColumn('client_id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('last_mutation_id', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .execute();

    await create('user_roles', (t) =>
      ref(ref(t, 'user_id', 'users', true), 'granted_by', 'users', false, false)
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('scope', 'text')
        .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('granted_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addColumn('expires_at', 'timestamptz')
        .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true)),
    );
    await db.schema.createIndex('user_roles_user_id').on('user_roles').column('user_id').execute();

    await create('lessons', (t) =>
      t
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('difficulty', 'text')
        .addColumn('content', 'text')
        .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0)),
    );
    await create('user_lesson_progress', (t) =>
      ref(ref(t, 'user_id', 'users', true), 'lesson_id', 'lessons', true)
        .addColumn('completed', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('score', 'integer')
        .addColumn('completed_at', 'timestamptz')
        .addUniqueConstraint('user_lesson_progress_user_lesson', ['user_id', 'lesson_id']),
    );

    await create('puzzles', (t) =>
      created(
        t
          .addColumn('fen', 'text', (c) => c.notNull())
          .addColumn('solution', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('rating', 'integer', (c) => c.notNull().defaultTo(1200))
          .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('description', 'text'),
      ),
    );
    await create('puzzle_attempts', (t) =>
      created(
        ref(ref(t, 'user_id', 'users', true), 'puzzle_id', 'puzzles', true)
          .addColumn('solved', 'boolean', (c) => c.notNull().defaultTo(false))
          .addColumn('time_spent', 'integer')
          .addColumn('attempted_moves', 'text', (c) => c.notNull().defaultTo('[]')),
      ),
    );

    // Shared with the coaching routes (sync-server/coach/): a cache of engine evaluations.
    await db.schema
      .createTable('engine_evals')
      .addColumn('fen', 'text', (c) => c.notNull())
      .addColumn('depth', 'integer', (c) => c.notNull())
      .addColumn('engine', 'text', (c) => c.notNull())
      .addColumn('score_cp', 'integer')
      .addColumn('mate', 'integer')
      .addColumn('bestmove', 'text')
      .addColumn('pv', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addPrimaryKeyConstraint('engine_evals_pk', ['fen', 'depth', 'engine'])
      .execute();

    await create('game_analysis', (t) =>
      created(
        ref(ref(t, 'user_id', 'users', true), 'game_id', 'games', true)
          .addColumn('moves_analyzed', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('analysis_engine', 'text', (c) => c.notNull().defaultTo('stockfish'))
          .addColumn('average_accuracy', 'decimal(5, 2)')
          .addColumn('blunders', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('mistakes', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('inaccuracies', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('best_move_percentage', 'decimal(5, 2)')
          .addColumn('analysis_completed', 'boolean', (c) => c.notNull().defaultTo(false))
          .addColumn('weaknesses_found', 'text')
          .addColumn('strengths_found', 'text')
          .addColumn('suggested_lessons', 'text'),
      ),
    );
    await create('dynamic_lessons', (t) =>
      created(
        ref(t, 'user_id', 'users', true)
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('description', 'text')
          .addColumn('lesson_type', 'text')
          .addColumn('target_weakness', 'text')
          .addColumn('exercises', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true)),
      ),
    );
    await create('skill_progress', (t) =>
      ref(t, 'user_id', 'users', true)
        .addColumn('skill_area', 'text', (c) => c.notNull())
        .addColumn('current_level', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('practice_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('success_rate', 'decimal(5, 2)', (c) => c.notNull().defaultTo(0))
        .addColumn('last_practiced', 'timestamptz')
        .addColumn('improvement_trend', 'text'),
    );
    await create('user_skill_analytics', (t) => {
      let table = ref(t, 'user_id', 'users', true).addUniqueConstraint('user_skill_analytics_user', ['user_id']);
      for (const area of ['opening', 'middlegame', 'endgame', 'tactical', 'positional', 'calculation']) {
        table = table.addColumn(`${area}_strength`, 'integer', (c) => c.notNull().defaultTo(1200));
      }
      return table
        .addColumn('time_management_score', 'decimal(5, 2)', (c) => c.notNull().defaultTo(0.75))
        .addColumn('blunder_frequency', 'decimal(5, 2)', (c) => c.notNull().defaultTo(0.05))
        .addColumn('average_accuracy', 'decimal(5, 2)', (c) => c.notNull().defaultTo(0.8))
        .addColumn('consistency_score', 'decimal(5, 2)', (c) => c.notNull().defaultTo(0.7))
        .addColumn('improvement_velocity', 'decimal(5, 2)', (c) => c.notNull().defaultTo(0))
        .addColumn('recent_form', 'text', (c) => c.notNull().defaultTo('stable'))
        .addColumn('peak_performance', 'integer', (c) => c.notNull().defaultTo(1200))
        .addColumn('games_analyzed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now));
    });
    await create('achievements', (t) =>
      t
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('category', 'text')
        .addColumn('type', 'text')
        .addColumn('requirement', 'text')
        .addColumn('points', 'integer', (c) => c.notNull().defaultTo(10))
        .addColumn('icon_url', 'text')
        .addColumn('rarity', 'text', (c) => c.notNull().defaultTo('common'))
        .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true)),
    );
    await create('user_achievements', (t) =>
      ref(ref(t, 'user_id', 'users', true), 'achievement_id', 'achievements', true)
        .addColumn('progress', 'decimal(5, 2)', (c) => c.notNull().defaultTo(0))
        .addColumn('is_unlocked', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('unlocked_at', 'timestamptz')
        .addColumn('current_value', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('target_value', 'integer'),
    );
    await create('opening_performance', (t) =>
      ref(t, 'user_id', 'users', true)
        .addColumn('opening_eco', 'text')
        .addColumn('opening_name', 'text')
        .addColumn('color_played', 'text')
        .addColumn('games_played', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('wins', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('losses', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('draws', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('win_rate', 'decimal(5, 2)', (c) => c.notNull().defaultTo(0))
        .addColumn('average_accuracy', 'decimal(5, 2)')
        .addColumn('comfort_level', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('last_played', 'timestamptz')
        .addColumn('theory_knowledge', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('typical_mistakes', 'text')
        .addColumn('strong_variations', 'text')
        .addColumn('needs_practice', 'boolean', (c) => c.notNull().defaultTo(false)),
    );
    await create('game_phase_analysis', (t) => {
      let table = ref(ref(t, 'game_id', 'games', true), 'user_id', 'users', true)
        .addColumn('opening_end', 'integer', (c) => c.notNull().defaultTo(12))
        .addColumn('middlegame_end', 'integer', (c) => c.notNull().defaultTo(35));
      for (const phase of ['opening', 'middlegame', 'endgame']) {
        table = table
          .addColumn(`${phase}_accuracy`, 'decimal(5, 2)')
          .addColumn(`${phase}_blunders`, 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn(`${phase}_time_spent`, 'integer');
      }
      return created(table.addColumn('turning_point', 'integer').addColumn('phase_dominance', 'text'));
    });
    await create('settings', (t) =>
      ref(t, 'user_id', 'users', true)
        .addUniqueConstraint('settings_user', ['user_id'])
        .addColumn('hints_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('focus_mode', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('progress_tracking', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('daily_play_time', 'integer', (c) => c.notNull().defaultTo(30))
        .addColumn('break_reminders', 'integer', (c) => c.notNull().defaultTo(15))
        .addColumn('difficulty', 'text', (c) => c.notNull().defaultTo('beginner'))
        .addColumn('auto_adjust_difficulty', 'boolean', (c) => c.notNull().defaultTo(true)),
    );
    await create('daily_tips', (t) =>
      t
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('category', 'text')
        .addColumn('difficulty', 'text')
        .addColumn('fen', 'text')
        .addColumn('moves', 'text')
        .addColumn('estimated_read_time', 'integer')
        .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('publish_date', 'text'),
    );
    await create('user_tip_progress', (t) =>
      ref(ref(t, 'user_id', 'users', true), 'tip_id', 'daily_tips', true)
        .addColumn('viewed_at', 'timestamptz')
        .addColumn('completed', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('bookmarked', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('rating', 'integer')
        .addColumn('completed_at', 'timestamptz')
        .addUniqueConstraint('user_tip_progress_user_tip', ['user_id', 'tip_id']),
    );
    await create('teams', (t) =>
      created(
        ref(ref(t, 'organization_id', 'organizations'), 'coach_id', 'users', false, false)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text')
          .addColumn('grade_level', 'text')
          .addColumn('skill_level', 'text')
          .addColumn('max_members', 'integer', (c) => c.notNull().defaultTo(50))
          .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true)),
      ),
    );
    await create('team_members', (t) =>
      ref(ref(t, 'team_id', 'teams', true), 'user_id', 'users', true)
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
        .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addColumn('left_at', 'timestamptz')
        .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true)),
    );

    await create('tournaments', (t) =>
      created(
        ref(ref(t, 'organizer_id', 'users', false, false), 'organization_id', 'organizations', false, false)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text')
          .addColumn('venue', 'text')
          .addColumn('address', 'text')
          .addColumn('city', 'text')
          .addColumn('state', 'text')
          .addColumn('country', 'text', (c) => c.notNull().defaultTo('IN'))
          .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Asia/Kolkata'))
          .addColumn('start_date', 'timestamptz')
          .addColumn('end_date', 'timestamptz')
          .addColumn('registration_start_date', 'timestamptz')
          .addColumn('registration_end_date', 'timestamptz')
          .addColumn('max_participants', 'integer')
          .addColumn('entry_fee', 'decimal(10, 2)', (c) => c.notNull().defaultTo(0))
          .addColumn('currency', 'text', (c) => c.notNull().defaultTo('INR'))
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
          .addColumn('format', 'text', (c) => c.notNull().defaultTo('swiss'))
          .addColumn('time_control', 'text')
          .addColumn('rounds', 'integer')
          .addColumn('is_online', 'boolean', (c) => c.notNull().defaultTo(false))
          .addColumn('is_public', 'boolean', (c) => c.notNull().defaultTo(true))
          .addColumn('allow_registration', 'boolean', (c) => c.notNull().defaultTo(true))
          .addColumn('require_payment', 'boolean', (c) => c.notNull().defaultTo(false))
          .addColumn('require_parent_consent', 'boolean', (c) => c.notNull().defaultTo(true))
          .addColumn('rules', 'text')
          .addColumn('prize_structure', 'text')
          .addColumn('settings', 'text'),
      ),
    );
    await create('tournament_sections', (t) =>
      ref(t, 'tournament_id', 'tournaments', true)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('min_rating', 'integer')
        .addColumn('max_rating', 'integer')
        .addColumn('min_age', 'integer')
        .addColumn('max_age', 'integer')
        .addColumn('grade_level', 'text')
        .addColumn('max_participants', 'integer')
        .addColumn('rounds', 'integer')
        .addColumn('format', 'text')
        .addColumn('time_control', 'text')
        .addColumn('board_count', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('tie_breaks', 'text', (c) =>
          c.notNull().defaultTo('["buchholz","sonneborn_berger","head_to_head"]'),
        )
        .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true)),
    );
    await create('registrations', (t) =>
      created(
        ref(
          ref(
            ref(ref(ref(t, 'tournament_id', 'tournaments', true), 'section_id', 'tournament_sections'), 'user_id', 'users', true),
            'team_id',
            'teams',
            false,
            false,
          ),
          'registered_by',
          'users',
          false,
          false,
        )
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
          .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('pending'))
          .addColumn('payment_reference', 'text')
          .addColumn('registration_data', 'text')
          .addColumn('parent_consent_given', 'boolean', (c) => c.notNull().defaultTo(false))
          .addColumn('parent_consent_date', 'timestamptz')
          .addColumn('emergency_contact', 'text')
          .addColumn('medical_info', 'text')
          .addColumn('special_requirements', 'text')
          .addColumn('seeding_rating', 'integer')
          .addColumn('confirmed_at', 'timestamptz')
          .addColumn('cancelled_at', 'timestamptz')
          .addColumn('cancellation_reason', 'text'),
      ),
    );
    await create('rounds', (t) =>
      created(
        ref(
          ref(ref(t, 'tournament_id', 'tournaments', true), 'section_id', 'tournament_sections'),
          'pairings_generated_by',
          'users',
          false,
          false,
        )
          .addColumn('round_number', 'integer', (c) => c.notNull())
          .addColumn('name', 'text')
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('scheduled'))
          .addColumn('start_time', 'timestamptz')
          .addColumn('end_time', 'timestamptz')
          .addColumn('pairings_generated_at', 'timestamptz')
          .addColumn('is_locked', 'boolean', (c) => c.notNull().defaultTo(false))
          .addColumn('notes', 'text'),
      ),
    );
    await create('pairings', (t) => {
      let table = ref(ref(ref(t, 'round_id', 'rounds', true), 'tournament_id', 'tournaments', true), 'section_id', 'tournament_sections');
      for (const column of ['white_player_id', 'black_player_id']) table = ref(table, column, 'users', false, false);
      for (const column of ['white_team_id', 'black_team_id']) table = ref(table, column, 'teams', false, false);
      return table
        .addColumn('board_number', 'integer')
        .addColumn('table_number', 'integer')
        .addColumn('result', 'text')
        .addColumn('white_score', 'decimal(3, 1)')
        .addColumn('black_score', 'decimal(3, 1)')
        .addColumn('game_status', 'text', (c) => c.notNull().defaultTo('scheduled'))
        .addColumn('start_time', 'timestamptz')
        .addColumn('end_time', 'timestamptz')
        .addColumn('is_bye', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('bye_color', 'text')
        .addColumn('notes', 'text')
        .addColumn('arbiter_notes', 'text');
    });
    await create('tournament_games', (t) => {
      let table = ref(ref(t, 'pairing_id', 'pairings', true), 'tournament_id', 'tournaments', true);
      for (const column of ['white_player_id', 'black_player_id', 'submitted_by', 'approved_by']) {
        table = ref(table, column, 'users', false, false);
      }
      return table
        .addColumn('result', 'text')
        .addColumn('result_reason', 'text')
        .addColumn('moves', 'text')
        .addColumn('pgn', 'text')
        .addColumn('time_used', 'text')
        .addColumn('start_time', 'timestamptz')
        .addColumn('end_time', 'timestamptz')
        .addColumn('is_approved', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('approved_at', 'timestamptz')
        .addColumn('eco_code', 'text');
    });
    await create('appeals', (t) => {
      let table = ref(ref(t, 'tournament_id', 'tournaments', true), 'game_id', 'tournament_games', false, false);
      table = ref(table, 'pairing_id', 'pairings', false, false);
      for (const column of ['appealed_by', 'assigned_to', 'reviewed_by']) table = ref(table, column, 'users', false, false);
      return created(
        table
          .addColumn('appeal_type', 'text')
          .addColumn('subject', 'text')
          .addColumn('description', 'text')
          .addColumn('evidence', 'text')
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
          .addColumn('priority', 'text', (c) => c.notNull().defaultTo('normal'))
          .addColumn('resolution', 'text')
          .addColumn('resolution_notes', 'text')
          .addColumn('resolved_at', 'timestamptz'),
      );
    });
    await create('rating_snapshots', (t) =>
      ref(ref(t, 'user_id', 'users', true), 'tournament_id', 'tournaments', false, false)
        .addColumn('rating_before', 'integer')
        .addColumn('rating_after', 'integer')
        .addColumn('rating_change', 'integer')
        .addColumn('games_played', 'integer')
        .addColumn('score', 'decimal(3, 1)')
        .addColumn('performance', 'integer')
        .addColumn('snapshot_date', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addColumn('is_provisional', 'boolean', (c) => c.notNull().defaultTo(true)),
    );
    await create('certificates', (t) => {
      let table = ref(ref(t, 'tournament_id', 'tournaments', true), 'section_id', 'tournament_sections');
      table = ref(ref(table, 'user_id', 'users', true), 'issued_by', 'users', false, false);
      return table
        .addColumn('certificate_type', 'text')
        .addColumn('award_name', 'text')
        .addColumn('description', 'text')
        .addColumn('placement', 'integer')
        .addColumn('score', 'decimal(3, 1)')
        .addColumn('total_rounds', 'integer')
        .addColumn('certificate_data', 'text')
        .addColumn('template_id', 'text')
        .addColumn('issued_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_downloaded', 'timestamptz')
        .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true));
    });
    await create('notifications', (t) =>
      created(
        ref(t, 'user_id', 'users', true)
          .addColumn('type', 'text')
          .addColumn('title', 'text')
          .addColumn('message', 'text')
          .addColumn('data', 'text')
          .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
          .addColumn('is_email_sent', 'boolean', (c) => c.notNull().defaultTo(false))
          .addColumn('email_sent_at', 'timestamptz')
          .addColumn('channel', 'text', (c) => c.notNull().defaultTo('in_app'))
          .addColumn('priority', 'text', (c) => c.notNull().defaultTo('normal'))
          .addColumn('read_at', 'timestamptz'),
      ),
    );
  },
};

export default migration;
