import type { GuessableCode } from '../../domain/code-guessing';
import type { MutationArgs } from '../../schema';
import type { GenericMutationName, MutationContext, MutatorOutcome, PrepareContext, RunContext, RunMutationName, RunOutcome } from './mutator-types';

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

/**
 * A mutation applied in runs (schema/mutations.ts RUN_MUTATIONS: saved games, games/mutators.ts):
 * its slow work is done for all of a push's such mutations at once before any lock (off the event
 * loop: replaying a game's moves), and a run of them in id order is stored in one transaction.
 *
 * `cost` is what one costs the push's budget (MAX_PUSH_PLIES: a game's plies), read from its
 * unchecked arguments before anything else; the push stops before the mutation that would pass it.
 * `prepare` answers each one ready or refused, in order; `apply` answers each one's outcome.
 */
export interface RunMutatorDefinition<N extends RunMutationName, Ready> {
  readonly name: N;
  cost(args: unknown): number;
  prepare(items: readonly MutationArgs<N>[], context: PrepareContext): Promise<({ ok: true; ready: Ready } | { ok: false; error: string })[]>;
  apply(ready: readonly Ready[], context: RunContext): Promise<RunOutcome[]>;
}

/** A run mutator of any run mutation (what the composition lists). */
export type AnyRunMutatorDefinition = { [N in RunMutationName]: RunMutatorDefinition<N, unknown> }[RunMutationName];

export function defineRunMutator<N extends RunMutationName, Ready>(definition: RunMutatorDefinition<N, Ready>): RunMutatorDefinition<N, Ready> {
  return definition;
}

/** The user as stored now, inside the push's transaction (earlier mutations may have changed them). */
export const freshUser = (context: MutationContext) =>
  context.trx.selectFrom('users').selectAll().where('id', '=', context.user.id).executeTakeFirstOrThrow();

/** The mutators by name; a name twice is a mistake in the lists, refused when the app is built. */
export class MutatorRegistry {
  private readonly byName = new Map<GenericMutationName, AnyMutatorDefinition>();
  private readonly runsByName = new Map<string, AnyRunMutatorDefinition>();

  constructor(mutators: readonly AnyMutatorDefinition[], runs: readonly AnyRunMutatorDefinition[] = []) {
    for (const mutator of mutators) {
      if (this.byName.has(mutator.name)) throw new Error(`two mutators for ${mutator.name}`);
      this.byName.set(mutator.name, mutator);
    }
    for (const run of runs) {
      if (this.runsByName.has(run.name)) throw new Error(`two mutators for ${run.name}`);
      this.runsByName.set(run.name, run);
    }
  }

  /** The run mutator of a mutation's name, or undefined for a generic mutation (or a name not known: checked later). */
  run(name: unknown): RunMutatorDefinition<RunMutationName, unknown> | undefined {
    return typeof name === 'string' ? (this.runsByName.get(name) as RunMutatorDefinition<RunMutationName, unknown> | undefined) : undefined;
  }

  get<N extends GenericMutationName>(name: N): MutatorDefinition<N, unknown> {
    const mutator = this.byName.get(name);
    if (mutator === undefined) throw new Error(`no mutator for ${name}`);
    return mutator as MutatorDefinition<N, unknown>;
  }
}

type MissingNames<D extends AnyMutatorDefinition, R extends AnyRunMutatorDefinition> = Exclude<GenericMutationName, D['name']> | Exclude<RunMutationName, R['name']>;

/**
 * The registry of every mutation's mutator, generic and run: the compiler refuses lists that leave
 * a mutation out (it asks for a third argument, typed by the missing names).
 */
export function everyMutator<D extends AnyMutatorDefinition, R extends AnyRunMutatorDefinition>(
  mutators: readonly D[],
  runs: readonly R[],
  ..._missing: [MissingNames<D, R>] extends [never] ? [] : [missing: MissingNames<D, R>]
): MutatorRegistry {
  return new MutatorRegistry(mutators, runs);
}
