/**
 * The schemas of the records app/shared/db.ts stores, loaded by it on the first read of a stored
 * value or the first write: a first visit (nothing stored yet) paints Play without zod (issue 20).
 */
import { z } from 'zod';
import { chessSettingsSchema, currentGameSchema, DIFFICULTIES, preferencesSchema, speechSettingsSchema } from '../../schema';
import { LOCALES } from '../../schema/core/values';

export { chessSettingsSchema, preferencesSchema, speechSettingsSchema };

export const currentGameRecordSchema = currentGameSchema.nullable();

/** chess-tutorial-completed. */
export const tutorialCompletedSchema = z.boolean();

/** Minutes of play counted today (app/features/settings/play-limits.ts). */
const playTimeSchema = z.object({
  /** The local calendar day counted, 'YYYY-MM-DD'. */
  day: z.string(),
  playedMs: z.number().nonnegative(),
  /** Play since the last break (reset by a break reminder's button or a long pause). */
  sinceBreakMs: z.number().nonnegative(),
  /** When play was last counted (ms since 1970), to tell a real break from a short pause. */
  lastPlayedAt: z.number().nonnegative(),
  /** Whose count it is (null: a guest's; absent: stored before issue 26, anyone's). */
  userId: z.number().int().nullable().optional(),
});
export type PlayTime = z.infer<typeof playTimeSchema>;
export const playTimeRecordSchema = playTimeSchema.nullable();

/** The results of finished games against the computer at its current level (auto-adjust). */
const levelResultsSchema = z.object({
  level: z.enum(DIFFICULTIES),
  results: z.array(z.enum(['win', 'loss', 'draw'])),
  /** The games already counted, so a reload on the final position does not count one twice. */
  gameIds: z.array(z.string()),
});
export type LevelResults = z.infer<typeof levelResultsSchema>;
export const levelResultsRecordSchema = levelResultsSchema.nullable();

/** Whose settings chess-settings holds (a user id, or null for a guest's). */
export const settingsOwnerSchema = z.number().int().nullable();

/** Issue 19: a parent set these Parental Controls (whose, and when the server says they were set). */
const parentControlsMarkSchema = z.object({ userId: z.number().int(), setAt: z.string() });
export type ParentControlsMark = z.infer<typeof parentControlsMarkSchema>;
export const parentControlsRecordSchema = parentControlsMarkSchema.nullable();

/** Issue 28: the language the signed-in person chose on this device (app/shared/i18n/locales.ts ChoiceOnDevice). */
export const accountLanguageRecordSchema = z.object({ userId: z.number().int(), language: z.enum(LOCALES).nullable(), setAt: z.string() }).nullable();

const fromToSchema = z.object({ from: z.string(), to: z.string() });
/** The skill assessment under way: whose, which puzzles, where, and what was tried (app/features/onboarding). */
const assessmentProgressSchema = z.object({
  userId: z.number().int(),
  puzzleIds: z.array(z.number().int()),
  index: z.number().int().nonnegative(),
  attempts: z.array(z.object({ puzzleId: z.number().int(), solved: z.boolean(), timeSpent: z.number().nonnegative(), attemptedMoves: z.array(fromToSchema) })),
  /** The moves tried on the current puzzle so far (wrong ones too). */
  tried: z.array(fromToSchema),
  /** Seconds already spent on the current puzzle before the reload. */
  spent: z.number().nonnegative(),
});
export type AssessmentProgress = z.infer<typeof assessmentProgressSchema>;
export const assessmentProgressRecordSchema = assessmentProgressSchema.nullable();
