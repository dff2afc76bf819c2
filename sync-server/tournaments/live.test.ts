import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../schema';
import { livePushResponseSchema, pullResponseSchema, registrationSchema, roundSchema, roundWithPairingsSchema, SYNC_PROTOCOL, tournamentSnapshotSchema, type FollowedTournament } from '../../schema';
import type { TestDatabase } from '../core/test-db';
import { twoSchools, type Method, type TwoSchools } from '../testing/two-schools';
import { uuid, type Account } from '../testing/test-server';
import { snapshotLoads } from './repository';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

/**
 * Live at the venue (issue 22): a tournament's version is bumped by every change, a push answers
 * the tournaments it named at their new version, a pull answers only the followed tournaments
 * whose version changed, each as its viewer may see it (schools A and B as in ../tenancy.test.ts).
 */

let world: TwoSchools;
let test: TestDatabase;
let organizerA: Account;
let arbiterA: Account;
let organizerB: Account;
let childB: Account;
let pupils: Account[];
let clients = 0;

/** A grant of `role` scoped to `scope` (none for a student), the account's school `home`. */
const person = (role: Role, scope: string | null, home: number | null): Promise<Account> => world.person(role, { scopes: [scope], home });

beforeAll(async () => {
  world = await twoSchools({}, 'high_school');
  test = world.test;
  const { orgA, orgB } = world;
  organizerA = await person('organizer', `organization:${orgA}`, null);
  arbiterA = await person('organizer', `organization:${orgA}`, null);
  organizerB = await person('organizer', `organization:${orgB}`, null);
  childB = await person('student', null, orgB);
  pupils = [];
  for (let i = 0; i < 4; i++) pupils.push(await person('student', null, orgA));
});

afterAll(() => world.close());

const call = (who: Account, method: Method, url: string, payload?: unknown) => world.call(who, method, url, payload);

async function ok<T>(response: Awaited<ReturnType<typeof call>>, parse: (value: unknown) => T, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return parse(response.json());
}

const version = async (id: number) => Number((await test.database.db.selectFrom('tournaments').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version);

const pull = async (who: Account, tournaments: FollowedTournament[]) =>
  ok(await call(who, 'POST', '/api/sync/pull', { protocol: SYNC_PROTOCOL, cursor: 0, tournaments }), (v) => pullResponseSchema.parse(v));

const push = async (who: Account, mutations: unknown[], clientId = uuid(++clients, 0x22)) =>
  ok(await call(who, 'POST', '/api/sync/push', { protocol: SYNC_PROTOCOL, clientId, mutations }), (v) => livePushResponseSchema.parse(v));

/** A's tournament in progress with the four pupils, round 1 paired and started (through the routes). */
async function startedTournament() {
  const created = await ok(
    await call(organizerA, 'POST', '/api/tournaments', {
      name: 'Venue Live',
      startDate: '2026-12-01T09:00:00.000Z',
      endDate: '2026-12-01T18:00:00.000Z',
      registrationStartDate: '2026-11-01T00:00:00.000Z',
      registrationEndDate: '2026-11-30T00:00:00.000Z',
      timeControl: { type: 'rapid', minutes: 15, increment: 10 },
      rounds: 3,
    }),
    (v) => v as { id: number },
    201,
  );
  const id = created.id;
  await ok(await call(organizerA, 'PATCH', `/api/tournaments/${id}`, { status: 'registration_open' }), (v) => v);
  const registrations: number[] = [];
  for (const pupil of pupils) {
    const registration = await ok(await call(pupil, 'POST', `/api/tournaments/${id}/register`, { sectionId: 1 }), (v) => registrationSchema.parse(v), 201);
    await ok(await call(organizerA, 'PUT', `/api/registrations/${registration.id}/approve`), (v) => v);
    registrations.push(registration.id);
  }
  await test.database.db.updateTable('registrations').set({ emergencyContact: 'Mother 98450 00000', medicalInfo: 'Asthma inhaler' }).where('id', '=', registrations[0] as number).execute();
  await test.database.db.updateTable('tournaments').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', id).execute();
  await ok(await call(organizerA, 'PATCH', `/api/tournaments/${id}`, { status: 'registration_closed' }), (v) => v);
  await ok(await call(organizerA, 'PATCH', `/api/tournaments/${id}`, { status: 'in_progress' }), (v) => v);
  const round = await ok(await call(organizerA, 'POST', `/api/tournaments/${id}/rounds`, { roundNumber: 1, name: 'Round 1' }), (v) => roundSchema.parse(v), 201);
  const paired = await ok(await call(organizerA, 'POST', `/api/rounds/${round.id}/pairings`, {}), (v) => roundWithPairingsSchema.parse(v));
  await ok(await call(organizerA, 'PUT', `/api/rounds/${round.id}/start`), (v) => v);
  const board = paired.pairings.find((pairing) => pairing.blackPlayerId !== null);
  if (!board || board.blackPlayerId === null) throw new Error('no board paired');
  const enterResult = { tournamentId: id, roundNumber: 1, boardNumber: board.boardNumber, whiteUserId: board.whitePlayerId, blackUserId: board.blackPlayerId, result: '1-0', resultReason: null };
  return { id, board, enterResult, firstRegistration: registrations[0] as number };
}

describe('live tournaments (issue 22)', () => {
  it('every change bumps the version; the snapshot carries it', async () => {
    const { id } = await startedTournament();
    const before = await version(id);
    expect(before).toBeGreaterThan(0);
    const snapshot = await ok(await call(organizerA, 'GET', `/api/tournaments/${id}/snapshot`), (v) => tournamentSnapshotSchema.parse(v));
    expect(snapshot.version).toBe(before);
    await ok(await call(organizerA, 'PATCH', `/api/tournaments/${id}`, { venue: 'Main hall' }), (v) => v);
    expect(await version(id)).toBe(before + 1);
  });

  it("a push's answer carries the new snapshot of the tournament it changed, with one snapshot load", async () => {
    const { id, board, enterResult } = await startedTournament();
    const before = await version(id);
    // The device opened the tournament (the read cache holds its snapshot at this version).
    await call(organizerA, 'GET', `/api/tournaments/${id}/snapshot`);
    const loads = snapshotLoads.count;
    const answer = await push(organizerA, [{ id: 1, name: 'enterResult', args: enterResult }]);
    expect(snapshotLoads.count - loads).toBe(1);
    expect(answer.results).toEqual([{ id: 1, status: 'applied' }]);
    expect(answer.tournaments?.map((each) => [each.id, each.version])).toEqual([[id, before + 1]]);
    const live = answer.tournaments?.[0];
    expect(live?.snapshot.viewerManages).toBe(true);
    expect(live?.snapshot.rounds[0]?.pairings.find((pairing) => pairing.boardNumber === board.boardNumber)?.gameResult).toBe('1-0');
    // A push of anything else answers no tournament; so does a protocol 2 client.
    const other = await push(organizerA, [{ id: 1, name: 'saveSettings', args: { theme: 'dark' } }]);
    expect(other.tournaments).toBeUndefined();
    const older = await ok(await call(organizerA, 'POST', '/api/sync/push', { protocol: 2, clientId: uuid(++clients, 0x22), mutations: [{ id: 1, name: 'enterResult', args: enterResult }] }), (v) => livePushResponseSchema.parse(v));
    expect(older.tournaments).toBeUndefined();
  });

  it('a pull answers only the followed tournaments whose version differs, from the read cache', async () => {
    const first = await startedTournament();
    const second = await startedTournament();
    const versions = { [first.id]: await version(first.id), [second.id]: await version(second.id) };
    const follows = (a: number | null, b: number | null) => [
      { id: first.id, version: a },
      { id: second.id, version: b },
      { id: 999_999, version: null },
    ];
    expect((await pull(arbiterA, follows(versions[first.id] ?? 0, versions[second.id] ?? 0))).tournaments).toBeUndefined();
    const answer = await pull(arbiterA, follows(versions[first.id] ?? 0, null));
    expect(answer.tournaments?.map((each) => each.id)).toEqual([second.id]);
    await push(organizerA, [{ id: 1, name: 'enterResult', args: first.enterResult }]);
    const loads = snapshotLoads.count;
    const after = await pull(arbiterA, follows(versions[first.id] ?? 0, versions[second.id] ?? 0));
    expect(after.tournaments?.map((each) => [each.id, each.version])).toEqual([[first.id, (versions[first.id] ?? 0) + 1]]);
    expect(after.tournaments?.[0]?.snapshot.rounds[0]?.pairings.find((pairing) => pairing.boardNumber === first.board.boardNumber)?.gameResult).toBe('1-0');
    // Other phones at the same version: no load, the same text.
    for (const pupil of pupils) expect((await pull(pupil, follows(versions[first.id] ?? 0, versions[second.id] ?? 0))).tournaments).toHaveLength(1);
    expect(snapshotLoads.count).toBe(loads);
  });

  it("a user of another organization gets only what anyone may see: no child's contact or medical notes, no managing", async () => {
    const { id, firstRegistration } = await startedTournament();
    const privateFields = (entry: { emergencyContact: string | null; medicalConditions: string | null; userEmail: string | null } | undefined) => [entry?.emergencyContact ?? null, entry?.medicalConditions ?? null, entry?.userEmail ?? null];
    const seen = async (who: Account) => {
      const live = (await pull(who, [{ id, version: null }])).tournaments?.[0];
      const entry = live?.ownRegistration?.id === firstRegistration ? live.ownRegistration : live?.snapshot.registrations.find((each) => each.id === firstRegistration);
      return { manages: live?.snapshot.viewerManages, fields: privateFields(entry) };
    };
    const full = ['Mother 98450 00000', 'Asthma inhaler', pupils[0]?.email];
    expect(await seen(organizerA)).toEqual({ manages: true, fields: full });
    expect(await seen(pupils[0] as Account)).toEqual({ manages: false, fields: full });
    for (const other of [organizerB, childB, pupils[1] as Account]) expect(await seen(other)).toEqual({ manages: false, fields: [null, null, null] });
    // Another organization's organiser pushing a result: refused, and the answer shows nothing private.
    const refused = await push(organizerB, [{ id: 1, name: 'correctResult', args: { tournamentId: id, roundNumber: 1, boardNumber: 1, result: '0-1', note: 'x' } }]);
    expect(refused.results[0]?.status).toBe('rejected');
    const entry = refused.tournaments?.[0]?.snapshot.registrations.find((each) => each.id === firstRegistration);
    expect(privateFields(entry)).toEqual([null, null, null]);
    expect(refused.tournaments?.[0]?.ownRegistration).toBeUndefined();
  });
});
