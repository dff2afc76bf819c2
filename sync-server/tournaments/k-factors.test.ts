import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registrationSchema, roundSchema, roundWithPairingsSchema, tournamentSnapshotSchema, type Role } from '../../schema';
import { twoSchools, type Method, type TwoSchools } from '../testing/two-schools';
import { expectJsonError, type Account } from '../testing/test-server';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

/**
 * Issue 29: the K factor the arbiter sets for a player (40, 20 or 10; FIDE B.02 8.3.3) on the
 * Rating report tab, kept in the tournament's arbiter settings beside the pairing rules, set by
 * PATCH or by the updateTournament mutation (the outbox), refused to a second school's organiser
 * and to a player, and used by the rating record written when the event completes.
 */

let world: TwoSchools;
let organizerA: Account;
let organizerB: Account;
let pupils: Account[];

const person = (role: Role, scope: string | null, home: number | null): Promise<Account> => world.person(role, { scopes: [scope], home });

beforeAll(async () => {
  world = await twoSchools({}, 'high_school');
  const { orgA, orgB } = world;
  organizerA = await person('organizer', `organization:${orgA}`, null);
  organizerB = await person('organizer', `organization:${orgB}`, null);
  pupils = [await person('student', null, orgA), await person('student', null, orgA)];
  // Two adults rated 1800, no year of birth: K 20 by the rule.
  for (const pupil of pupils) await world.test.database.db.updateTable('users').set({ eloRating: 1800 }).where('id', '=', pupil.user.id).execute();
});

afterAll(() => world.close());

const call = (who: Account, method: Method, url: string, payload?: unknown) => world.call(who, method, url, payload);

async function ok(response: Awaited<ReturnType<typeof call>>, status = 200): Promise<unknown> {
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}

/** A's one-round Swiss in progress with the two pupils. */
async function running(): Promise<number> {
  const { id } = (await ok(
    await call(organizerA, 'POST', '/api/tournaments', {
      name: 'Rated Open',
      startDate: '2026-12-01T09:00:00.000Z',
      endDate: '2026-12-01T18:00:00.000Z',
      registrationStartDate: '2026-11-01T00:00:00.000Z',
      registrationEndDate: '2026-11-30T00:00:00.000Z',
      timeControl: { type: 'rapid', minutes: 15, increment: 10 },
      rounds: 1,
    }),
    201,
  )) as { id: number };
  await ok(await call(organizerA, 'PATCH', `/api/tournaments/${id}`, { status: 'registration_open' }));
  for (const pupil of pupils) {
    const registration = registrationSchema.parse(await ok(await call(pupil, 'POST', `/api/tournaments/${id}/register`, { sectionId: 1 }), 201));
    await ok(await call(organizerA, 'PUT', `/api/registrations/${registration.id}/approve`));
  }
  await ok(await call(organizerA, 'PATCH', `/api/tournaments/${id}`, { status: 'registration_closed' }));
  await ok(await call(organizerA, 'PATCH', `/api/tournaments/${id}`, { status: 'in_progress' }));
  return id;
}

const kFactorsOf = async (id: number) => tournamentSnapshotSchema.parse(await ok(await call(organizerA, 'GET', `/api/tournaments/${id}/snapshot`))).tournament.kFactors;

describe('the arbiter\'s K factors (issue 29)', () => {
  it('keeps the K a manager sets, by PATCH and through the outbox, and refuses bad values', async () => {
    const id = await running();
    const [first, second] = pupils as [Account, Account];
    await ok(await call(organizerA, 'PATCH', `/api/tournaments/${id}`, { kFactors: { [first.user.id]: 40 } }));
    expect(await kFactorsOf(id)).toEqual({ [first.user.id]: 40 });
    const [pushed] = await world.push(organizerA, [{ name: 'updateTournament', args: { tournamentId: id, fields: { kFactors: { [second.user.id]: 10 } } } }]);
    expect(pushed?.status, JSON.stringify(pushed)).toBe('applied');
    expect(await kFactorsOf(id)).toEqual({ [first.user.id]: 40, [second.user.id]: 10 });
    await ok(await call(organizerA, 'PATCH', `/api/tournaments/${id}`, { kFactors: { [second.user.id]: null } }));
    expect(await kFactorsOf(id)).toEqual({ [first.user.id]: 40 });
    for (const bad of [{ [first.user.id]: 30 }, { abc: 40 }, {}]) {
      expectJsonError(await call(organizerA, 'PATCH', `/api/tournaments/${id}`, { kFactors: bad }), 400);
    }
    expect(await kFactorsOf(id)).toEqual({ [first.user.id]: 40 });
  });

  it('refuses a second school\'s organiser and a player', async () => {
    const id = await running();
    const [first] = pupils as [Account];
    for (const who of [organizerB, first]) {
      const response = await call(who, 'PATCH', `/api/tournaments/${id}`, { kFactors: { [first.user.id]: 40 } });
      expect([403, 404], response.body).toContain(response.statusCode);
      const [pushed] = await world.push(who, [{ name: 'updateTournament', args: { tournamentId: id, fields: { kFactors: { [first.user.id]: 40 } } } }]);
      expect(pushed?.status, JSON.stringify(pushed)).not.toBe('applied');
    }
    expect(await kFactorsOf(id)).toBeUndefined();
  });

  it('rates with the K set when the event completes', async () => {
    const id = await running();
    const [first, second] = pupils as [Account, Account];
    await ok(await call(organizerA, 'PATCH', `/api/tournaments/${id}`, { kFactors: { [first.user.id]: 40 } }));
    const round = roundSchema.parse(await ok(await call(organizerA, 'POST', `/api/tournaments/${id}/rounds`, { roundNumber: 1, name: 'Round 1' }), 201));
    const paired = roundWithPairingsSchema.parse(await ok(await call(organizerA, 'POST', `/api/rounds/${round.id}/pairings`, {})));
    await ok(await call(organizerA, 'PUT', `/api/rounds/${round.id}/start`));
    const board = paired.pairings[0];
    const result = board?.whitePlayerId === first.user.id ? '1-0' : '0-1';
    await ok(await call(organizerA, 'PUT', `/api/games/${board?.gameId}/result`, { result, resultReason: 'resignation' }));
    await ok(await call(organizerA, 'PATCH', `/api/tournaments/${id}`, { status: 'completed' }));
    const rows = await world.test.database.db.selectFrom('ratingSnapshots').select(['userId', 'ratingChange']).where('tournamentId', '=', id).execute();
    // Equal ratings, expected 0.50: the winner with K 40 gains 20, the loser by the rule (K 20) loses 10.
    expect(Object.fromEntries(rows.map((row) => [row.userId, row.ratingChange]))).toEqual({ [first.user.id]: 20, [second.user.id]: -10 });
  });
});
