/**
 * The class dashboard for the app (issue 19): the class's figures and a student's page, stored in
 * Dexie (cachedPages, through cached-page.ts) so the teacher sees them offline after one visit,
 * with the time the server computed them. Read-only: nothing here writes.
 */
import { classDashboardSchema, classStudentPageSchema, apiPath, classDashboardPaths, classPaths } from '../../../schema';
import { useCachedPage } from '../../shared/cached-page';

export const classDashboardKey = (classId: number) => `class-dashboard:${classId}`;
export const classStudentKey = (classId: number, userId: number) => `class-student:${classId}:${userId}`;

export function useClassDashboard(classId: number | null) {
  return useCachedPage(classId === null ? null : classDashboardKey(classId), classId === null ? null : apiPath(classDashboardPaths.dashboard, { id: classId }), classDashboardSchema);
}

export function useClassStudentPage(classId: number | null, userId: number | null) {
  const valid = classId !== null && userId !== null;
  return useCachedPage(valid ? classStudentKey(classId, userId) : null, valid ? apiPath(classPaths.student, { id: classId, userId }) : null, classStudentPageSchema);
}
