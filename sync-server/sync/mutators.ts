import { sql } from 'kysely';
import type { MutationArgs } from '../../schema';
import { changesOfferedAfterCommit } from '../tournaments/live';
import { TOURNAMENT_MUTATORS } from '../tournaments/mutators';
import type { GenericMutationName, MutationContext, Mutator, MutatorOutcome, PreparedMutator, PrepareContext } from '../core/mutator-types';

import { saveGameAnalysis } from '../learning/analysis';
import { completeLesson } from '../learning/lessons';
import { saveSettings } from '../learning/settings';
import { bookmarkTip, completeTip, rateTip, viewTip } from '../learning/tips';
import { completeOnboarding, recordPuzzleAttempt } from '../onboarding/assessment';
import { recordTrainerAttempt, saveOwnPuzzles } from '../puzzles/trainer';
import { renameStudent } from '../classes/service';
import { HOMEWORK_MUTATORS } from '../classes/homework-mutators';
import { releaseChildControls, setChildControls, setParentEmail, unlinkChild } from '../parents/service';
import { addClassToTournament } from '../tournaments/class-tournament';
import { answerClassJoin, requestClassJoin } from '../classes/codes';
import { CLASS_OUTBOX_MUTATORS } from '../classes/outbox-mutators';

const APPLIED: MutatorOutcome = { status: 'applied' };

/** The user as stored now, inside the push's transaction (earlier mutations may have changed them). */
const freshUser = (context: MutationContext) =>
  context.trx.selectFrom('users').selectAll().where('id', '=', context.user.id).executeTakeFirstOrThrow();

/**
 * The mutators of every mutation but saveGame (whose games are prepared outside the lock and
 * stored in one statement per push, sync-server/sync/push.ts). A feature adds its mutation to
 * its feature's schema file (`defineMutation`, listed in schema/mutations.ts) and its mutator here (or in its own mutators file, written against
 * ../core/mutator-types.ts and spread in below, like TOURNAMENT_MUTATORS); the type below refuses a mutation name without one.
 *
 * A mutator runs inside the push's transaction, after the client's earlier mutations, and must
 * apply the same rules as the online route it mirrors (share the code: the route and the mutator
 * call one service function). It refuses by returning `{ status: 'rejected', error }` or by
 * throwing an httpError with a 4xx status (the route's own error): either way whatever it wrote
 * is rolled back to a savepoint, the client is told the reason, and the mutations after it go on.
 * Anything else it throws fails the whole push (a 500), so the client pushes it all again later.
 * A mutator with slow work that must not hold the database is a PreparedMutator (../core/mutator-types.ts).
 */
export const MUTATORS: { readonly [N in GenericMutationName]: Mutator<N> | PreparedMutator<N, unknown> } = {
  ...TOURNAMENT_MUTATORS,

  // Learning (issue 9): each calls the service its route calls.
  completeLesson: async (args, context) => {
    await completeLesson(context.trx, context.user, args.lessonId, args.score, new Date(args.completedAt).toISOString());
    return APPLIED;
  },
  viewTip: async (args, context) => {
    await viewTip(context.trx, context.user.id, args.tipId, new Date(args.viewedAt).toISOString());
    return APPLIED;
  },
  completeTip: async (args, context) => {
    await completeTip(context.trx, context.user.id, args.tipId, new Date(args.completedAt).toISOString());
    return APPLIED;
  },
  bookmarkTip: async (args, context) => {
    await bookmarkTip(context.trx, context.user.id, args.tipId, args.bookmarked);
    return APPLIED;
  },
  rateTip: async (args, context) => {
    await rateTip(context.trx, context.user.id, args.tipId, args.rating);
    return APPLIED;
  },
  recordPuzzleAttempt: async (args, context) => {
    await recordPuzzleAttempt(context.trx, context.user, args, new Date(args.attemptedAt).toISOString());
    return APPLIED;
  },
  completeOnboarding: async (_args, context) => {
    await completeOnboarding(context.trx, await freshUser(context));
    return APPLIED;
  },
  saveSettings: async (args, context) => {
    await saveSettings(context.trx, context.user.id, args);
    return APPLIED;
  },
  saveGameAnalysis: async (args, context) => {
    await saveGameAnalysis(context.trx, await freshUser(context), args.gameId, args.analysis, context.now);
    return APPLIED;
  },

  // Puzzle trainer (issue 21): the services of POST /api/puzzles/attempt and /api/puzzles/own.
  recordTrainerAttempt: async (args, context) => {
    await recordTrainerAttempt(context.trx, await freshUser(context), args, context.database.kind === 'postgres');
    return APPLIED;
  },
  saveOwnPuzzles: async (args, context) => {
    await saveOwnPuzzles(context.trx, context.user, args.puzzles, context.now);
    return APPLIED;
  },

  // Classes (issue 19): the same service and checks as PATCH /api/classes/{id}/students/{userId}.
  renameClassStudent: async (args, context) => {
    await renameStudent(context.trx, context.user, args, context.now);
    return APPLIED;
  },
  // The services of POST /api/classes, POST /api/classes/{id}/students, PATCH /api/classes/{id} and
  // removing or putting back a student (classes/outbox-mutators.ts, classes/manage.ts).
  ...CLASS_OUTBOX_MUTATORS,
  ...HOMEWORK_MUTATORS,

  // Parents (issue 19): the same service and check as PATCH /api/parents/children/{id}/controls.
  setChildControls: async (args, context) => {
    await setChildControls(context.trx, context.user, args, context.now);
    return APPLIED;
  },
  // The same services and checks as DELETE /api/parents/children/{id}/controls and /api/parents/children/{id}.
  releaseChildControls: async (args, context) => {
    await releaseChildControls(context.trx, context.user, args);
    return APPLIED;
  },
  unlinkChild: async (args, context) => {
    await unlinkChild(context.trx, context.user, args);
    return APPLIED;
  },
  // The same service and checks as PATCH /api/me/parent-email.
  setParentEmail: async (args, context) => {
    await setParentEmail(context.trx, context.user, args);
    return APPLIED;
  },
  // Class tournaments (issue 19): the same service and checks as POST /api/tournaments/{id}/classes.
  addClassToTournament: async (args, context) => {
    const changes = changesOfferedAfterCommit(context);
    await addClassToTournament({ db: context.trx, postgres: context.database.kind === 'postgres', user: context.user, now: context.now, changes }, args);
    return APPLIED;
  },
  // Join codes (issue 19): the services of POST /api/classes/join and /api/classes/{id}/join-requests/{userId}.
  requestClassJoin: async (args, context) => {
    await requestClassJoin(context.trx, await freshUser(context), args.code, context.now);
    return APPLIED;
  },
  answerClassJoin: async (args, context) => {
    await answerClassJoin(context.trx, context.user, args, context.now);
    return APPLIED;
  },
};

function clientError(error: unknown): string | null {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && error instanceof Error ? error.message : null;
}

type AnyMutator<N extends GenericMutationName> = Mutator<N> | PreparedMutator<N, unknown>;

/**
 * Runs a mutator's `prepare`, if it has one, outside any transaction: ready with what it answered,
 * or refused with its reason (a 4xx, as in runMutator below).
 */
export async function prepareMutation<N extends GenericMutationName>(
  name: N,
  args: MutationArgs<N>,
  context: PrepareContext,
): Promise<{ status: 'ready'; prepared: unknown } | { status: 'rejected'; error: string }> {
  const mutator = MUTATORS[name] as AnyMutator<N>;
  if (typeof mutator === 'function') return { status: 'ready', prepared: undefined };
  try {
    return { status: 'ready', prepared: await mutator.prepare(args, context) };
  } catch (error) {
    const message = clientError(error);
    if (message === null) throw error;
    return { status: 'rejected', error: message };
  }
}

/** Runs one mutator inside a savepoint (with what its `prepare` answered): a refusal leaves no trace of what it had written. */
export async function runMutator<N extends GenericMutationName>(name: N, args: MutationArgs<N>, context: MutationContext, prepared?: unknown): Promise<MutatorOutcome> {
  const mutator = MUTATORS[name] as AnyMutator<N>;
  await sql`savepoint mutation`.execute(context.trx);
  let outcome: MutatorOutcome;
  try {
    outcome = typeof mutator === 'function' ? await mutator(args, context) : await mutator.apply(args, context, prepared);
  } catch (error) {
    const message = clientError(error);
    if (message === null) throw error;
    outcome = { status: 'rejected', error: message };
  }
  if (outcome.status !== 'applied') await sql`rollback to savepoint mutation`.execute(context.trx);
  await sql`release savepoint mutation`.execute(context.trx);
  return outcome;
}
