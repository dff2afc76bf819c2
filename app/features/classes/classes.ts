/**
 * Classes for the app (issue 19): the teacher's list and a class's roster, stored for offline
 * visits through cached-page.ts. Making a class and its accounts go through the outbox
 * (./class-outbox.ts); resetting a password is an online call (the new password is shown at
 * once); renaming a student, editing the class and removing or putting back a student go through
 * the outbox, and the stored pages change at once so the teacher sees them offline.
 *
 * A password just reset stays in this module's memory only, for the login cards page: never in
 * IndexedDB, never readable on the server, gone after a reload (reset a password for a new card).
 */
import {
  classCredentialsSchema,
  classDashboardSchema,
  classDetailSchema,
  classListSchema,
  apiPath,
  classPaths,
  type ClassCredentials,
  type ClassDetail,
  type UpdateClassArgs,
} from '../../../schema';
import { requestJson } from '../../shared/api';
import { readCached, storePage, useCachedPage } from '../../shared/cached-page';
import { classDashboardKey } from './class-dashboard';
import { forgetWaitingCards, queueStudents } from './class-outbox';
import { db } from '../../shared/db';
import { enqueue } from '../../shared/outbox';

const classKey = (id: number) => `class:${id}`;

export function useClassList() {
  return useCachedPage('classes', apiPath(classPaths.classes), classListSchema);
}

export function useClass(id: number | null) {
  return useCachedPage(id === null ? null : classKey(id), id === null ? null : apiPath(classPaths.class, { id }), classDetailSchema);
}

/** The cards to print, by class: the last accounts made or passwords reset, this session only. */
const freshCards = new Map<number, ClassCredentials>();

export function cardsFor(classId: number): ClassCredentials | null {
  return freshCards.get(classId) ?? null;
}

/** Queues the accounts for pasted names (./class-outbox.ts); their cards replace a reset password's. */
export async function addStudents(teacherId: number, detail: ClassDetail, names: readonly string[]): Promise<void> {
  freshCards.delete(detail.class.id);
  await queueStudents(teacherId, detail, names);
}

export async function resetStudentPassword(classId: number, userId: number): Promise<ClassCredentials> {
  const reset = await requestJson(apiPath(classPaths.resetPassword, { id: classId, userId }), classCredentialsSchema, { method: 'POST' });
  forgetWaitingCards(classId, reset.class.classKey);
  freshCards.set(classId, reset);
  return reset;
}

/**
 * A new username for a managed student: shown at once in the stored roster and queued; the server
 * checks it again (a taken name comes back as a refused change, shown with its reason).
 */
export async function renameStudent(teacherId: number, classId: number, userId: number, username: string): Promise<void> {
  await enqueue(teacherId, 'renameClassStudent', { classId, userId, username });
  await changeStoredClass(classId, (detail) => ({
    ...detail,
    students: detail.students.map((student) => (student.userId === userId ? { ...student, username } : student)),
  }));
}

/** Changes the stored class page, if one is stored (a page never visited has nothing to change). */
async function changeStoredClass(classId: number, change: (detail: ClassDetail) => ClassDetail): Promise<void> {
  const stored = await db.cachedPages.get(classKey(classId));
  const detail: ClassDetail | null = stored ? readCached(classDetailSchema, stored.value) : null;
  if (detail) await storePage(classKey(classId), change(detail));
}

/**
 * The class's new name, grade, level, size and language: queued (the updateClass mutation) and shown at once
 * in the stored class page and list. The server checks them again (a size below its students is
 * refused and shown with its reason).
 */
export async function updateClass(teacherId: number, args: UpdateClassArgs): Promise<void> {
  await enqueue(teacherId, 'updateClass', args);
  const fields = {
    name: args.name,
    gradeLevel: args.gradeLevel ? args.gradeLevel : null,
    skillLevel: args.skillLevel,
    maxMembers: args.maxMembers,
    ...(args.language === undefined ? {} : { language: args.language }),
  };
  await changeStoredClass(args.classId, (detail) => ({ ...detail, class: { ...detail.class, ...fields } }));
  const stored = await db.cachedPages.get('classes');
  const list = stored ? readCached(classListSchema, stored.value) : null;
  if (list) {
    await storePage('classes', { ...list, classes: list.classes.map((each) => (each.id === args.classId ? { ...each, ...fields } : each)) });
  }
}

/**
 * Removes a student from the class (`active` false) or puts them back: queued (the
 * setClassStudentActive mutation) and shown at once, the student moved between the roster and the
 * removed list of the stored page and, when removed, taken off the stored dashboard.
 */
export async function setStudentActive(teacherId: number, classId: number, userId: number, active: boolean): Promise<void> {
  await enqueue(teacherId, 'setClassStudentActive', { classId, userId, active });
  await changeStoredClass(classId, (detail) => withStudentActive(detail, userId, active));
  if (!active) {
    const stored = await db.cachedPages.get(classDashboardKey(classId));
    const dashboard = stored ? readCached(classDashboardSchema, stored.value) : null;
    if (dashboard) await storePage(classDashboardKey(classId), { ...dashboard, students: dashboard.students.filter((each) => each.userId !== userId) });
  }
}

/** The class page with the student moved between the roster and the removed list (and the count changed); unchanged if not there. */
export function withStudentActive(detail: ClassDetail, userId: number, active: boolean): ClassDetail {
  const removed = detail.removedStudents ?? [];
  const student = (active ? removed : detail.students).find((each) => each.userId === userId);
  if (!student) return detail;
  const byUsername = (a: { username: string }, b: { username: string }) => a.username.toLowerCase().localeCompare(b.username.toLowerCase());
  const students = active ? [...detail.students, student].sort(byUsername) : detail.students.filter((each) => each.userId !== userId);
  const removedStudents = active ? removed.filter((each) => each.userId !== userId) : [...removed, student].sort(byUsername);
  return { ...detail, class: { ...detail.class, studentCount: students.length }, students, removedStudents };
}
