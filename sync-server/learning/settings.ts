import type { Kysely, Transaction } from 'kysely';
import { CHILD_CONTROL_KEYS, chessSettingsSchema, DEFAULT_CHESS_SETTINGS, type SaveSettingsArgs, type ServerSettings, type SettingsResponse } from '../../schema';
import type { Database } from '../core/db/types';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Settings stored per user (the settings table, with the columns issue 9 added so every local
 * setting follows the student). A save carries the time it was made on the client: the latest
 * wins, so an old offline change pushed late does not undo a newer one from another machine.
 */
export async function readSettings(db: Db, userId: number): Promise<SettingsResponse> {
  const row = await db.selectFrom('settings').selectAll().where('userId', '=', userId).executeTakeFirst();
  if (!row) return { settings: { ...DEFAULT_CHESS_SETTINGS }, updatedAt: null, controlsSetAt: null };
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
  return {
    settings: parsed.success ? parsed.data : { ...DEFAULT_CHESS_SETTINGS },
    updatedAt: row.updatedAt,
    controlsSetAt: row.controlsSetAt === null ? null : new Date(row.controlsSetAt).toISOString(),
  };
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

/**
 * Stores the settings unless newer ones are stored already; answers what is stored. While a
 * parent's Parental Controls stand (issue 19: controls_set_by), the child's own saves keep the
 * parent's values of those controls: only a parent changes them (sync-server/parents).
 */
export async function saveSettings(db: Db, userId: number, args: SaveSettingsArgs): Promise<SettingsResponse> {
  const updatedAt = new Date(args.updatedAt).toISOString();
  const existing = await db.selectFrom('settings').select(['id', 'updatedAt', 'controlsSetBy']).where('userId', '=', userId).executeTakeFirst();
  if (existing === undefined || existing.updatedAt === null || Date.parse(existing.updatedAt) <= Date.parse(updatedAt)) {
    let settings = args.settings;
    if (existing?.controlsSetBy != null) {
      const stored = (await readSettings(db, userId)).settings;
      settings = { ...settings };
      for (const key of CHILD_CONTROL_KEYS) settings = { ...settings, [key]: stored[key] };
    }
    await writeSettingsRow(db, userId, settings, { updatedAt });
  }
  return readSettings(db, userId);
}

/** Writes the user's settings row (made when missing); `controlsSetBy` and `controlsSetAt` only when a parent sets them. */
export async function writeSettingsRow(
  db: Db,
  userId: number,
  settings: ServerSettings,
  stamp: { updatedAt: string; controlsSetBy?: number; controlsSetAt?: string },
): Promise<void> {
  const values = { ...toColumns(settings), ...stamp };
  const existing = await db.selectFrom('settings').select('id').where('userId', '=', userId).executeTakeFirst();
  if (!existing) await db.insertInto('settings').values({ userId, ...values }).execute();
  else await db.updateTable('settings').set(values).where('id', '=', existing.id).execute();
}
