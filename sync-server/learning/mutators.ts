import { defineMutator, freshUser } from '../core/mutators';
import { saveGameAnalysis } from './analysis';
import { completeLesson } from './lessons';
import { saveSettings } from './settings';
import { bookmarkTip, completeTip, rateTip, viewTip } from './tips';

/** Learning's mutations (issue 9): each calls the service its route calls (./routes.ts). */
export const LEARNING_MUTATORS = [
  defineMutator({
    name: 'completeLesson',
    apply: async (args, context) => {
      await completeLesson(context.trx, context.user, args.lessonId, args.score, new Date(args.completedAt).toISOString());
    },
  }),
  defineMutator({
    name: 'viewTip',
    apply: async (args, context) => {
      await viewTip(context.trx, context.user.id, args.tipId, new Date(args.viewedAt).toISOString());
    },
  }),
  defineMutator({
    name: 'completeTip',
    apply: async (args, context) => {
      await completeTip(context.trx, context.user.id, args.tipId, new Date(args.completedAt).toISOString());
    },
  }),
  defineMutator({
    name: 'bookmarkTip',
    apply: async (args, context) => {
      await bookmarkTip(context.trx, context.user.id, args.tipId, args.bookmarked);
    },
  }),
  defineMutator({
    name: 'rateTip',
    apply: async (args, context) => {
      await rateTip(context.trx, context.user.id, args.tipId, args.rating);
    },
  }),
  defineMutator({
    name: 'saveSettings',
    apply: async (args, context) => {
      await saveSettings(context.trx, context.user.id, args);
    },
  }),
  defineMutator({
    name: 'saveGameAnalysis',
    apply: async (args, context) => {
      await saveGameAnalysis(context.trx, await freshUser(context), args.gameId, args.analysis, context.now);
    },
  }),
];
