import type { GuessableCode } from '../../domain/code-guessing';
import type { MutationArgs } from '../../schema';
import type { GenericMutationName, MutationContext, MutatorOutcome, PrepareContext } from './mutator-types';

/**
 * A generic mutation's mutator (issue 27): each feature defines its own with `defineMutator` in
 * its mutators file and exports their list; app.ts puts every feature's list in one registry and
 * hands it to the sync routes, which name no feature.
 *
 * `apply` runs inside the push's transaction, after the client's earlier mutations, and must
 * apply the same rules as the online route it mirrors (share the code: the route and the mutator
 * call one service function, which checks who may). It refuses by returning `{ status: 'rejected',
 * error }` or by throwing an httpError with a 4xx status (the route's own error): either way
 * whatever it wrote is rolled back to a savepoint, the client is told the reason, and the
 * mutations after it go on. Anything else it throws fails the whole push (a 500), so the client
 * pushes it all again later. Returning nothing is applied.
 *
 * `prepare` is for slow work that must not hold the database (issue 26: hashing a class's
 * passwords): the push calls it just before the mutation's own transaction, with the earlier
 * mutations committed; it checks what it can first and refuses as `apply` does before doing the
 * work; what it answers is handed to `apply`, which checks everything again.
 *
 * `guesses`: the kind of code the mutation guesses, so its attempts are counted before its
 * transaction as its online route counts them (issue 26; sync-server/sync/routes.ts).
 */
export interface MutatorDefinition<N extends GenericMutationName, P = undefined> {
  readonly name: N;
  readonly guesses?: GuessableCode;
  prepare?(args: MutationArgs<N>, context: PrepareContext): Promise<P>;
  apply(args: MutationArgs<N>, context: MutationContext, prepared: P): Promise<MutatorOutcome | void>;
}

/** A mutator of any generic mutation (what a feature's list holds). */
export type AnyMutatorDefinition = { [N in GenericMutationName]: MutatorDefinition<N, unknown> }[GenericMutationName];

/** A mutator, its arguments typed by its mutation's name (schema/mutations.ts). */
export function defineMutator<N extends GenericMutationName, P = undefined>(definition: MutatorDefinition<N, P>): MutatorDefinition<N, P> {
  return definition;
}

/** The user as stored now, inside the push's transaction (earlier mutations may have changed them). */
export const freshUser = (context: MutationContext) =>
  context.trx.selectFrom('users').selectAll().where('id', '=', context.user.id).executeTakeFirstOrThrow();

/** The mutators by name; a name twice is a mistake in the lists, refused when the app is built. */
export class MutatorRegistry {
  private readonly byName = new Map<GenericMutationName, AnyMutatorDefinition>();

  constructor(mutators: readonly AnyMutatorDefinition[]) {
    for (const mutator of mutators) {
      if (this.byName.has(mutator.name)) throw new Error(`two mutators for ${mutator.name}`);
      this.byName.set(mutator.name, mutator);
    }
  }

  get<N extends GenericMutationName>(name: N): MutatorDefinition<N, unknown> {
    const mutator = this.byName.get(name);
    if (mutator === undefined) throw new Error(`no mutator for ${name}`);
    return mutator as MutatorDefinition<N, unknown>;
  }
}

type MissingNames<D extends AnyMutatorDefinition> = Exclude<GenericMutationName, D['name']>;

/**
 * The registry of every generic mutation's mutator: the compiler refuses a list that leaves a
 * mutation out (it asks for a second argument, typed by the missing names).
 */
export function everyMutator<D extends AnyMutatorDefinition>(
  mutators: readonly D[],
  ..._missing: [MissingNames<D>] extends [never] ? [] : [missing: MissingNames<D>]
): MutatorRegistry {
  return new MutatorRegistry(mutators);
}
