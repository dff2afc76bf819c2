import type { Kysely } from 'kysely';
import { todaysTip } from '../../domain/learning/daily-tip';
import { dayStreak } from '../../domain/learning/progress';
import {
  DIFFICULTIES,
  EMPTY_TIP_PROGRESS,
  fromToSchema,
  TIP_CATEGORIES,
  type Tip,
  type TipCategory,
  type TipProgress,
  type Locale,
  type TipStats,
  ERROR_TEXTS,
} from '../../schema';
import { translateTip } from './translate';
import { parseJsonList, parseStringList } from '../core/db/json';
import type { Database } from '../core/db/types';
import { httpError } from '../core/plugins/errors';

export const TIP_NOT_FOUND = ERROR_TEXTS.ERR_TIP_NOT_FOUND;

const TIP_COLUMNS = ['id', 'slug', 'title', 'content', 'category', 'difficulty', 'fen', 'moves', 'estimatedReadTime', 'tags'] as const;
type TipRow = {
  id: number;
  slug: string | null;
  title: string;
  content: string;
  category: string | null;
  difficulty: string | null;
  fen: string | null;
  moves: string | null;
  estimatedReadTime: number | null;
  tags: string;
};
type ProgressRow = { tipId: number; completed: number; bookmarked: number; rating: number | null };

const toProgress = (row: ProgressRow | undefined): TipProgress =>
  row ? { completed: Boolean(row.completed), bookmarked: Boolean(row.bookmarked), rating: row.rating } : { ...EMPTY_TIP_PROGRESS };

function toTip(row: TipRow, progress: ProgressRow | undefined, locale: Locale | undefined): Tip {
  const category = TIP_CATEGORIES.find((c) => c === row.category) ?? 'general';
  const difficulty = DIFFICULTIES.find((d) => d === row.difficulty) ?? 'beginner';
  const tags = parseStringList(row.tags);
  const moves = row.moves === null ? undefined : parseJsonList(row.moves).flatMap((m) => {
    const parsed = fromToSchema.safeParse(m);
    return parsed.success ? [parsed.data] : [];
  });
  const tip: Tip = {
    id: row.id,
    title: row.title,
    content: row.content,
    category,
    difficulty,
    estimatedReadTime: row.estimatedReadTime ?? 60,
    ...(row.fen === null ? {} : { fen: row.fen }),
    ...(moves === undefined ? {} : { moves }),
    tags,
    isPersonalized: tags.includes('personalized'),
    progress: toProgress(progress),
  };
  return translateTip(tip, row.slug, locale);
}

async function progressMap(db: Kysely<Database>, userId: number): Promise<Map<number, ProgressRow>> {
  const rows = await db.selectFrom('userTipProgress').select(['tipId', 'completed', 'bookmarked', 'rating']).where('userId', '=', userId).execute();
  return new Map(rows.map((row) => [row.tipId, row]));
}

/** Every active tip (or those of one category), ordered by id, with the user's progress, in the reader's language. */
export async function listTips(db: Kysely<Database>, userId: number, category?: TipCategory, locale?: Locale): Promise<Tip[]> {
  let query = db.selectFrom('dailyTips').select(TIP_COLUMNS).where('isActive', '=', 1);
  if (category !== undefined) query = query.where('category', '=', category);
  const rows = await query.orderBy('id').execute();
  const progress = await progressMap(db, userId);
  return rows.map((row) => toTip(row, progress.get(row.id), locale));
}

export async function bookmarkedTips(db: Kysely<Database>, userId: number, locale?: Locale): Promise<Tip[]> {
  return (await listTips(db, userId, undefined, locale)).filter((tip) => tip.progress.bookmarked);
}

/** Today's tip (domain/learning/daily-tip.ts: the same for everyone on a UTC day); viewing it is recorded. */
export async function tipOfTheDay(db: Kysely<Database>, userId: number, now: Date, locale?: Locale): Promise<Tip | null> {
  const rows = await db.selectFrom('dailyTips').select('id').where('isActive', '=', 1).execute();
  const today = todaysTip(rows, now);
  if (today === null) return null;
  await viewTip(db, userId, today.id, now.toISOString());
  return (await listTips(db, userId, undefined, locale)).find((tip) => tip.id === today.id) ?? null;
}

async function requireTip(db: Kysely<Database>, tipId: number): Promise<void> {
  const tip = await db.selectFrom('dailyTips').select('id').where('id', '=', tipId).where('isActive', '=', 1).executeTakeFirst();
  if (!tip) throw httpError(404, 'ERR_TIP_NOT_FOUND');
}

type ProgressChange = { viewedAt?: string; completed?: number; completedAt?: string; bookmarked?: number; rating?: number };

/** Applies a change to the user's progress row for a tip (made on first use); answers the new progress. */
async function changeProgress(
  db: Kysely<Database>,
  userId: number,
  tipId: number,
  change: (current: ProgressRow & { viewedAt: string | null; completedAt: string | null }) => ProgressChange,
): Promise<TipProgress> {
  await requireTip(db, tipId);
  const existing = await db
    .selectFrom('userTipProgress')
    .select(['id', 'tipId', 'completed', 'bookmarked', 'rating', 'viewedAt', 'completedAt'])
    .where('userId', '=', userId)
    .where('tipId', '=', tipId)
    .executeTakeFirst();
  const current = existing ?? { tipId, completed: 0, bookmarked: 0, rating: null, viewedAt: null, completedAt: null };
  const values = change(current);
  if (existing) {
    if (Object.keys(values).length > 0) await db.updateTable('userTipProgress').set(values).where('id', '=', existing.id).execute();
  } else {
    await db.insertInto('userTipProgress').values({ userId, tipId, ...values }).execute();
  }
  return toProgress({ ...current, ...values });
}

/** Records the first time the user saw a tip (counts in totalViewed). */
export function viewTip(db: Kysely<Database>, userId: number, tipId: number, viewedAt: string): Promise<TipProgress> {
  return changeProgress(db, userId, tipId, (current) => (current.viewedAt === null ? { viewedAt } : {}));
}

/** Mark Complete: completed once, at its first time; a completed tip counts as viewed. */
export function completeTip(db: Kysely<Database>, userId: number, tipId: number, completedAt: string): Promise<TipProgress> {
  return changeProgress(db, userId, tipId, (current) => ({
    ...(current.viewedAt === null ? { viewedAt: completedAt } : {}),
    ...(current.completed ? {} : { completed: 1, completedAt }),
  }));
}

/** Sets the bookmark; `undefined` toggles it (the route without a body). */
export function bookmarkTip(db: Kysely<Database>, userId: number, tipId: number, bookmarked: boolean | undefined): Promise<TipProgress> {
  return changeProgress(db, userId, tipId, (current) => ({ bookmarked: (bookmarked ?? !current.bookmarked) ? 1 : 0 }));
}

export function rateTip(db: Kysely<Database>, userId: number, tipId: number, rating: number): Promise<TipProgress> {
  return changeProgress(db, userId, tipId, () => ({ rating }));
}

/** The Progress tab's figures; the streak counts UTC days with a completed tip, up to today. */
export async function tipStats(db: Kysely<Database>, userId: number, now: Date): Promise<TipStats> {
  const rows = await db
    .selectFrom('userTipProgress as p')
    .innerJoin('dailyTips as t', 't.id', 'p.tipId')
    .select(['p.viewedAt', 'p.completed', 'p.completedAt', 'p.bookmarked', 't.estimatedReadTime'])
    .where('p.userId', '=', userId)
    .execute();
  const completed = rows.filter((row) => row.completed);
  const totalViewed = rows.filter((row) => row.viewedAt !== null || row.completed).length;
  return {
    currentStreak: dayStreak(completed.flatMap((row) => (row.completedAt ? [row.completedAt] : [])), now),
    totalCompleted: completed.length,
    totalViewed,
    completionRate: totalViewed === 0 ? 0 : Math.round((100 * completed.length) / totalViewed),
    totalBookmarked: rows.filter((row) => row.bookmarked).length,
    totalReadingTime: completed.reduce((sum, row) => sum + (row.estimatedReadTime ?? 0), 0),
  };
}
