/**
 * What a mutator is (sync-server/sync/mutators.ts lists them; the feature mutator files, such as
 * tournaments/mutators.ts, write theirs against these types). Its own module, importing no
 * mutator, so a feature's mutators and the list of every mutator never import each other
 * (scripts/import-cycles.test.ts, issue 22).
 */
import type { Transaction } from 'kysely';
import type { MutationArgs, MutationName } from '../../schema';
import type { AppDatabase } from '../db/connect';
import type { Database, UserRow } from '../db/types';
import type { TournamentChanges } from '../tournaments/live';

export interface MutationContext {
  readonly trx: Transaction<Database>;
  readonly database: AppDatabase;
  /** The signed-in user who pushed it (whose client queued it). */
  readonly user: UserRow;
  readonly now: Date;
  readonly clientId: string;
  readonly mutationId: number;
  /** Where tournament actions leave their new snapshots, offered to the read cache after the commit. */
  readonly tournamentChanges?: TournamentChanges;
  /** addClassStudents: its passwords' hashes, made by the push before its transaction (./push.ts). */
  readonly passwordHashes?: readonly string[] | undefined;
}

export type MutatorOutcome = { status: 'applied' } | { status: 'rejected'; error: string };

export type Mutator<N extends MutationName> = (args: MutationArgs<N>, context: MutationContext) => Promise<MutatorOutcome>;

export type GenericMutationName = Exclude<MutationName, 'saveGame'>;
