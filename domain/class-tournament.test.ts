import { describe, expect, it } from 'vitest';
import { defaultSwissRounds, enterClassPlayers } from './class-tournament';
import { context, makeSnapshot, registration } from './tournament-admin/fixtures';

const player = (userId: number) => ({ userId, username: `Kid${userId}`, eloRating: null });

describe('enterClassPlayers', () => {
  it('enters new players as confirmed, confirms pending and waitlisted ones, leaves confirmed and cancelled ones', () => {
    const snapshot = makeSnapshot({ status: 'registration_closed' });
    snapshot.registrations = [registration(1, 'confirmed'), registration(2, 'pending'), registration(3, 'waitlisted'), registration(4, 'cancelled')];
    const result = enterClassPlayers(snapshot, [1, 2, 3, 4, 5].map(player), context());
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.added).toBe(3);
    const status = Object.fromEntries(result.value.snapshot.registrations.map((entry) => [entry.userId, entry.status]));
    expect(status).toEqual({ 1: 'confirmed', 2: 'confirmed', 3: 'confirmed', 4: 'cancelled', 5: 'confirmed' });
    const made = result.value.snapshot.registrations.find((entry) => entry.userId === 5);
    expect(made).toMatchObject({ id: -1, userName: 'Kid5', status: 'confirmed', userEmail: null });
    // The snapshot it was given is unchanged (the server's read cache shares it).
    expect(snapshot.registrations.map((entry) => entry.status)).toEqual(['confirmed', 'pending', 'waitlisted', 'cancelled']);
  });

  it.each([
    ['draft', true],
    ['registration_open', true],
    ['registration_closed', true],
    ['in_progress', false],
    ['completed', false],
    ['cancelled', false],
  ] as const)('in a tournament %s: allowed %s', (status, allowed) => {
    const result = enterClassPlayers(makeSnapshot({ status }), [player(1)], context());
    expect(result.ok).toBe(allowed);
    if (!result.ok) expect(result.error).toMatchObject({ code: 'ERR_WRONG_STATUS', status: 409 });
  });

  it('refuses the whole class when the confirmed players would pass maxParticipants', () => {
    const snapshot = makeSnapshot({ status: 'draft', players: 3, maxParticipants: 5 });
    expect(enterClassPlayers(snapshot, [4, 5].map(player), context()).ok).toBe(true);
    const refused = enterClassPlayers(snapshot, [4, 5, 6].map(player), context());
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toMatchObject({ code: 'ERR_FULL', status: 409 });
    // Players already confirmed take no new place.
    expect(enterClassPlayers(snapshot, [1, 2, 3, 4, 5].map(player), context()).ok).toBe(true);
  });
});

describe('defaultSwissRounds', () => {
  it.each([
    [0, 1],
    [2, 1],
    [3, 2],
    [8, 3],
    [9, 4],
    [20, 5],
    [32, 5],
    [33, 6],
  ])('%i players: %i rounds', (players, rounds) => {
    expect(defaultSwissRounds(players)).toBe(rounds);
  });
});
