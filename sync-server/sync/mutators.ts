import { sql } from 'kysely';
import type { MutationArgs } from '../../schema';
import type { GenericMutationName, MutationContext, MutatorOutcome, PrepareContext } from '../core/mutator-types';
import type { MutatorRegistry } from '../core/mutators';
import { HttpError, refusalOf, type Refusal } from '../core/plugins/errors';

/**
 * Running the mutators of every mutation but saveGame (whose games are prepared outside the lock
 * and stored in one statement per push, ./push.ts). Each feature defines its mutators
 * (../core/mutators.ts defineMutator, which says what a mutator may do) and app.ts hands their
 * registry in: this folder names no feature (issue 27).
 */

const APPLIED: MutatorOutcome = { status: 'applied' };

/** A 4xx a mutator threw, as the refusal the client is answered (its words, code and values); null for any other failure. */
function clientError(error: unknown): Refusal | null {
  if (error instanceof HttpError) return error.statusCode >= 400 && error.statusCode < 500 ? refusalOf(error) : null;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && error instanceof Error ? { error: error.message } : null;
}

/**
 * Runs a mutator's `prepare`, if it has one, outside any transaction: ready with what it answered,
 * or refused with its reason (a 4xx, as in runMutator below).
 */
export async function prepareMutation<N extends GenericMutationName>(
  mutators: MutatorRegistry,
  name: N,
  args: MutationArgs<N>,
  context: PrepareContext,
): Promise<{ status: 'ready'; prepared: unknown } | ({ status: 'rejected' } & Refusal)> {
  const mutator = mutators.get(name);
  if (mutator.prepare === undefined) return { status: 'ready', prepared: undefined };
  try {
    return { status: 'ready', prepared: await mutator.prepare(args, context) };
  } catch (error) {
    const refused = clientError(error);
    if (refused === null) throw error;
    return { status: 'rejected', ...refused };
  }
}

/** Runs one mutator inside a savepoint (with what its `prepare` answered): a refusal leaves no trace of what it had written. */
export async function runMutator<N extends GenericMutationName>(
  mutators: MutatorRegistry,
  name: N,
  args: MutationArgs<N>,
  context: MutationContext,
  prepared?: unknown,
): Promise<MutatorOutcome> {
  const mutator = mutators.get(name);
  await sql`savepoint mutation`.execute(context.trx);
  let outcome: MutatorOutcome;
  try {
    outcome = (await mutator.apply(args, context, prepared)) ?? APPLIED;
  } catch (error) {
    const refused = clientError(error);
    if (refused === null) throw error;
    outcome = { status: 'rejected', ...refused };
  }
  if (outcome.status !== 'applied') await sql`rollback to savepoint mutation`.execute(context.trx);
  await sql`release savepoint mutation`.execute(context.trx);
  return outcome;
}
