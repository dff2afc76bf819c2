import { z } from 'zod';

/** Vocabularies shared by the app, the worker and the server. */
export const GAME_MODES = ['pvp', 'pvc'] as const;
export type GameMode = (typeof GAME_MODES)[number];

export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const COLORS = ['w', 'b'] as const;
export type Color = (typeof COLORS)[number];

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const DAILY_PLAY_TIME_OPTIONS = [0, 30, 60, 120] as const;
export const BREAK_REMINDER_OPTIONS = [0, 15, 30, 60] as const;

/** Local settings, stored under the key chess-settings (spec section 3). */
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
});
export type ChessSettings = z.infer<typeof chessSettingsSchema>;
export const DEFAULT_CHESS_SETTINGS: ChessSettings = chessSettingsSchema.parse({});

export const ANIMATION_SPEEDS = ['slow', 'normal', 'fast'] as const;

/** Preferences, stored under chess-preferences. */
export const preferencesSchema = z.object({
  soundEnabled: z.boolean().default(true),
  showCoordinates: z.boolean().default(false),
  animationSpeed: z.enum(ANIMATION_SPEEDS).default('normal'),
  theme: z.enum(THEMES).default('dark'),
  autoSave: z.boolean().default(true),
});
export type Preferences = z.infer<typeof preferencesSchema>;
export const DEFAULT_PREFERENCES: Preferences = preferencesSchema.parse({});

/** Speech settings, stored under chess-tts-settings (spec section 9 gives the defaults). */
export const SPEECH_RATE_MIN = 0.7;
export const SPEECH_RATE_MAX = 1.2;
export const speechSettingsSchema = z.object({
  enabled: z.boolean().default(true),
  rate: z.number().min(SPEECH_RATE_MIN).max(SPEECH_RATE_MAX).default(0.95),
  pitch: z.number().min(0).max(2).default(1.1),
  volume: z.number().min(0).max(1).default(0.8),
  voice: z.string().nullable().default(null),
  lang: z.string().min(2).max(35).default('en-US'),
});
export type SpeechSettings = z.infer<typeof speechSettingsSchema>;
export const DEFAULT_SPEECH_SETTINGS: SpeechSettings = speechSettingsSchema.parse({});
