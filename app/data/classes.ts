/**
 * Classes for the app (issue 19): the teacher's list and a class's roster, stored for offline
 * visits through cached-page.ts. Making a class and its accounts go through the outbox
 * (./class-outbox.ts); resetting a password is an online call (the new password is shown at
 * once); renaming a student goes through the outbox.
 *
 * A password just reset stays in this module's memory only, for the login cards page: never in
 * IndexedDB, never readable on the server, gone after a reload (reset a password for a new card).
 */
import {
  classCredentialsSchema,
  classDetailSchema,
  classListSchema,
  type ClassCredentials,
  type ClassDetail,
} from '../../schema';
import { requestJson } from './api';
import { readCached, storePage, useCachedPage } from './cached-page';
import { forgetWaitingCards, queueStudents } from './class-outbox';
import { db } from './db';
import { enqueue } from './outbox';

const classKey = (id: number) => `class:${id}`;

export function useClassList() {
  return useCachedPage('classes', '/api/classes', classListSchema);
}

export function useClass(id: number | null) {
  return useCachedPage(id === null ? null : classKey(id), id === null ? null : `/api/classes/${id}`, classDetailSchema);
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
  const reset = await requestJson(`/api/classes/${classId}/students/${userId}/reset-password`, classCredentialsSchema, { method: 'POST' });
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
  const stored = await db.cachedPages.get(classKey(classId));
  const detail: ClassDetail | null = stored ? readCached(classDetailSchema, stored.value) : null;
  if (detail) {
    await storePage(classKey(classId), {
      ...detail,
      students: detail.students.map((student) => (student.userId === userId ? { ...student, username } : student)),
    });
  }
}
