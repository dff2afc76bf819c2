/**
 * An organiser's action with the network off: the rule is applied to the stored snapshot (the
 * same pure function the server runs), the new snapshot is stored, and the matching mutation is
 * queued in the outbox. If queueing fails the old snapshot is put back, so the screen never shows
 * a change the server will not hear of. A refusal by the rule is thrown as its message.
 */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MutationArgs, MutationName } from '../../../schema';
import { currentUserId } from '../auth';
import { enqueue } from '../../shared/outbox';
import { noteLocalChange, readSnapshot, writeSnapshot } from './tournament-store';
import type { Snapshot } from './tournament-snapshot';

export interface LocalStep<N extends MutationName> {
  snapshot: Snapshot;
  mutation: { name: N; args: MutationArgs<N> };
}

export type LocalRule<N extends MutationName> = (snapshot: Snapshot) => LocalStep<N> | Promise<LocalStep<N>>;

/** Serialises actions per tournament, so two quick clicks never read the same old snapshot. */
const queues = new Map<number, Promise<unknown>>();

export function runLocal<N extends MutationName>(tournamentId: number, rule: LocalRule<N>): Promise<void> {
  const previous = queues.get(tournamentId) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(async () => {
    const userId = currentUserId();
    if (userId === null) throw new Error(i18n._(msg`Sign in again to change this tournament.`));
    const before = await readSnapshot(tournamentId);
    if (!before) throw new Error(i18n._(msg`Open this tournament once while online first.`));
    const step = await rule(before);
    noteLocalChange(tournamentId);
    await writeSnapshot(tournamentId, step.snapshot, false);
    try {
      await enqueue(userId, step.mutation.name, step.mutation.args);
    } catch (error) {
      await writeSnapshot(tournamentId, before, false);
      throw error;
    }
  });
  queues.set(tournamentId, next);
  return next;
}
