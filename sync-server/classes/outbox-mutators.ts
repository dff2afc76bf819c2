import { defineMutator } from '../core/mutators';
import { loadAccess } from '../core/rbac/tenancy';
import { setClassStudentActive, updateClass } from './manage';
import { addClassStudents, createClass, prepareStudentPasswords } from './service';

/**
 * Making and managing a class through the outbox (issue 19): the services of POST /api/classes,
 * POST /api/classes/{id}/students, PATCH /api/classes/{id} and removing or putting back a student
 * (./manage.ts), with their checks; a refusal (403, 404, a full class, a taken class key, a size
 * below the students now) is answered `rejected` with the route's words. Applied once: a mutation pushed
 * again is answered `duplicate` by its id before it reaches these (sync-server/sync/push.ts).
 */
export const CLASS_OUTBOX_MUTATORS = [
  defineMutator({
    name: 'createClass',
    apply: async (args, context) => {
      await createClass(context.trx, await loadAccess(context.trx, context.user, context.now), args);
    },
  }),
  // The passwords are hashed before the push's transaction, after the class, the caller and the room were checked (issue 26).
  defineMutator({
    name: 'addClassStudents',
    prepare: (args, context) => prepareStudentPasswords(context.db, context.user, args, context.now),
    apply: async (args, context, hashes) => {
      await addClassStudents(context.trx, context.user, args, context.now, hashes);
    },
  }),
  // Managing a class (./manage.ts): the services of PATCH /api/classes/{id} and of removing and putting back a student.
  defineMutator({
    name: 'updateClass',
    apply: async (args, context) => {
      await updateClass(context.trx, context.user, args, context.now);
    },
  }),
  defineMutator({
    name: 'setClassStudentActive',
    apply: async (args, context) => {
      await setClassStudentActive(context.trx, context.user, args, context.now);
    },
  }),
];
