import { describe, expect, it } from 'vitest';
import { addLateEntry, approveRegistration, registerForTournament, rejectRegistration, requestBye, withdrawRegistration } from './registrations';
import { context, makeSnapshot, registration, value } from './fixtures';
import type { Snapshot } from './model';

const player = (id: number) => context({ user: { id, username: `Player ${id}`, eloRating: 1400 }, canManage: false });
const statusOf = (snapshot: Snapshot, userId: number) => snapshot.registrations.find((entry) => entry.userId === userId)?.status;

describe('registering', () => {
  it.each([
    ['registration_open', true],
    ['draft', false],
    ['registration_closed', false],
    ['in_progress', false],
  ] as const)('while %s: allowed %s', (status, allowed) => {
    expect(registerForTournament(makeSnapshot({ status }), {}, player(50)).ok).toBe(allowed);
  });

  it('is pending, or waitlisted when the field is full; twice is one registration', () => {
    const open = makeSnapshot({ status: 'registration_open', players: 2, maxParticipants: 3 });
    const first = value(registerForTournament(open, {}, player(50)));
    expect(statusOf(first, 50)).toBe('pending');
    expect(value(registerForTournament(first, {}, player(50))).registrations).toHaveLength(3);
    const full = makeSnapshot({ status: 'registration_open', players: 3, maxParticipants: 3 });
    expect(statusOf(value(registerForTournament(full, {}, player(50))), 50)).toBe('waitlisted');
  });
});

describe('approving, rejecting, withdrawing', () => {
  const base = (max: number | null) => {
    const snapshot = makeSnapshot({ status: 'registration_open', players: 2, maxParticipants: max });
    return { ...snapshot, registrations: [...snapshot.registrations, registration(3, 'pending'), registration(4, 'waitlisted')] };
  };
  it.each([
    ['pending with room', null, 3, 'confirmed'],
    ['waitlisted with room', null, 4, 'confirmed'],
    ['pending when full goes to the waitlist', 2, 3, 'waitlisted'],
    ['confirmed stays confirmed', null, 1, 'confirmed'],
  ] as const)('approve %s', (_name, max, userId, expected) => {
    expect(statusOf(value(approveRegistration(base(max), { userId }, context())), userId)).toBe(expected);
  });

  it('promotes a waitlisted player once there is room', () => {
    const full = base(2);
    expect(approveRegistration(full, { userId: 4 }, context()).ok).toBe(false);
    const withdrawn = value(withdrawRegistration(full, { userId: 1 }, context()));
    expect(statusOf(value(approveRegistration(withdrawn, { userId: 4 }, context())), 4)).toBe('confirmed');
  });

  it('rejects with a reason only', () => {
    expect(rejectRegistration(base(null), { userId: 3, reason: '  ' }, context()).ok).toBe(false);
    const rejected = value(rejectRegistration(base(null), { userId: 3, reason: 'Over the age limit' }, context()));
    expect(rejected.registrations.find((entry) => entry.userId === 3)).toMatchObject({ status: 'cancelled', cancellationReason: 'Over the age limit' });
    expect(rejectRegistration(base(null), { userId: 1, reason: 'x' }, context()).ok).toBe(false);
  });

  it.each([
    ['the organiser', context(), true],
    ['the player', player(3), true],
    ['another player', player(2), false],
  ] as const)('withdraw by %s', (_name, ctx, allowed) => {
    expect(withdrawRegistration(base(null), { userId: 3 }, ctx).ok).toBe(allowed);
  });

  it('approve and reject are the organiser\'s', () => {
    expect(approveRegistration(base(null), { userId: 3 }, player(3)).ok).toBe(false);
    expect(rejectRegistration(base(null), { userId: 3, reason: 'x' }, player(3)).ok).toBe(false);
  });
});

describe('late entries and byes', () => {
  const running = () => {
    const snapshot = makeSnapshot({ status: 'in_progress', players: 4 });
    return { ...snapshot, rounds: [{ id: 1, roundNumber: 1, name: 'Round 1', status: 'completed' as const, gamesCount: 0, completedGames: 0, startTime: null, pairings: [] }] };
  };
  it('joins the next round unpaired with the points chosen', () => {
    const entered = value(addLateEntry(running(), { userId: 9, userName: 'Late', userElo: 1500, missedRounds: 'half' }, context()));
    expect(entered.registrations.find((entry) => entry.userId === 9)).toMatchObject({ status: 'confirmed', lateEntry: { fromRound: 2, missedRounds: 'half' } });
  });
  it.each([
    ['before the start', makeSnapshot({ status: 'registration_closed' })],
    ['in a round robin', makeSnapshot({ status: 'in_progress', format: 'round_robin' })],
  ])('is refused %s', (_name, snapshot) => {
    expect(addLateEntry(snapshot, { userId: 9, userName: 'Late', userElo: null, missedRounds: 'zero' }, context()).ok).toBe(false);
  });

  it.each([
    ['a future round', 2, 'half', true],
    ['a round already paired', 1, 'zero', false],
    ['beyond the last round', 6, 'zero', false],
  ] as const)('a bye for %s', (_name, roundNumber, kind, allowed) => {
    const result = requestBye(running(), { userId: 2, roundNumber, kind }, player(2));
    expect(result.ok).toBe(allowed);
    if (result.ok) expect(result.value.registrations.find((entry) => entry.userId === 2)?.byes).toEqual([{ roundNumber, kind }]);
  });
  it('a bye is the player\'s own or the organiser\'s', () => {
    expect(requestBye(running(), { userId: 2, roundNumber: 2, kind: 'half' }, player(3)).ok).toBe(false);
    expect(requestBye(running(), { userId: 2, roundNumber: 2, kind: 'half' }, context()).ok).toBe(true);
  });
});
