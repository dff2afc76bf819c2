/**
 * What a mutator is: the contexts it runs in and what it answers (./mutators.ts defines them;
 * each feature lists its own in its mutators file, and app.ts hands the list of them all to the
 * sync routes). In core/, so that a feature's mutators and the sync core never import each other
 * (issue 27).
 */
import type { Kysely, Transaction } from 'kysely';
import type { MutationName } from '../../schema';
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

/** Every mutation but saveGame, whose games the push replays and stores itself (sync-server/sync/push.ts). */
export type GenericMutationName = Exclude<MutationName, 'saveGame'>;
