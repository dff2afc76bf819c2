/**
 * What a mutator is: the contexts it runs in and what it answers (./mutators.ts defines them;
 * each feature lists its own in its mutators file, and app.ts hands the list of them all to the
 * sync routes). In core/, so that a feature's mutators and the sync core never import each other
 * (issue 27).
 */
import type { Kysely, Transaction } from 'kysely';
import type { MutationName, RUN_MUTATIONS } from '../../schema';
import type { AppDatabase } from './db/connect';
import type { Database, UserRow } from './db/types';
import type { Refusal } from './plugins/errors';

export interface MutationContext {
  readonly trx: Transaction<Database>;
  readonly database: AppDatabase;
  /** The signed-in user who pushed it (whose client queued it). */
  readonly user: UserRow;
  readonly now: Date;
  readonly clientId: string;
  readonly mutationId: number;
  /**
   * Work for once the mutation's transaction has committed (a feature offering its read cache the
   * state the mutation wrote: tournaments/live.ts changesOfferedAfterCommit); not run if it rolls back.
   */
  readonly afterCommit: (task: () => void) => void;
}

/** What a mutator's `prepare` sees: the database outside any transaction, after the push's earlier mutations committed. */
export interface PrepareContext {
  readonly db: Kysely<Database>;
  readonly database: AppDatabase;
  readonly user: UserRow;
  readonly now: Date;
}

export type MutatorOutcome = { status: 'applied' } | ({ status: 'rejected' } & Refusal);

/** The mutations applied in runs (schema/mutations.ts RUN_MUTATIONS; ./mutators.ts RunMutatorDefinition). */
export type RunMutationName = (typeof RUN_MUTATIONS)[number];

/** Every other mutation: each applied on its own by its mutator (./mutators.ts MutatorDefinition). */
export type GenericMutationName = Exclude<MutationName, RunMutationName>;

/** What a run's `apply` sees: the push's transaction. */
export interface RunContext {
  readonly trx: Transaction<Database>;
  readonly database: AppDatabase;
  readonly user: UserRow;
  readonly now: Date;
}

/** A run mutator's answer for one mutation: a duplicate is a mutation whose work was stored before (a game id seen). */
export type RunOutcome = { status: 'applied' | 'duplicate' } | ({ status: 'rejected' } & Refusal);
