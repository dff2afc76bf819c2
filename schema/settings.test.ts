import { describe, expect, it } from 'vitest';
import { DEFAULT_CHESS_SETTINGS, DEFAULT_PREFERENCES, DEFAULT_SPEECH_SETTINGS, chessSettingsSchema, currentGameSchema, preferencesSchema, savedGamePayloadSchema, speechSettingsSchema } from './index';

describe('stored settings defaults (spec section 3)', () => {
  it('chess-settings', () => {
    expect(DEFAULT_CHESS_SETTINGS).toEqual({
      hintsEnabled: true, moveAnnouncementsEnabled: false, educationalFeedbackEnabled: true,
      focusMode: false, progressTracking: true, dailyPlayTime: 30, breakReminders: 15,
      difficulty: 'beginner', autoAdjustDifficulty: true, gameMode: 'pvc', aiDifficulty: 'beginner',
      playerColor: 'w', parentPinHash: null,
    });
  });
  it('chess-preferences', () => {
    expect(DEFAULT_PREFERENCES).toEqual({ soundEnabled: true, showCoordinates: false, animationSpeed: 'normal', theme: 'dark', autoSave: true, language: null, screenReaderBoard: false, notation: 'san' });
  });
  it('chess-tts-settings', () => {
    expect(DEFAULT_SPEECH_SETTINGS).toMatchObject({ rate: 0.95, pitch: 1.1, volume: 0.8, lang: 'en-US' });
  });
  it('the zod-free defaults (values.ts) are what the schemas fill in', () => {
    expect(chessSettingsSchema.parse({})).toEqual(DEFAULT_CHESS_SETTINGS);
    expect(preferencesSchema.parse({})).toEqual(DEFAULT_PREFERENCES);
    expect(speechSettingsSchema.parse({})).toEqual(DEFAULT_SPEECH_SETTINGS);
  });
  it('fills fields missing from an older stored record', () => {
    expect(chessSettingsSchema.parse({ gameMode: 'pvp' })).toEqual({ ...DEFAULT_CHESS_SETTINGS, gameMode: 'pvp' });
  });
  it('rejects a corrupted record', () => {
    expect(chessSettingsSchema.safeParse({ playerColor: 'green' }).success).toBe(false);
    expect(currentGameSchema.safeParse({ fen: '', moveHistory: [], playerColor: 'w' }).success).toBe(false);
  });
});

describe('saved game payload', () => {
  const valid = { opponent: 'Computer', result: 'win', moves: ['e4', 'e5'], gameMode: 'pvc', difficulty: 'beginner', playerColor: 'white', gameDurationSeconds: 42 };
  it('accepts the spec shape', () => expect(savedGamePayloadSchema.safeParse(valid).success).toBe(true));
  it('rejects unknown fields and bad values', () => {
    expect(savedGamePayloadSchema.safeParse({ ...valid, extra: 1 }).success).toBe(false);
    expect(savedGamePayloadSchema.safeParse({ ...valid, result: 'won' }).success).toBe(false);
    expect(savedGamePayloadSchema.safeParse({ ...valid, gameDurationSeconds: 1.5 }).success).toBe(false);
  });
});
