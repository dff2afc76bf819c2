import { defineMutator } from '../core/mutators';
import { assignHomework, cancelHomework } from './homework';

/**
 * Homework's mutations (issue 19): the same services and checks as POST and DELETE
 * /api/classes/{id}/homework; a refusal (403, 404, a bad due date or student) is answered
 * `rejected` with the route's words. A student's completion is no mutation: it is derived from
 * their completeLesson, recordTrainerAttempt and saveGame, each applied once (./homework.ts).
 */
export const HOMEWORK_MUTATORS = [
  defineMutator({
    name: 'assignHomework',
    apply: async (args, context) => {
      await assignHomework(context.trx, context.user, args, context.now);
    },
  }),
  defineMutator({
    name: 'cancelHomework',
    apply: async (args, context) => {
      await cancelHomework(context.trx, context.user, args, context.now);
    },
  }),
];
