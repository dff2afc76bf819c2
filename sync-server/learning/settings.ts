import type { Kysely } from 'kysely';
import { chessSettingsSchema, DEFAULT_CHESS_SETTINGS, type SaveSettingsArgs, type ServerSettings, type SettingsResponse } from '../../schema';
import type { Database } from '../db/types';

/**
 * Settings stored per user (the settings table, with the columns issue 9 added so every local
 * setting follows the student). A save carries the time it was made on the client: the latest
 * wins, so an old offline change pushed late does not undo a newer one from another machine.
 */
export async function readSettings(db: Kysely<Database>, userId: number): Promise<SettingsResponse> {
  const row = await db.selectFrom('settings').selectAll().where('userId', '=', userId).executeTakeFirst();
  if (!row) return { settings: { ...DEFAULT_CHESS_SETTINGS }, updatedAt: null };
  const parsed = chessSettingsSchema.safeParse({
    hintsEnabled: Boolean(row.hintsEnabled),
    moveAnnouncementsEnabled: Boolean(row.moveAnnouncementsEnabled),
    educationalFeedbackEnabled: Boolean(row.educationalFeedbackEnabled),
    focusMode: Boolean(row.focusMode),
    progressTracking: Boolean(row.progressTracking),
    dailyPlayTime: row.dailyPlayTime,
    breakReminders: row.breakReminders,
    difficulty: row.difficulty,
    autoAdjustDifficulty: Boolean(row.autoAdjustDifficulty),
    gameMode: row.gameMode,
    aiDifficulty: row.aiDifficulty,
    playerColor: row.playerColor,
    parentPinHash: row.parentPinHash,
  });
  return { settings: parsed.success ? parsed.data : { ...DEFAULT_CHESS_SETTINGS }, updatedAt: row.updatedAt };
}

function toColumns(settings: ServerSettings) {
  const bool = (value: boolean) => (value ? 1 : 0);
  return {
    hintsEnabled: bool(settings.hintsEnabled),
    moveAnnouncementsEnabled: bool(settings.moveAnnouncementsEnabled),
    educationalFeedbackEnabled: bool(settings.educationalFeedbackEnabled),
    focusMode: bool(settings.focusMode),
    progressTracking: bool(settings.progressTracking),
    dailyPlayTime: settings.dailyPlayTime,
    breakReminders: settings.breakReminders,
    difficulty: settings.difficulty,
    autoAdjustDifficulty: bool(settings.autoAdjustDifficulty),
    gameMode: settings.gameMode,
    aiDifficulty: settings.aiDifficulty,
    playerColor: settings.playerColor,
    parentPinHash: settings.parentPinHash,
  };
}

/** Stores the settings unless newer ones are stored already; answers what is stored. */
export async function saveSettings(db: Kysely<Database>, userId: number, args: SaveSettingsArgs): Promise<SettingsResponse> {
  const updatedAt = new Date(args.updatedAt).toISOString();
  const existing = await db.selectFrom('settings').select(['id', 'updatedAt']).where('userId', '=', userId).executeTakeFirst();
  if (!existing) {
    await db.insertInto('settings').values({ userId, ...toColumns(args.settings), updatedAt }).execute();
  } else if (existing.updatedAt === null || Date.parse(existing.updatedAt) <= Date.parse(updatedAt)) {
    await db.updateTable('settings').set({ ...toColumns(args.settings), updatedAt }).where('id', '=', existing.id).execute();
  }
  return readSettings(db, userId);
}
