/**
 * Classes for the app (issue 19): the teacher's list and a class's roster, stored for offline
 * visits through cached-page.ts. Making accounts and resetting a password are online calls (the
 * new passwords are shown at once); renaming a student goes through the outbox.
 *
 * The passwords just made stay in this module's memory only, for the login cards page: never in
 * IndexedDB, never readable on the server, gone after a reload (reset a password for a new card).
 */
import {
  classCredentialsSchema,
  classDetailSchema,
  classListSchema,
  classSummarySchema,
  type ClassCredentials,
  type ClassDetail,
  type ClassSummary,
  type CreateClassRequest,
} from '../../schema';
import { requestJson } from './api';
import { readCached, storePage, useCachedPage } from './cached-page';
import { db } from './db';
import { enqueue } from './outbox';

const classKey = (id: number) => `class:${id}`;

export function useClassList() {
  return useCachedPage('classes', '/api/classes', classListSchema);
}

export function useClass(id: number | null) {
  return useCachedPage(id === null ? null : classKey(id), id === null ? null : `/api/classes/${id}`, classDetailSchema);
}

export function createClass(request: CreateClassRequest): Promise<ClassSummary> {
  return requestJson('/api/classes', classSummarySchema, { method: 'POST', body: request });
}

/** The cards to print, by class: the last accounts made or passwords reset, this session only. */
const freshCards = new Map<number, ClassCredentials>();

export function cardsFor(classId: number): ClassCredentials | null {
  return freshCards.get(classId) ?? null;
}

export async function addStudents(classId: number, names: string[]): Promise<ClassCredentials> {
  const made = await requestJson(`/api/classes/${classId}/students`, classCredentialsSchema, { method: 'POST', body: { names } });
  freshCards.set(classId, made);
  return made;
}

export async function resetStudentPassword(classId: number, userId: number): Promise<ClassCredentials> {
  const reset = await requestJson(`/api/classes/${classId}/students/${userId}/reset-password`, classCredentialsSchema, { method: 'POST' });
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
