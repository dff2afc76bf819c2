import type { Mutator } from '../sync/mutator-types';
import { loadAccess } from '../rbac/tenancy';
import { setClassStudentActive, updateClass } from './manage';
import { addClassStudents, createClass } from './service';

/**
 * Making and managing a class through the outbox (issue 19): the services of POST /api/classes,
 * POST /api/classes/{id}/students, PATCH /api/classes/{id} and removing or putting back a student
 * (./manage.ts), with their checks; a refusal (403, 404, a full class, a taken class key, a size
 * below the students now) is answered `rejected` with the route's words. Applied once: a mutation pushed
 * again is answered `duplicate` by its id before it reaches these (sync-server/sync/push.ts).
 */
export const CLASS_OUTBOX_MUTATORS: {
  createClass: Mutator<'createClass'>;
  addClassStudents: Mutator<'addClassStudents'>;
  updateClass: Mutator<'updateClass'>;
  setClassStudentActive: Mutator<'setClassStudentActive'>;
} = {
  createClass: async (args, context) => {
    await createClass(context.trx, await loadAccess(context.trx, context.user, context.now), args);
    return { status: 'applied' };
  },
  addClassStudents: async (args, context) => {
    await addClassStudents(context.trx, context.user, args, context.now, context.passwordHashes);
    return { status: 'applied' };
  },
  // Managing a class (./manage.ts): the services of PATCH /api/classes/{id} and of removing and putting back a student.
  updateClass: async (args, context) => {
    await updateClass(context.trx, context.user, args, context.now);
    return { status: 'applied' };
  },
  setClassStudentActive: async (args, context) => {
    await setClassStudentActive(context.trx, context.user, args, context.now);
    return { status: 'applied' };
  },
};
