import type { TournamentMutationName } from '../../domain/tournament-admin';
import type { MutationContext } from '../core/mutator-types';
import { defineMutator } from '../core/mutators';
import { addClassToTournament } from './class-tournament';
import { changesOfferedAfterCommit } from './live';
import { issueCertificates, runTournamentAction, type ActionEnvironment } from './service';

/**
 * The tournament mutators: each runs the same service (and so the same rule) as its online route,
 * inside the push's transaction. A rule's refusal is thrown as an httpError, which the push turns
 * into a rejected mutation with the rule's words.
 */
const environment = (context: MutationContext): ActionEnvironment => ({
  db: context.trx,
  postgres: context.database.kind === 'postgres',
  user: context.user,
  now: context.now,
  database: context.database,
  changes: changesOfferedAfterCommit(context),
});

function rule<N extends TournamentMutationName>(name: N) {
  return defineMutator({
    name,
    apply: async (args, context) => {
      await runTournamentAction(environment(context), name, args);
    },
  });
}

export const TOURNAMENT_MUTATORS = [
  rule('updateTournament'),
  rule('registerForTournament'),
  rule('approveRegistration'),
  rule('rejectRegistration'),
  rule('withdrawRegistration'),
  rule('addLateEntry'),
  rule('requestBye'),
  rule('createRound'),
  rule('publishPairings'),
  rule('startRound'),
  rule('enterResult'),
  rule('correctResult'),
  rule('resolveDispute'),
  defineMutator({
    name: 'issueCertificates',
    apply: async (args, context) => {
      await issueCertificates(environment(context), args.tournamentId);
    },
  }),
  // Class tournaments (issue 19): the same service and checks as POST /api/tournaments/{id}/classes.
  defineMutator({
    name: 'addClassToTournament',
    apply: async (args, context) => {
      const changes = changesOfferedAfterCommit(context);
      await addClassToTournament({ db: context.trx, postgres: context.database.kind === 'postgres', user: context.user, now: context.now, changes }, args);
    },
  }),
];
