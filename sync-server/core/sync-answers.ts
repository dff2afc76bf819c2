import type { Kysely } from 'kysely';
import type { AuthUser, GameHistoryItem, PullRequest } from '../../schema';
import type { AppDatabase } from './db/connect';
import type { Database, UserRow } from './db/types';

/**
 * What the features add to the sync protocol's answers (issue 27): app.ts hands them to the sync
 * routes (sync-server/sync/routes.ts), which name no feature.
 */

/** Who a push or pull answers, and in which protocol. */
export interface SyncAnswerEnvironment {
  readonly db: Kysely<Database>;
  readonly database: AppDatabase;
  readonly user: UserRow;
  readonly now: Date;
  /** The request's protocol (schema/sync.ts SYNC_PROTOCOL): a field answers from the protocol that knows it. */
  readonly protocol: number;
}

/** An array field of an answer, its items as JSON texts (made once and kept as text: tournaments/live.ts). */
export interface AnswerField {
  readonly name: string;
  readonly items: readonly string[];
}

/**
 * A feature's part of the answers: null adds nothing and leaves the answer as it is; a field
 * (even with no items) makes the answer JSON text with the field's items, where it has any.
 */
export interface SyncContribution {
  /** After a push has been applied: `mutations` as the client sent them. */
  pushAnswer?(mutations: readonly unknown[], env: SyncAnswerEnvironment): Promise<AnswerField | null>;
  /** A pull of protocol 2 or later (an empty body: none). */
  pullAnswer?(request: PullRequest | null | undefined, env: SyncAnswerEnvironment): Promise<AnswerField | null>;
}

/** `body` as JSON text with each field's items as its array (a field without items: left out). */
export function withAnswerFields(body: object, fields: readonly AnswerField[]): string {
  let json = JSON.stringify(body);
  for (const field of fields) {
    if (field.items.length > 0) json = `${json.slice(0, -1)},${JSON.stringify(field.name)}:[${field.items.join(',')}]}`;
  }
  return json;
}

/** What a pull reads of the features (auth's account, games' history items), handed in by app.ts. */
export interface PullSources {
  /** The account as the client reads it. */
  account(db: Kysely<Database>, row: UserRow): Promise<AuthUser>;
  /**
   * Protocol 1: at most `limit` of the user's games stored after version `after` and up to
   * `upTo`, in version order (then id), as history items with their versions.
   */
  legacyGames(db: Kysely<Database>, userId: number, range: { after: number; upTo: number }, limit: number): Promise<{ syncVersion: number; item: GameHistoryItem }[]>;
}
