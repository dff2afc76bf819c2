/**
 * What a mutator is (sync-server/sync/mutators.ts lists them; the feature mutator files, such as
 * tournaments/mutators.ts, write theirs against these types). Its own module, importing no
 * mutator, so a feature's mutators and the list of every mutator never import each other
 * (scripts/import-cycles.test.ts, issue 22); in core/, so that no feature folder imports sync/
 * while sync/ imports it (issue 27).
 */
import type { Kysely, Transaction } from 'kysely';
import type { MutationArgs, MutationName } from '../../schema';
import type { AppDatabase } from './db/connect';
import type { Database, UserRow } from './db/types';

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

export type MutatorOutcome = { status: 'applied' } | { status: 'rejected'; error: string };

export type Mutator<N extends MutationName> = (args: MutationArgs<N>, context: MutationContext) => Promise<MutatorOutcome>;

/**
 * A mutator with slow work to do before its transaction, which must not hold the database (issue
 * 26: hashing a class's passwords). The push calls `prepare` just before the mutation's own
 * transaction, with the earlier mutations of the push committed; it checks what it can first and
 * refuses as a mutator does (a 4xx httpError) before doing the work; what it answers is handed to
 * `apply`, which checks everything again inside the transaction.
 */
export interface PreparedMutator<N extends MutationName, P> {
  prepare(args: MutationArgs<N>, context: PrepareContext): Promise<P>;
  apply(args: MutationArgs<N>, context: MutationContext, prepared: P): Promise<MutatorOutcome>;
}

export type GenericMutationName = Exclude<MutationName, 'saveGame'>;
