import { defineMutator } from '../core/mutators';
import { releaseChildControls, setChildControls, setParentEmail, unlinkChild } from './service';

/**
 * Parents' mutations (issue 19): the same services and checks as PATCH and DELETE
 * /api/parents/children/{id}/controls, DELETE /api/parents/children/{id} and PATCH /api/me/parent-email.
 */
export const PARENT_MUTATORS = [
  defineMutator({
    name: 'setChildControls',
    apply: async (args, context) => {
      await setChildControls(context.trx, context.user, args, context.now);
    },
  }),
  defineMutator({
    name: 'releaseChildControls',
    apply: async (args, context) => {
      await releaseChildControls(context.trx, context.user, args);
    },
  }),
  defineMutator({
    name: 'unlinkChild',
    apply: async (args, context) => {
      await unlinkChild(context.trx, context.user, args);
    },
  }),
  defineMutator({
    name: 'setParentEmail',
    apply: async (args, context) => {
      await setParentEmail(context.trx, context.user, args);
    },
  }),
];
