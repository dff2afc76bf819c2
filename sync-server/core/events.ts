import type { Kysely, Transaction } from 'kysely';
import type { Database } from './db/types';

/**
 * Domain events (issue 27), as lila's clas module subscribes to finished games: a feature that
 * stores a fact says so with `emit`, inside the transaction that wrote it, and the features that
 * react to it `subscribe` from their own folder; the emitting feature knows none of them, and this
 * bus knows no feature. Each emitting feature adds its event to `AppEvents` beside the code that
 * emits it (`declare module '../core/events'`).
 */

type Db = Kysely<Database> | Transaction<Database>;

/** Event name -> its payload; empty here, filled in by the features that emit (see above). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an interface the features extend by declaration merging
export interface AppEvents {}

export type Subscriber<E extends keyof AppEvents> = (db: Db, event: AppEvents[E]) => Promise<void>;

const subscribers = new Map<keyof AppEvents, Subscriber<never>[]>();

/** Adds `subscriber` to the event `name`: once, when the subscribing module loads (app.ts imports it). */
export function subscribe<E extends keyof AppEvents>(name: E, subscriber: Subscriber<E>): void {
  subscribers.set(name, [...(subscribers.get(name) ?? []), subscriber as Subscriber<never>]);
}

/** Runs every subscriber of `name`, in order, in the caller's transaction (a failure rolls the fact back with it). */
export async function emit<E extends keyof AppEvents>(db: Db, name: E, event: AppEvents[E]): Promise<void> {
  for (const subscriber of (subscribers.get(name) ?? []) as Subscriber<E>[]) await subscriber(db, event);
}
