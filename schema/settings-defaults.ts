/**
 * What the settings schemas (./settings.ts) fill in for a missing field, written out zod-free for
 * the app's first screen (like ./values.ts; settings.test.ts keeps the two equal). Apart from
 * ./values.ts because they are typed with the settings' types: values.ts imports nothing from
 * settings.ts, which imports values.ts, so the two never import each other (issue 22).
 */
import type { ChessSettings, Preferences, SpeechSettings } from './settings';

/** What chessSettingsSchema fills in for a missing field: the settings of a new device. */
export const DEFAULT_CHESS_SETTINGS: ChessSettings = {
  hintsEnabled: true,
  moveAnnouncementsEnabled: false,
  educationalFeedbackEnabled: true,
  focusMode: false,
  progressTracking: true,
  dailyPlayTime: 30,
  breakReminders: 15,
  difficulty: 'beginner',
  autoAdjustDifficulty: true,
  gameMode: 'pvc',
  aiDifficulty: 'beginner',
  playerColor: 'w',
  parentPinHash: null,
};

/** What preferencesSchema fills in. */
export const DEFAULT_PREFERENCES: Preferences = {
  soundEnabled: true,
  showCoordinates: false,
  animationSpeed: 'normal',
  theme: 'dark',
  autoSave: true,
  language: null,
  screenReaderBoard: false,
  notation: 'san',
};

/** What speechSettingsSchema fills in (spec section 9). */
export const DEFAULT_SPEECH_SETTINGS: SpeechSettings = {
  enabled: true,
  rate: 0.95,
  pitch: 1.1,
  volume: 0.8,
  voice: null,
  lang: 'en-US',
};
