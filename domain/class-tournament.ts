/**
 * Class tournaments (issue 19): the rule that enters a class's students in a tournament as
 * confirmed players (the teacher organises it, so there is nothing to approve), and the number of
 * Swiss rounds a field of that size gets by default. Pure: the server runs it on the snapshot it
 * loads, in the same transaction that writes what it changed.
 */
import { type Registration } from '../schema';
import { ok, type Result } from './result-type';
import { fail, type ActionContext, type AdminError, type Snapshot } from './tournament-admin';

export interface ClassPlayer {
  readonly userId: number;
  readonly username: string;
  readonly eloRating: number | null;
}

/** Before the first round: afterwards a player joins as a late entry, with the points of the rounds they missed. */
const OPEN_STATUSES: ReadonlySet<Snapshot['tournament']['status']> = new Set(['draft', 'registration_open', 'registration_closed']);

/**
 * Every player becomes a confirmed registration: a new one, or their pending or waitlisted one
 * confirmed. A confirmed player is left as they are, and so is a cancelled registration (the
 * player withdrew or was turned down: the organiser decides about them one by one). Refused as a
 * whole when the tournament has started or the confirmed players would pass maxParticipants.
 */
export function enterClassPlayers(snapshot: Snapshot, players: readonly ClassPlayer[], ctx: ActionContext): Result<{ snapshot: Snapshot; added: number }, AdminError> {
  if (!OPEN_STATUSES.has(snapshot.tournament.status)) return fail('ERR_WRONG_STATUS', 'ERR_CLASS_TOURNAMENT_STARTED');
  const byUser = new Map(snapshot.registrations.map((entry) => [entry.userId, entry]));
  const registrations = [...snapshot.registrations];
  let added = 0;
  for (const player of players) {
    const existing = byUser.get(player.userId);
    if (existing === undefined) {
      const registration: Registration = {
        id: ctx.newId(),
        userId: player.userId,
        userName: player.username,
        userEmail: null,
        userElo: player.eloRating,
        status: 'confirmed',
        createdAt: ctx.now,
        emergencyContact: null,
        medicalConditions: null,
        cancellationReason: null,
        lateEntry: null,
        byes: [],
      };
      registrations.push(registration);
      byUser.set(player.userId, registration);
      added += 1;
    } else if (existing.status === 'pending' || existing.status === 'waitlisted') {
      const confirmed: Registration = { ...existing, status: 'confirmed' };
      registrations[registrations.indexOf(existing)] = confirmed;
      byUser.set(player.userId, confirmed);
      added += 1;
    }
  }
  const max = snapshot.tournament.maxParticipants;
  if (max !== null && registrations.filter((entry) => entry.status === 'confirmed').length > max) return fail('ERR_FULL', 'ERR_CLASS_TOURNAMENT_FULL');
  return ok({ snapshot: { ...snapshot, registrations }, added });
}

/** A Swiss of ceil(log2(players)) rounds, so one player can finish ahead of the rest: 5 for a class of 20 to 32. */
export function defaultSwissRounds(players: number): number {
  return Math.min(20, Math.max(1, Math.ceil(Math.log2(Math.max(players, 2)))));
}
