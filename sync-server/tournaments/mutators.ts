import type { TournamentMutationName } from '../../domain/tournament-admin';
import type { MutationArgs } from '../../schema';
import type { GenericMutationName, MutationContext, Mutator } from '../core/mutator-types';
import { changesOfferedAfterCommit } from './live';
import { issueCertificates, runTournamentAction, type ActionEnvironment } from './service';

/**
 * The tournament mutators: each runs the same service (and so the same rule) as its online route,
 * inside the push's transaction. A rule's refusal is thrown as an httpError, which the push turns
 * into a rejected mutation with the rule's words.
 */
type TournamentMutatorName = Extract<GenericMutationName, TournamentMutationName | 'issueCertificates'>;

const environment = (context: MutationContext): ActionEnvironment => ({
  db: context.trx,
  postgres: context.database.kind === 'postgres',
  user: context.user,
  now: context.now,
  database: context.database,
  changes: changesOfferedAfterCommit(context),
});

function rule<N extends TournamentMutationName>(name: N): Mutator<N> {
  return async (args: MutationArgs<N>, context) => {
    await runTournamentAction(environment(context), name, args);
    return { status: 'applied' };
  };
}

export const TOURNAMENT_MUTATORS: { readonly [N in TournamentMutatorName]: Mutator<N> } = {
  updateTournament: rule('updateTournament'),
  registerForTournament: rule('registerForTournament'),
  approveRegistration: rule('approveRegistration'),
  rejectRegistration: rule('rejectRegistration'),
  withdrawRegistration: rule('withdrawRegistration'),
  addLateEntry: rule('addLateEntry'),
  requestBye: rule('requestBye'),
  createRound: rule('createRound'),
  publishPairings: rule('publishPairings'),
  startRound: rule('startRound'),
  enterResult: rule('enterResult'),
  correctResult: rule('correctResult'),
  resolveDispute: rule('resolveDispute'),
  issueCertificates: async (args, context) => {
    await issueCertificates(environment(context), args.tournamentId);
    return { status: 'applied' };
  },
};
