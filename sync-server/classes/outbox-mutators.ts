import type { Mutator } from '../sync/mutator-types';
import { loadAccess } from '../rbac/tenancy';
import { addClassStudents, createClass } from './service';

/**
 * Making a class and its accounts through the outbox (issue 19): the services of POST /api/classes
 * and POST /api/classes/{id}/students, with their checks; a refusal (403, 404, a full class, a
 * taken class key) is answered `rejected` with the route's words. Applied once: a mutation pushed
 * again is answered `duplicate` by its id before it reaches these (sync-server/sync/push.ts).
 */
export const CLASS_OUTBOX_MUTATORS: { createClass: Mutator<'createClass'>; addClassStudents: Mutator<'addClassStudents'> } = {
  createClass: async (args, context) => {
    await createClass(context.trx, await loadAccess(context.trx, context.user, context.now), args);
    return { status: 'applied' };
  },
  addClassStudents: async (args, context) => {
    await addClassStudents(context.trx, context.user, args, context.now, context.passwordHashes);
    return { status: 'applied' };
  },
};
