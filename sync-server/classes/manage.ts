import { type SetClassStudentActiveArgs, type UpdateClassArgs } from '../../schema';
import type { UserRow } from '../core/db/types';
import { httpError } from '../core/plugins/errors';
import { loadAccess } from '../core/rbac/tenancy';
import { lockedStudentCount, openClass, type Db } from './service';

/**
 * Managing a class once made (issue 19; docs/decisions.md, "Class management"): its staff edit
 * its name, grade, level and size, remove a student (the membership made inactive: the account,
 * its games and its sign-in stay) and put one back. Each write is one function here, called by
 * its route (./routes.ts) and by its mutator (./outbox-mutators.ts).
 */

/**
 * PATCH /api/classes/{id} and the updateClass mutation: the class's details; maxMembers never below
 * its students now (409). The language (issue 28) is left as it is when the change does not name
 * it (one queued by an app from before it could).
 */
export async function updateClass(db: Db, user: UserRow, args: UpdateClassArgs, now: Date): Promise<void> {
  await openClass(db, await loadAccess(db, user, now), args.classId, true);
  if (args.maxMembers < (await lockedStudentCount(db, args.classId))) throw httpError(409, 'ERR_CLASS_MAX_BELOW_COUNT');
  await db
    .updateTable('teams')
    .set({
      name: args.name,
      gradeLevel: args.gradeLevel ? args.gradeLevel : null,
      skillLevel: args.skillLevel,
      maxMembers: args.maxMembers,
      ...(args.language === undefined ? {} : { language: args.language }),
    })
    .where('id', '=', args.classId)
    .execute();
}

/**
 * DELETE /api/classes/{id}/students/{userId}, POST …/restore and the setClassStudentActive
 * mutation. Removing makes the student's membership inactive (left_at set): they leave the roster,
 * the dashboard, homework and class tournaments, and the class's real names. Putting back makes it
 * active again if the class has room (409 'This class is full'). Either, done twice, changes nothing.
 * A user who never was in the class is the 404 of an unknown student.
 */
export async function setClassStudentActive(db: Db, user: UserRow, args: SetClassStudentActiveArgs, now: Date): Promise<void> {
  const { row } = await openClass(db, await loadAccess(db, user, now), args.classId, true);
  const memberships = await db.selectFrom('teamMembers').select(['id', 'isActive']).where('teamId', '=', args.classId).where('userId', '=', args.userId).orderBy('id').execute();
  if (memberships.length === 0) throw httpError(404, 'ERR_CLASS_STUDENT_NOT_FOUND');
  const active = memberships.some((membership) => Boolean(membership.isActive));
  if (active === args.active) return;
  if (!args.active) {
    await db.updateTable('teamMembers').set({ isActive: 0, leftAt: now.toISOString() }).where('teamId', '=', args.classId).where('userId', '=', args.userId).execute();
    return;
  }
  if ((await lockedStudentCount(db, args.classId)) >= row.maxMembers) throw httpError(409, 'ERR_CLASS_FULL');
  // The latest membership comes back (an older one, if any, stays inactive: one active row a student).
  const latest = memberships[memberships.length - 1] as { id: number };
  await db.updateTable('teamMembers').set({ isActive: 1, leftAt: null }).where('id', '=', latest.id).execute();
}
