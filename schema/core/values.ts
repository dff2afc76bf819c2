/**
 * The zod-free part of schema/: vocabularies, limits and defaults, with no schema among them.
 * The app's first screen imports them from here, so that it can paint before zod and the schemas
 * load (issue 20, docs/decisions.md "The first visit's JavaScript"); everything here is also
 * exported from schema/'s index like the rest. Each entity's schema, in its own module, uses them.
 */

// ---------------------------------------------------------------------------------------------
// Settings (./settings.ts)

/** Vocabularies shared by the app, the worker and the server. */
export const GAME_MODES = ['pvp', 'pvc'] as const;
export type GameMode = (typeof GAME_MODES)[number];

export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const COLORS = ['w', 'b'] as const;
export type Color = (typeof COLORS)[number];

/** The accounts spec's roles (section 6); domain/rbac.ts holds what each may do. */
export const ROLES = ['student', 'teacher', 'coach', 'organizer', 'parent', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];

/** How moves are written (issue 28): SAN with English letters ('Nf3'), or figurines ('♘f3'). */
export const NOTATIONS = ['san', 'figurine'] as const;
export type Notation = (typeof NOTATIONS)[number];

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/**
 * The languages the app speaks (issue 28), as BCP 47 tags; English is the source of every text.
 * A preference of null follows the browser's languages.
 */
export const LOCALES = ['en', 'hi', 'es', 'fr', 'ar'] as const;
export type AppLocale = (typeof LOCALES)[number];
/** The same, as the server's content and its `?lang=` name it. */
export type Locale = AppLocale;
export const SOURCE_LOCALE: AppLocale = 'en';
export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
/** Written right to left: the layout mirrors, the board does not. */
export const RTL_LOCALES: readonly AppLocale[] = ['ar'];

export const DAILY_PLAY_TIME_OPTIONS = [0, 30, 60, 120] as const;
export const BREAK_REMINDER_OPTIONS = [0, 15, 30, 60] as const;
/** The Parental Controls a parent sets from their own account (issue 19; schema/parents.ts). */
export const CHILD_CONTROL_KEYS = ['dailyPlayTime', 'breakReminders', 'hintsEnabled', 'difficulty'] as const;

export const PARENT_PIN_HASH_FORMAT = /^pbkdf2-sha256\$\d{1,7}\$[A-Za-z0-9+/=]{8,64}\$[A-Za-z0-9+/=]{16,128}$/;

export const ANIMATION_SPEEDS = ['slow', 'normal', 'fast'] as const;

export const SPEECH_RATE_MIN = 0.7;
export const SPEECH_RATE_MAX = 1.2;

// The settings' defaults are in ./settings-defaults.ts (zod-free too; they need the settings' types).

// ---------------------------------------------------------------------------------------------
// Accounts (./accounts.ts)

export const STARTING_ELO = 1200;

// ---------------------------------------------------------------------------------------------
// Coaching (./coach.ts)

export const MOVE_CATEGORIES = [
  'brilliant',
  'great',
  'best',
  'excellent',
  'good',
  'book',
  'inaccuracy',
  'mistake',
  'miss',
  'blunder',
] as const;
export type MoveCategory = (typeof MOVE_CATEGORIES)[number];

// Their labels (spec section 4) are the app's words: app/features/coach/presentation.ts.

export const GAME_PHASES = ['opening', 'middlegame', 'endgame'] as const;
export type GamePhase = (typeof GAME_PHASES)[number];

// ---------------------------------------------------------------------------------------------
// Learning (./learning.ts)

/** Rating bands for lesson tailoring: above 1200 advanced, above 1000 intermediate, else beginner. */
export const RATING_BAND_ADVANCED_ABOVE = 1200;
export const RATING_BAND_INTERMEDIATE_ABOVE = 1000;

export const TUTORIAL_STEP_TITLES = [
  'Welcome to Chess Learning!',
  'Computer Move Mechanics',
  'Computer Thinking Indicator',
  'Move Classification System',
  'Ready to Play!',
] as const;

export const TACTIC_MOTIFS = ['fork', 'pin', 'skewer', 'discovered-attack', 'mate-threat', 'checkmate', 'free-capture', 'hanging', 'promotion'] as const;
export type TacticMotif = (typeof TACTIC_MOTIFS)[number];

// ---------------------------------------------------------------------------------------------
// Accounts (../accounts.ts), classes (../classes.ts) and homework (../homework.ts): limits and
// vocabularies that domain/ builds its rules on (domain/classes.ts, domain/homework.ts).

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;

/** At most this many names in one class paste (and one request). */
export const CLASS_PASTE_MAX = 100;
/** A pasted real name is at most this long (after normalisation). */
export const REAL_NAME_MAX = 100;

export const HOMEWORK_KINDS = ['lesson', 'puzzles', 'games'] as const;
export type HomeworkKind = (typeof HOMEWORK_KINDS)[number];

export const HOMEWORK_STATUSES = ['open', 'late', 'done', 'doneLate'] as const;
export type HomeworkStatus = (typeof HOMEWORK_STATUSES)[number];

export const HOMEWORK_NOTE_MAX = 280;
export const HOMEWORK_COUNT_MAX = 50;

// ---------------------------------------------------------------------------------------------
// Puzzle trainer (../trainer.ts; domain/puzzles/verdict.ts)

/** How a puzzle was served. Rated: 'rated', 'theme' and 'daily' (first try only); the rest are practice. */
export const PUZZLE_MODES = ['rated', 'theme', 'daily', 'streak', 'review', 'retry'] as const;
export type PuzzleMode = (typeof PUZZLE_MODES)[number];
export const RATED_PUZZLE_MODES: readonly PuzzleMode[] = ['rated', 'theme', 'daily'];
