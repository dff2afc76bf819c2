import { z } from 'zod';
import { ANIMATION_SPEEDS, COLORS, DIFFICULTIES, GAME_MODES, LOCALES, PARENT_PIN_HASH_FORMAT, SPEECH_RATE_MAX, SPEECH_RATE_MIN, THEMES, NOTATIONS } from './core/values';

/**
 * Local settings, stored under the key chess-settings (spec section 3). Its defaults are written
 * out zod-free as DEFAULT_CHESS_SETTINGS in ./values.ts (and so are the two records' below), for
 * the first screen; settings.test.ts keeps them equal to what the schemas fill in.
 */
export const chessSettingsSchema = z.object({
  hintsEnabled: z.boolean().default(true),
  moveAnnouncementsEnabled: z.boolean().default(false),
  educationalFeedbackEnabled: z.boolean().default(true),
  focusMode: z.boolean().default(false),
  progressTracking: z.boolean().default(true),
  dailyPlayTime: z.number().int().min(0).default(30),
  breakReminders: z.number().int().min(0).default(15),
  difficulty: z.enum(DIFFICULTIES).default('beginner'),
  autoAdjustDifficulty: z.boolean().default(true),
  gameMode: z.enum(GAME_MODES).default('pvc'),
  aiDifficulty: z.enum(DIFFICULTIES).default('beginner'),
  playerColor: z.enum(COLORS).default('w'),
  /**
   * The parent PIN of Parental Controls (issue 20), as 'pbkdf2-sha256$iterations$salt$hash'
   * (app/features/settings/parent-pin.ts), null when none is set. It follows the student with the rest.
   */
  parentPinHash: z.string().regex(PARENT_PIN_HASH_FORMAT).nullable().default(null),
});
export type ChessSettings = z.infer<typeof chessSettingsSchema>;

/** Preferences, stored under chess-preferences. */
export const preferencesSchema = z.object({
  soundEnabled: z.boolean().default(true),
  showCoordinates: z.boolean().default(false),
  animationSpeed: z.enum(ANIMATION_SPEEDS).default('normal'),
  theme: z.enum(THEMES).default('dark'),
  autoSave: z.boolean().default(true),
  /** The app's language (issue 28); null: the browser's, as near as the app has one. */
  language: z.enum(LOCALES).nullable().default(null),
  /** Issue 31: every board as text, the move log and the typed box, without the graphical board (Lichess's blind mode). */
  screenReaderBoard: z.boolean().default(false),
  /** Issue 28: moves written with English letters (the default) or figurines. */
  notation: z.enum(NOTATIONS).default('san'),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** Speech settings, stored under chess-tts-settings (spec section 9 gives the defaults). */
export const speechSettingsSchema = z.object({
  enabled: z.boolean().default(true),
  rate: z.number().min(SPEECH_RATE_MIN).max(SPEECH_RATE_MAX).default(0.95),
  pitch: z.number().min(0).max(2).default(1.1),
  volume: z.number().min(0).max(1).default(0.8),
  voice: z.string().nullable().default(null),
  lang: z.string().min(2).max(35).default('en-US'),
});
export type SpeechSettings = z.infer<typeof speechSettingsSchema>;
