import { defineMutator, freshUser } from '../core/mutators';
import { recordTrainerAttempt, saveOwnPuzzles } from './trainer';

/** The puzzle trainer's mutations (issue 21): the services of POST /api/puzzles/attempt and /api/puzzles/own. */
export const PUZZLE_MUTATORS = [
  defineMutator({
    name: 'recordTrainerAttempt',
    apply: async (args, context) => {
      await recordTrainerAttempt(context.trx, await freshUser(context), args, context.database.kind === 'postgres');
    },
  }),
  defineMutator({
    name: 'saveOwnPuzzles',
    apply: async (args, context) => {
      await saveOwnPuzzles(context.trx, context.user, args.puzzles, context.now);
    },
  }),
];
