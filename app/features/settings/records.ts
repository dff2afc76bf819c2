/** The records the settings feature stores on the device (app/shared/db.ts keeps their keys and the tables). */
import type { ChessSettings } from '../../../schema';
import { DEFAULT_CHESS_SETTINGS } from '../../../schema/settings-defaults';
import { STORAGE_KEYS, type RecordKind } from '../../shared/db';
import type { ChoiceOnDevice } from '../../shared/i18n';
import type { LevelResults, ParentControlsMark, PlayTime } from '../../shared/record-schemas';

export type { LevelResults, PlayTime };

export const settingsRecord: RecordKind<ChessSettings> = {
  key: STORAGE_KEYS.settings, schema: (s) => s.chessSettingsSchema, fallback: DEFAULT_CHESS_SETTINGS,
};
export { preferencesRecord } from '../../shared/device-preferences';

/** Minutes of play counted today (./play-limits.ts). */
export const playTimeRecord: RecordKind<PlayTime | null> = {
  key: STORAGE_KEYS.playTime, schema: (s) => s.playTimeRecordSchema, fallback: null,
};

/** The results of finished games against the computer at its current level (auto-adjust). */
export const levelResultsRecord: RecordKind<LevelResults | null> = {
  key: STORAGE_KEYS.levelResults, schema: (s) => s.levelResultsRecordSchema, fallback: null,
};

export const settingsOwnerRecord: RecordKind<number | null> = {
  key: STORAGE_KEYS.settingsOwner, schema: (s) => s.settingsOwnerSchema, fallback: null,
};

/** When a parent set the signed-in child's Parental Controls (./settings.ts); Settings locks them then. */
export const parentControlsRecord: RecordKind<ParentControlsMark | null> = {
  key: STORAGE_KEYS.parentControls, schema: (s) => s.parentControlsRecordSchema, fallback: null,
};

/** Issue 28: the language the signed-in person chose on this device; theirs, so it leaves with them (./language.ts). */
export const accountLanguageRecord: RecordKind<ChoiceOnDevice | null> = {
  key: STORAGE_KEYS.accountLanguage, schema: (s) => s.accountLanguageRecordSchema, fallback: null,
};
