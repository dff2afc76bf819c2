/**
 * Registrations: a player registers (pending, or waitlisted when the field is full), the organiser
 * approves (pending or waitlisted -> confirmed while there is room) or rejects with a reason, a
 * player withdraws, the organiser adds a late entry while the tournament is in progress, and a
 * player or the organiser requests a half-point or zero-point bye for a round not yet paired.
 * Rejected and withdrawn registrations are 'cancelled' with their reason.
 */
import type { Registration } from '../../schema';
import { ok } from '../result-type';
import { fail, findRound, type ActionContext, type AdminResult, type RuleArgs, type Snapshot } from './model';

export const WITHDRAWN_REASON = 'Withdrawn';

const confirmedCount = (snapshot: Snapshot) => snapshot.registrations.filter((entry) => entry.status === 'confirmed').length;

export function isFull(snapshot: Snapshot): boolean {
  const max = snapshot.tournament.maxParticipants;
  return max !== null && confirmedCount(snapshot) >= max;
}

function findRegistration(snapshot: Snapshot, userId: number): Registration | undefined {
  return snapshot.registrations.find((entry) => entry.userId === userId);
}

function replace(snapshot: Snapshot, registration: Registration): Snapshot {
  const exists = snapshot.registrations.some((entry) => entry.userId === registration.userId);
  return {
    ...snapshot,
    registrations: exists
      ? snapshot.registrations.map((entry) => (entry.userId === registration.userId ? registration : entry))
      : [...snapshot.registrations, registration],
  };
}


export function registerForTournament(snapshot: Snapshot, _args: unknown, ctx: ActionContext): AdminResult {
  if (snapshot.tournament.status !== 'registration_open') return fail('ERR_WRONG_STATUS', 'ERR_REGISTRATION_NOT_OPEN');
  const existing = findRegistration(snapshot, ctx.user.id);
  if (existing && existing.status !== 'cancelled') return ok(snapshot);
  const registration: Registration = {
    id: existing?.id ?? ctx.newId(),
    userId: ctx.user.id,
    userName: ctx.user.username,
    userEmail: existing?.userEmail ?? null,
    userElo: ctx.user.eloRating,
    status: isFull(snapshot) ? 'waitlisted' : 'pending',
    createdAt: ctx.now,
    emergencyContact: existing?.emergencyContact ?? null,
    medicalConditions: existing?.medicalConditions ?? null,
    cancellationReason: null,
    lateEntry: null,
    byes: [],
  };
  return ok(replace(snapshot, registration));
}

/** Pending -> confirmed (or waitlisted when full); waitlisted -> confirmed when there is room. */
export function approveRegistration(snapshot: Snapshot, args: RuleArgs<'approveRegistration'>, ctx: ActionContext): AdminResult {
  if (!ctx.canManage) return fail('ERR_FORBIDDEN', 'ERR_MANAGERS_ONLY');
  const registration = findRegistration(snapshot, args.userId);
  if (!registration) return fail('ERR_NOT_FOUND', 'ERR_NOT_REGISTERED');
  if (registration.status === 'confirmed') return ok(snapshot);
  if (registration.status === 'cancelled') return fail('ERR_WRONG_STATUS', 'ERR_CANCELLED_NOT_APPROVED');
  if (snapshot.tournament.status === 'completed' || snapshot.tournament.status === 'cancelled') {
    return fail('ERR_WRONG_STATUS', 'ERR_REGISTRATIONS_FINISHED');
  }
  if (isFull(snapshot)) {
    if (registration.status === 'waitlisted') return fail('ERR_FULL', 'ERR_FULL_RAISE_MAXIMUM');
    return ok(replace(snapshot, { ...registration, status: 'waitlisted' }));
  }
  return ok(replace(snapshot, { ...registration, status: 'confirmed' }));
}

export function rejectRegistration(snapshot: Snapshot, args: RuleArgs<'rejectRegistration'>, ctx: ActionContext): AdminResult {
  if (!ctx.canManage) return fail('ERR_FORBIDDEN', 'ERR_MANAGERS_ONLY');
  const reason = args.reason.trim();
  if (reason === '') return fail('ERR_WRONG_STATUS', 'ERR_REJECT_REASON_REQUIRED');
  const registration = findRegistration(snapshot, args.userId);
  if (!registration) return fail('ERR_NOT_FOUND', 'ERR_NOT_REGISTERED');
  if (registration.status !== 'pending' && registration.status !== 'waitlisted') {
    return fail('ERR_WRONG_STATUS', 'ERR_ONLY_PENDING_REJECTED');
  }
  return ok(replace(snapshot, { ...registration, status: 'cancelled', cancellationReason: reason }));
}

/** The player themself or the organiser; the player's games so far stay, later rounds leave them out. */
export function withdrawRegistration(snapshot: Snapshot, args: RuleArgs<'withdrawRegistration'>, ctx: ActionContext): AdminResult {
  if (!ctx.canManage && ctx.user.id !== args.userId) return fail('ERR_FORBIDDEN', 'ERR_WITHDRAW_OWN');
  const registration = findRegistration(snapshot, args.userId);
  if (!registration) return fail('ERR_NOT_FOUND', 'ERR_NOT_REGISTERED');
  if (registration.status === 'cancelled') return ok(snapshot);
  if (snapshot.tournament.status === 'completed' || snapshot.tournament.status === 'cancelled') {
    return fail('ERR_WRONG_STATUS', 'ERR_REGISTRATIONS_FINISHED');
  }
  return ok(replace(snapshot, { ...registration, status: 'cancelled', cancellationReason: WITHDRAWN_REASON }));
}

/** The first round not yet paired: where a late entrant or a bye request starts. */
export function nextUnpairedRound(snapshot: Snapshot): number {
  const paired = snapshot.rounds.filter((round) => round.status !== 'created').map((round) => round.roundNumber);
  return paired.length === 0 ? 1 : Math.max(...paired) + 1;
}

/**
 * A late entry while the tournament is in progress: confirmed at once, paired from the next round
 * not yet paired, scoring zero (or, the organiser's choice, half a point) for each round missed.
 */
export function addLateEntry(
  snapshot: Snapshot,
  args: RuleArgs<'addLateEntry'>,
  ctx: ActionContext,
): AdminResult {
  if (!ctx.canManage) return fail('ERR_FORBIDDEN', 'ERR_MANAGERS_ONLY');
  if (snapshot.tournament.status !== 'in_progress') return fail('ERR_WRONG_STATUS', 'ERR_LATE_ENTRY_NOT_IN_PROGRESS');
  if (snapshot.tournament.format !== 'swiss') return fail('ERR_WRONG_STATUS', 'ERR_LATE_ENTRY_SWISS_ONLY');
  const existing = findRegistration(snapshot, args.userId);
  if (existing?.status === 'confirmed') return ok(snapshot);
  const registration: Registration = {
    id: existing?.id ?? ctx.newId(),
    userId: args.userId,
    userName: existing?.userName ?? args.userName,
    userEmail: existing?.userEmail ?? null,
    userElo: existing?.userElo ?? args.userElo,
    status: 'confirmed',
    createdAt: existing?.createdAt ?? ctx.now,
    emergencyContact: existing?.emergencyContact ?? null,
    medicalConditions: existing?.medicalConditions ?? null,
    cancellationReason: null,
    lateEntry: { fromRound: nextUnpairedRound(snapshot), missedRounds: args.missedRounds },
    byes: existing?.byes ?? [],
  };
  return ok(replace(snapshot, registration));
}

/** A requested half-point or zero-point bye (Swiss only) for a round not yet paired. */
export function requestBye(
  snapshot: Snapshot,
  args: RuleArgs<'requestBye'>,
  ctx: ActionContext,
): AdminResult {
  if (!ctx.canManage && ctx.user.id !== args.userId) return fail('ERR_FORBIDDEN', 'ERR_BYE_FOR_YOURSELF');
  if (snapshot.tournament.format !== 'swiss') return fail('ERR_BYE', 'ERR_BYE_SWISS_ONLY');
  if (snapshot.tournament.status === 'completed' || snapshot.tournament.status === 'cancelled') {
    return fail('ERR_WRONG_STATUS', 'ERR_REGISTRATIONS_FINISHED');
  }
  const registration = findRegistration(snapshot, args.userId);
  if (!registration || registration.status === 'cancelled') return fail('ERR_NOT_FOUND', 'ERR_NOT_REGISTERED');
  const total = snapshot.tournament.rounds;
  if (total !== null && args.roundNumber > total) return fail('ERR_BYE', 'ERR_ONLY_ROUNDS', { total });
  const round = findRound(snapshot, args.roundNumber);
  if (args.roundNumber < nextUnpairedRound(snapshot) || (round && round.status !== 'created')) {
    return fail('ERR_BYE', 'ERR_BYE_ROUND_PAIRED', { round: args.roundNumber });
  }
  const byes = [...registration.byes.filter((bye) => bye.roundNumber !== args.roundNumber), { roundNumber: args.roundNumber, kind: args.kind }]
    .sort((a, b) => a.roundNumber - b.roundNumber);
  return ok(replace(snapshot, { ...registration, byes }));
}
