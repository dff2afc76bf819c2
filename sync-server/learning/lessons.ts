import type { Kysely } from 'kysely';
import { DIFFICULTIES, lessonBodySchema, type Lesson, type Locale, ERROR_TEXTS } from '../../schema';
import { translateLesson } from './translate';
import { parseStringList } from '../core/db/json';
import type { Database, UserRow } from '../core/db/types';
import { emit } from '../core/events';
import { httpError } from '../core/plugins/errors';

declare module '../core/events' {
  interface AppEvents {
    /** A lesson completed, maybe again (completeLesson below). */
    lessonCompleted: { userId: number; lessonId: number; completedAt: string };
  }
}

export const LESSON_NOT_FOUND = ERROR_TEXTS.ERR_LESSON_NOT_FOUND;

type LessonRow = { id: number; slug: string | null; title: string; description: string | null; difficulty: string | null; content: string | null; order: number; skills: string };

/** A lesson as stored, with the slug its translations are found by. */
export type StoredLesson = Lesson & { slug: string | null };

function toLesson(row: LessonRow, progress: { completed: number; completedAt: string | null } | undefined): StoredLesson | null {
  let body: unknown;
  try {
    body = JSON.parse(row.content ?? 'null');
  } catch {
    return null;
  }
  const content = lessonBodySchema.safeParse(body);
  const difficulty = DIFFICULTIES.find((d) => d === row.difficulty);
  if (!content.success || difficulty === undefined) return null;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description ?? '',
    difficulty,
    order: row.order,
    content: content.data,
    completed: Boolean(progress?.completed),
    completedAt: progress?.completedAt ?? null,
    skills: parseStringList(row.skills),
  };
}

const LESSON_COLUMNS = ['id', 'slug', 'title', 'description', 'difficulty', 'content', 'order', 'skills'] as const;

async function progressOf(db: Kysely<Database>, userId: number, lessonIds?: number[]) {
  let query = db.selectFrom('userLessonProgress').select(['lessonId', 'completed', 'completedAt']).where('userId', '=', userId);
  if (lessonIds) query = query.where('lessonId', 'in', lessonIds);
  return new Map((await query.execute()).map((row) => [row.lessonId, row]));
}

/** Every lesson, in their authored order, with the user's progress. */
export async function listLessons(db: Kysely<Database>, userId: number): Promise<StoredLesson[]> {
  const rows = await db.selectFrom('lessons').select(LESSON_COLUMNS).orderBy('order').orderBy('id').execute();
  const progress = await progressOf(db, userId);
  return rows.flatMap((row) => toLesson(row, progress.get(row.id)) ?? []);
}

export async function getLesson(db: Kysely<Database>, userId: number, id: number): Promise<StoredLesson> {
  const row = await db.selectFrom('lessons').select(LESSON_COLUMNS).where('id', '=', id).executeTakeFirst();
  const lesson = row && toLesson(row, (await progressOf(db, userId, [id])).get(id));
  if (!lesson) throw httpError(404, 'ERR_LESSON_NOT_FOUND');
  return lesson;
}

/**
 * A lesson as the API answers it (skills included, for planLessons on the client), in the
 * reader's language where it is translated.
 */
export function publicLesson({ slug, ...lesson }: StoredLesson, locale?: Locale): Lesson {
  return translateLesson(lesson, slug, locale);
}

/**
 * Marks a lesson completed (the route and the completeLesson mutation): the first completion's
 * time stays, the best score is kept, and the user's lessonsCompleted counts each lesson once.
 */
export async function completeLesson(
  db: Kysely<Database>,
  user: UserRow,
  lessonId: number,
  score: number | undefined,
  completedAt: string,
): Promise<{ lessonsCompleted: number }> {
  const lesson = await db.selectFrom('lessons').select('id').where('id', '=', lessonId).executeTakeFirst();
  if (!lesson) throw httpError(404, 'ERR_LESSON_NOT_FOUND');
  const existing = await db
    .selectFrom('userLessonProgress')
    .select(['id', 'completed', 'score'])
    .where('userId', '=', user.id)
    .where('lessonId', '=', lessonId)
    .executeTakeFirst();
  const best = score === undefined ? (existing?.score ?? null) : Math.max(score, existing?.score ?? 0);
  if (!existing) {
    await db.insertInto('userLessonProgress').values({ userId: user.id, lessonId, completed: 1, score: best, completedAt }).execute();
  } else {
    await db
      .updateTable('userLessonProgress')
      .set(existing.completed ? { score: best } : { completed: 1, score: best, completedAt })
      .where('id', '=', existing.id)
      .execute();
  }
  const count = await db
    .selectFrom('userLessonProgress')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', user.id)
    .where('completed', '=', 1)
    .executeTakeFirstOrThrow();
  const lessonsCompleted = Number(count.n);
  await db.updateTable('users').set({ lessonsCompleted }).where('id', '=', user.id).execute();
  await emit(db, 'lessonCompleted', { userId: user.id, lessonId, completedAt });
  return { lessonsCompleted };
}
