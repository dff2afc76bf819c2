import { defineMutator, freshUser } from '../core/mutators';
import { completeOnboarding, recordPuzzleAttempt } from './assessment';

/** The skill assessment's mutations: the services of its routes (./routes.ts). */
export const ONBOARDING_MUTATORS = [
  defineMutator({
    name: 'recordPuzzleAttempt',
    apply: async (args, context) => {
      await recordPuzzleAttempt(context.trx, context.user, args, new Date(args.attemptedAt).toISOString());
    },
  }),
  defineMutator({
    name: 'completeOnboarding',
    apply: async (_args, context) => {
      await completeOnboarding(context.trx, await freshUser(context));
    },
  }),
];
