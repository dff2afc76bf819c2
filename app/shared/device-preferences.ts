/**
 * This device's preferences record (chess-preferences: theme, language, notation…), which the
 * settings feature edits and the rest of the app reads. Here so that a screen of another feature
 * (Sign Up sends the language chosen on this device, issue 28) reads it without importing settings.
 */
import type { Notation, Preferences } from '../../schema';
import { DEFAULT_PREFERENCES } from '../../schema/settings-defaults';
import { STORAGE_KEYS, useRecord, type RecordKind } from './db';

export const preferencesRecord: RecordKind<Preferences> = {
  key: STORAGE_KEYS.preferences, schema: (s) => s.preferencesSchema, fallback: DEFAULT_PREFERENCES,
};

/** The language chosen on this device, signed out (null: none chosen); undefined while loading. */
export function useDeviceLanguage(): Preferences['language'] | undefined {
  return useRecord(preferencesRecord)?.language;
}

/** How moves are written on screen (letters or figurines), as chosen on this device. */
export function useDeviceNotation(): Notation {
  return useRecord(preferencesRecord)?.notation ?? 'san';
}
