/**
 * Homework for the app (issue 19). A student's list (GET /api/homework) and a class's list for
 * its teacher (GET /api/classes/{id}/homework) are kept in Dexie through cached-page.ts, so both
 * open offline and are asked again after each sync. Setting and cancelling homework are outbox
 * mutations (assignHomework, cancelHomework); a queued assignment shows as 'Waiting to be sent'
 * until the push. A student's completion is no mutation of its own: the server derives it from
 * the lesson, puzzle and game mutations the device already queues (docs/decisions.md), and this
 * device shows a lesson done at once from its own stored lessons and outbox.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { compareHomework, homeworkStatus, type HomeworkStatus } from '../../../domain/homework';
import {
  classHomeworkListSchema,
  completeLessonArgsSchema,
  studentHomeworkListSchema,
  apiPath,
  homeworkPaths,
  type AssignHomeworkArgs,
  type Difficulty,
  type HomeworkTask,
  type Lesson,
  type StudentHomework,
} from '../../../schema';
import { readCached, storePage, useCachedPage } from '../../shared/cached-page';
import { db } from '../../shared/db';
import { randomUuid } from '../../shared/ids';
import { enqueue, type OutboxEntry } from '../../shared/outbox';
import { puzzleThemeName } from '../puzzles';

const STUDENT_KEY = 'homework';
const classKey = (classId: number) => `class-homework:${classId}`;

export function useHomework(signedIn: boolean) {
  return useCachedPage(signedIn ? STUDENT_KEY : null, signedIn ? apiPath(homeworkPaths.mine) : null, studentHomeworkListSchema);
}

export function useClassHomework(classId: number) {
  return useCachedPage(classKey(classId), apiPath(homeworkPaths.ofClass, { id: classId }), classHomeworkListSchema);
}

/** Queues new homework (the teacher's device): shown as waiting until the push applies it. */
export async function assignHomework(teacherId: number, fields: Omit<AssignHomeworkArgs, 'key' | 'assignedAt'>): Promise<void> {
  await enqueue(teacherId, 'assignHomework', { ...fields, key: randomUuid(), assignedAt: new Date().toISOString() });
}

/** Queues a cancellation and takes the homework off the stored list at once. */
export async function cancelHomework(teacherId: number, classId: number, homeworkId: number): Promise<void> {
  await enqueue(teacherId, 'cancelHomework', { classId, homeworkId });
  const stored = readCached(classHomeworkListSchema, (await db.cachedPages.get(classKey(classId)))?.value);
  if (stored) await storePage(classKey(classId), { homework: stored.homework.filter((item) => item.id !== homeworkId) });
}

/** The teacher's queued assignments for a class, not yet applied (or refused: the refused-changes list shows why). */
export function queuedAssignments(entries: readonly OutboxEntry[] | undefined, classId: number): AssignHomeworkArgs[] {
  return (entries ?? []).flatMap((entry) => (entry.name === 'assignHomework' && entry.status === 'pending' && (entry.args as AssignHomeworkArgs).classId === classId ? [entry.args as AssignHomeworkArgs] : []));
}

/**
 * A student's homework as this device knows it: the server's progress, or a lesson completed
 * here after the homework was set (in the stored lessons, or still in the outbox), so a lesson
 * done offline shows done at once.
 */
export function localHomework(items: readonly StudentHomework[], lessons: readonly Lesson[] | null, entries: readonly OutboxEntry[] | undefined, now: Date): (StudentHomework & { status: HomeworkStatus })[] {
  const lessonDoneAt = (item: StudentHomework): string | null => {
    if (item.task.kind !== 'lesson') return null;
    const lessonId = item.task.lessonId;
    const from = Date.parse(item.assignedAt);
    const times = (entries ?? []).flatMap((entry) => {
      if (entry.name !== 'completeLesson') return [];
      const args = completeLessonArgsSchema.safeParse(entry.args);
      return args.success && args.data.lessonId === lessonId ? [args.data.completedAt] : [];
    });
    const stored = lessons?.find((lesson) => lesson.id === lessonId)?.completedAt;
    if (stored) times.push(stored);
    return times.filter((at) => Date.parse(at) >= from).sort()[0] ?? null;
  };
  return items
    .map((item) => {
      const completedAt = item.progress.completedAt ?? lessonDoneAt(item);
      return { ...item, status: homeworkStatus(item.dueAt, completedAt, now) };
    })
    .sort(compareHomework);
}

/** The computer's levels, as homework names them. */
export const LEVEL_WORDS: Readonly<Record<Difficulty, MessageDescriptor>> = { beginner: msg`Beginner`, intermediate: msg`Intermediate`, advanced: msg`Advanced` };

/** What the homework asks, in plain words (in the language of `i18n`; a theme by its catalogue name unless `themeLabel` says otherwise). */
export function describeTask(
  i18n: I18n,
  task: HomeworkTask,
  lessonTitle: string | null,
  themeLabel: (theme: string) => string = (theme) => puzzleThemeName(i18n, theme),
): string {
  if (task.kind === 'lesson') {
    const title = lessonTitle ?? i18n._(msg`a lesson`);
    return i18n._(msg`Lesson: ${title}`);
  }
  const { count } = task;
  if (task.kind === 'puzzles') {
    const theme = themeLabel(task.theme);
    return i18n._(msg`Solve ${plural(count, { one: '# puzzle', other: '# puzzles' })}: ${theme}`);
  }
  const level = i18n._(LEVEL_WORDS[task.level]);
  return i18n._(msg`Play ${plural(count, { one: '# game', other: '# games' })} against the computer (${level})`);
}

/** Where the student does it. */
export function taskPath(task: HomeworkTask): string {
  if (task.kind === 'lesson') return `/lesson/${task.lessonId}`;
  if (task.kind === 'puzzles') return `/puzzles?theme=${task.theme}`;
  return '/';
}

export const STATUS_WORDS: Readonly<Record<HomeworkStatus, MessageDescriptor>> = { open: msg`To do`, late: msg`Late`, done: msg`Done`, doneLate: msg`Done late` };
