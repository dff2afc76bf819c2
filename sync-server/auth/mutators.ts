import { defineMutator } from '../core/mutators';
import { setAccountLanguage } from './language';

/** The account's own mutations (issue 28): the same service as PUT /api/auth/language (./routes.ts). */
export const ACCOUNT_MUTATORS = [
  defineMutator({
    name: 'setLanguage',
    apply: async (args, context) => {
      await setAccountLanguage(context.trx, context.user, args);
    },
  }),
];
