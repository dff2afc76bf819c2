/**
 * Tournament administration rules: one pure function per organiser or player action, on the
 * snapshot the app stores offline and the server loads from its database. Each returns the new
 * snapshot or a coded error (AdminError, with the HTTP status a route answers).
 */
import type { MutationArgs, MutationName } from '../../schema';
import type { AdminResult, ActionContext, Snapshot } from './model';
import { fail } from './model';
import { updateTournament } from './tournament';
import { addLateEntry, approveRegistration, registerForTournament, rejectRegistration, requestBye, withdrawRegistration } from './registrations';
import { correctResult, createRound, enterResult, publishPairings, resolveDispute, startRound } from './rounds';

export * from './model';
export * from './tournament';
export * from './registrations';
export * from './rounds';
export * from './pairing';
export * from './standings';

/** The mutations a tournament rule decides (issueCertificates records, it changes no rule state). */
export const TOURNAMENT_RULE_NAMES = [
  'updateTournament',
  'registerForTournament',
  'approveRegistration',
  'rejectRegistration',
  'withdrawRegistration',
  'addLateEntry',
  'requestBye',
  'createRound',
  'publishPairings',
  'startRound',
  'enterResult',
  'correctResult',
  'resolveDispute',
] as const satisfies readonly MutationName[];
export type TournamentMutationName = (typeof TOURNAMENT_RULE_NAMES)[number];

const RULES: { readonly [N in TournamentMutationName]: (snapshot: Snapshot, args: MutationArgs<N>, ctx: ActionContext) => AdminResult } = {
  updateTournament,
  registerForTournament,
  approveRegistration,
  rejectRegistration,
  withdrawRegistration,
  addLateEntry,
  requestBye,
  createRound,
  publishPairings,
  startRound,
  enterResult,
  correctResult,
  resolveDispute,
};

export const isTournamentRuleName = (name: string): name is TournamentMutationName => Object.hasOwn(RULES, name);

/** Applies a tournament mutation to a snapshot with the same rule the server runs. */
export function applyTournamentMutation<N extends TournamentMutationName>(snapshot: Snapshot, name: N, args: MutationArgs<N>, ctx: ActionContext): AdminResult {
  if (args.tournamentId !== snapshot.tournament.id) return fail('ERR_NOT_FOUND', 'ERR_TOURNAMENT_NOT_FOUND');
  const rule = RULES[name] as (snapshot: Snapshot, args: MutationArgs<N>, ctx: ActionContext) => AdminResult;
  return rule(snapshot, args, ctx);
}
export * from './team-standings';
export * from './rating-report';
export * from './disputes';
