/**
 * Lessons for the signed-in user: the list (every lesson with its body) and the learning profile
 * the plan is made from, both kept in Dexie so the lessons open with the network off after one
 * visit. Completing a lesson is the completeLesson outbox mutation, shown at once by marking the
 * stored copies.
 */
import { lessonListSchema, learningProfileSchema, apiPath, learningPaths, type Lesson, type LearningProfile } from '../../../schema';
import { db } from '../../shared/db';
import { readCached, storePage, useCachedPage, type CachedLoad } from '../../shared/cached-page';
import { enqueue } from '../../shared/outbox';
import { useContentLanguageQuery } from '../../shared/i18n';

const LIST_KEY = 'lessons';
const PROFILE_KEY = 'learning-profile';

export function useLessons(): CachedLoad<Lesson[]> {
  return useCachedPage(LIST_KEY, apiPath(learningPaths.lessons, {}, useContentLanguageQuery()), lessonListSchema);
}

export function useLearningProfile(): CachedLoad<LearningProfile> {
  return useCachedPage(PROFILE_KEY, apiPath(learningPaths.profile), learningProfileSchema);
}

/** A lesson from the stored list (the list carries every lesson's body), or null. */
export function findLesson(lessons: readonly Lesson[], id: number): Lesson | null {
  return lessons.find((lesson) => lesson.id === id) ?? null;
}

/**
 * Queues the lesson's completion and marks it done in the stored list and profile, so the list
 * shows it completed at once, online or not.
 */
export async function completeLesson(userId: number, lessonId: number, score: number): Promise<void> {
  const completedAt = new Date().toISOString();
  await enqueue(userId, 'completeLesson', { lessonId, score, completedAt });
  await db.transaction('rw', db.cachedPages, async () => {
    const list = readCached(lessonListSchema, (await db.cachedPages.get(LIST_KEY))?.value);
    if (list) await storePage(LIST_KEY, list.map((lesson) => (lesson.id === lessonId ? { ...lesson, completed: true, completedAt: lesson.completedAt ?? completedAt } : lesson)));
    const profile = readCached(learningProfileSchema, (await db.cachedPages.get(PROFILE_KEY))?.value);
    if (profile && !profile.completedLessonIds.includes(lessonId)) {
      await storePage(PROFILE_KEY, { ...profile, completedLessonIds: [...profile.completedLessonIds, lessonId] });
    }
  });
}
