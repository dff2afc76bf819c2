import { defineMutator, freshUser } from '../core/mutators';
import { answerClassJoin, requestClassJoin } from './codes';
import { HOMEWORK_MUTATORS } from './homework-mutators';
import { CLASS_OUTBOX_MUTATORS } from './outbox-mutators';
import { renameStudent } from './service';

/** Classes' mutations (issue 19): each calls the service its route calls, with the route's checks. */
export const CLASS_MUTATORS = [
  // The same service and checks as PATCH /api/classes/{id}/students/{userId}.
  defineMutator({
    name: 'renameClassStudent',
    apply: async (args, context) => {
      await renameStudent(context.trx, context.user, args, context.now);
    },
  }),
  // POST /api/classes, POST /api/classes/{id}/students, PATCH /api/classes/{id}, removing or putting back a student.
  ...CLASS_OUTBOX_MUTATORS,
  ...HOMEWORK_MUTATORS,
  // Join codes: the services of POST /api/classes/join (its attempts counted as the route counts them) and /api/classes/{id}/join-requests/{userId}.
  defineMutator({
    name: 'requestClassJoin',
    guesses: 'join',
    apply: async (args, context) => {
      await requestClassJoin(context.trx, await freshUser(context), args.code, context.now);
    },
  }),
  defineMutator({
    name: 'answerClassJoin',
    apply: async (args, context) => {
      await answerClassJoin(context.trx, context.user, args, context.now);
    },
  }),
];
