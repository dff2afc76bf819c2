import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../schema';
import {
  CLASS_TOURNAMENT_MESSAGES,
  SYNC_PROTOCOL,
  
  
  
  classTournamentResultSchema,
  livePushResponseSchema,
  pullResponseSchema,
  roundSchema,
  roundWithPairingsSchema,
  tournamentClassesSchema,
  tournamentSnapshotSchema,
  type ClassCredential,
  type TournamentSnapshot,
} from '../../schema';
import type { TestDatabase } from '../core/test-db';
import { twoSchools, type Method, type TwoSchools } from '../testing/two-schools';
import { type Account, expectJson, expectJsonError, uuid } from '../testing/test-server';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

/**
 * Class tournaments (issue 19): two schools. A's teacher runs classes 3B (three children) and 4A
 * (two); B's teacher runs class 5C (two). A district officer is staff of both schools. Students:
 * a child of 3B (signed in with the card's username), and an outsider with no class.
 */

let world: TwoSchools;
let test: TestDatabase;
let orgA: number;
let orgB: number;
let teacherA: Account;
let teacherB: Account;
let district: Account;
let outsider: Account;
let child3B: Account;
let class3B: number;
let class4A: number;
let class5C: number;
const cards = new Map<number, ClassCredential[]>();
let clients = 0;

const person = (role: Role, scopes: readonly (string | null)[], home: number | null = null): Promise<Account> => world.person(role, { scopes, home });

const call = (who: Account, method: Method, url: string, payload?: unknown) => world.call(who, method, url, payload);

const ok = expectJson;

async function makeClass(teacher: Account, organizationId: number, name: string, names: string[]): Promise<number> {
  const { id, credentials } = await world.makeClass(teacher, organizationId, { name }, names);
  cards.set(id, credentials);
  return id;
}

const realNamesOf = (id: number) => (cards.get(id) ?? []).map((card) => card.realName);
const today = '2026-12-01';

const create = (who: Account, classId: number, body: Record<string, unknown>) => call(who, 'POST', `/api/classes/${classId}/tournament`, { name: 'Spring Cup', date: today, ...body });
const snapshot = async (who: Account, id: number) => tournamentSnapshotSchema.parse(await ok(await call(who, 'GET', `/api/tournaments/${id}/snapshot`)));
const pull = async (who: Account, id: number) => {
  const response = await call(who, 'POST', '/api/sync/pull', { protocol: SYNC_PROTOCOL, cursor: 0, tournaments: [{ id, version: null }] });
  const answer = pullResponseSchema.parse(await ok(response));
  return { body: response.body, live: answer.tournaments?.[0] };
};
const push = async (who: Account, mutations: unknown[]) => {
  const response = await call(who, 'POST', '/api/sync/push', { protocol: SYNC_PROTOCOL, clientId: uuid(++clients, 0x19), mutations });
  return livePushResponseSchema.parse(await ok(response));
};
/** userId -> realName (undefined when the viewer may not see it). */
const realNames = (snap: TournamentSnapshot) => new Map(snap.registrations.map((entry) => [entry.userId, entry.realName]));

beforeAll(async () => {
  world = await twoSchools();
  ({ test, orgA, orgB } = world);
  teacherA = await person('teacher', [`organization:${orgA}`]);
  teacherB = await person('teacher', [null], orgB);
  district = await person('teacher', [`organization:${orgA}`, `organization:${orgB}`]);
  outsider = await person('student', []);
  class3B = await makeClass(teacherA, orgA, '3B', ['Anna Smith', 'Bilal Khan', 'Chen Li']);
  class4A = await makeClass(teacherA, orgA, '4A', ['Dara Okafor', 'Eva Novak']);
  class5C = await makeClass(teacherB, orgB, '5C', ['Farid Haddad', 'Greta Berg']);
  const card = (cards.get(class3B) ?? [])[0] as ClassCredential;
  child3B = await world.signIn(card);
});

afterAll(() => world.close());

describe('creating a tournament from a class', () => {
  let tournamentId: number;

  it('makes a tournament of the school with the teacher as organiser and every student of the chosen classes confirmed', async () => {
    const made = classTournamentResultSchema.parse(await ok(await create(teacherA, class3B, { otherClassIds: [class4A] }), 201));
    tournamentId = made.tournamentId;
    expect(made.added).toBe(5);
    const row = await test.database.db.selectFrom('tournaments').selectAll().where('id', '=', tournamentId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Spring Cup', organizationId: orgA, organizerId: teacherA.user.id, status: 'registration_closed', format: 'swiss', rounds: 3 });
    const snap = await snapshot(teacherA, tournamentId);
    expect(snap.viewerManages).toBe(true);
    expect(snap.registrations.map((entry) => entry.status)).toEqual(Array(5).fill('confirmed'));
    expect([...realNames(snap).values()].sort()).toEqual([...realNamesOf(class3B), ...realNamesOf(class4A)].sort());
    // A teacher holds no tournament permission of their own: an organiser grant scoped to this tournament only.
    const grants = await test.database.db.selectFrom('userRoles').select(['role', 'scope']).where('userId', '=', teacherA.user.id).execute();
    expect(grants).toContainEqual({ role: 'organizer', scope: `tournament:${tournamentId}` });
  });

  it('the teacher runs it: starts it, pairs round 1 on the server and starts the round', async () => {
    await ok(await call(teacherA, 'PATCH', `/api/tournaments/${tournamentId}`, { status: 'in_progress' }));
    const round = roundSchema.parse(await ok(await call(teacherA, 'POST', `/api/tournaments/${tournamentId}/rounds`, { roundNumber: 1, name: 'Round 1' }), 201));
    const paired = roundWithPairingsSchema.parse(await ok(await call(teacherA, 'POST', `/api/rounds/${round.id}/pairings`)));
    expect(paired.pairings).toHaveLength(3);
    await ok(await call(teacherA, 'PUT', `/api/rounds/${round.id}/start`));
    // The grant is for this tournament only: another tournament of the school is not theirs.
    const other = await call(teacherA, 'PATCH', `/api/tournaments/${tournamentId + 1000}`, { status: 'cancelled' });
    expect(other.statusCode).toBe(404);
  });

  it('real names reach the staff and the students of each class only, on the snapshot and the pull, and the read cache shares them with no one else', async () => {
    const pupils3B = new Set((cards.get(class3B) ?? []).map((card) => card.userId));
    // The teacher first (their copies fill the read cache), then a child of 3B, then the outsider.
    expect((await pull(teacherA, tournamentId)).body).toContain('Anna Smith');
    const childSnap = await snapshot(child3B, tournamentId);
    for (const [userId, realName] of realNames(childSnap)) expect(realName !== undefined).toBe(pupils3B.has(userId));
    const childPull = await pull(child3B, tournamentId);
    expect(childPull.body).toContain('Bilal Khan');
    expect(childPull.body).not.toContain('Dara Okafor');
    expect(childPull.live?.ownRegistration?.realName).toBe('Anna Smith');
    for (const who of [outsider, teacherB]) {
      const outside = await call(who, 'GET', `/api/tournaments/${tournamentId}/snapshot`);
      expect(outside.statusCode).toBe(200);
      const pulled = await pull(who, tournamentId);
      for (const body of [outside.body, pulled.body]) {
        for (const name of [...realNamesOf(class3B), ...realNamesOf(class4A)]) expect(body).not.toContain(name);
        expect(body).not.toContain('realName');
      }
      expect(pulled.live?.snapshot.registrations).toHaveLength(5);
    }
    // Staff of the school who do not run it see the names too (they are the classes' staff).
    expect((await pull(district, tournamentId)).body).toContain('Eva Novak');
  });

  it('classes are added until the tournament starts', async () => {
    expectJsonError(await call(teacherA, 'POST', `/api/tournaments/${tournamentId}/classes`, { classId: class4A }), 409);
  });
});

describe('who may make a class tournament', () => {
  it.each([
    ['a teacher of another school', () => teacherB, () => class3B, [], 404],
    ['a child of the class', () => child3B, () => class3B, [], 403],
    ['an outsider', () => outsider, () => class3B, [], 403],
    ['a teacher naming a class of another school', () => teacherA, () => class3B, () => [class5C], 404],
    ['a teacher naming a class that is not there', () => teacherA, () => class3B, () => [999_999], 404],
    ['staff of both schools mixing them', () => district, () => class3B, () => [class5C], 400],
  ] as const)('%s is refused', async (_who, who, classId, others, status) => {
    const before = await test.database.db.selectFrom('tournaments').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    const otherClassIds = typeof others === 'function' ? others() : others;
    const message = expectJsonError(await create(who(), classId(), { otherClassIds }), status);
    if (status === 400) expect(message).toBe(CLASS_TOURNAMENT_MESSAGES.sameSchool);
    const after = await test.database.db.selectFrom('tournaments').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count));
  });

  it.each([
    ['no name', { name: '' }],
    ['an unknown format', { format: 'blitz' }],
    ['elimination', { format: 'single_elimination' }],
    ['a date that is not a day', { date: 'tomorrow' }],
    ['too many rounds', { rounds: 21 }],
    ['classes that are not a list', { otherClassIds: 'all' }],
    ['a field of its own', { organizerId: 1 }],
  ])('bad input: %s is a 400 with a message', async (_what, body) => {
    expectJsonError(await create(teacherA, class3B, body), 400);
  });

  it('a class id that is not a number is a 400', async () => {
    expectJsonError(await call(teacherA, 'POST', '/api/classes/abc/tournament', { name: 'X', date: today }), 400);
  });
});

describe('adding a class to a tournament', () => {
  let tournamentId: number;

  beforeAll(async () => {
    tournamentId = classTournamentResultSchema.parse(await ok(await create(teacherA, class3B, { format: 'round_robin' }), 201)).tournamentId;
  });

  it('lists the school classes the organiser runs, and which play', async () => {
    const list = tournamentClassesSchema.parse(await ok(await call(teacherA, 'GET', `/api/tournaments/${tournamentId}/classes`)));
    expect(list.classes.map((each) => [each.name, each.added, each.studentCount])).toEqual([['3B', true, 3], ['4A', false, 2]]);
    expectJsonError(await call(child3B, 'GET', `/api/tournaments/${tournamentId}/classes`), 403);
    expectJsonError(await call(teacherA, 'GET', '/api/tournaments/999999/classes'), 404);
  });

  it('refuses a class of another school, a class the caller does not run, and a caller who does not run the tournament', async () => {
    expectJsonError(await call(teacherA, 'POST', `/api/tournaments/${tournamentId}/classes`, { classId: class5C }), 404);
    expectJsonError(await call(teacherB, 'POST', `/api/tournaments/${tournamentId}/classes`, { classId: class5C }), 403);
    expectJsonError(await call(child3B, 'POST', `/api/tournaments/${tournamentId}/classes`, { classId: class3B }), 403);
    expectJsonError(await call(teacherA, 'POST', '/api/tournaments/999999/classes', { classId: class4A }), 404);
    expectJsonError(await call(teacherA, 'POST', `/api/tournaments/${tournamentId}/classes`, {}), 400);
    expectJsonError(await call(teacherA, 'POST', `/api/tournaments/${tournamentId}/classes`, { classId: 'x' }), 400);
    // The district officer runs both schools, but a tournament of A takes A's classes only.
    const own = classTournamentResultSchema.parse(await ok(await create(district, class3B, {}), 201));
    expect(expectJsonError(await call(district, 'POST', `/api/tournaments/${own.tournamentId}/classes`, { classId: class5C }), 400)).toBe(CLASS_TOURNAMENT_MESSAGES.sameSchool);
  });

  it('offline: the addClassToTournament mutation enters the class once; the push answers the tournament with its real names', async () => {
    const mutation = { id: 1, name: 'addClassToTournament', args: { tournamentId, classId: class4A } };
    const answer = await push(teacherA, [mutation]);
    expect(answer.results).toEqual([{ id: 1, status: 'applied' }]);
    const live = answer.tournaments?.find((each) => each.id === tournamentId);
    expect(live?.snapshot.registrations).toHaveLength(5);
    expect(live?.snapshot.registrations.map((entry) => entry.realName).sort()).toEqual([...realNamesOf(class3B), ...realNamesOf(class4A)].sort());
    // Added again (the route): nobody is entered twice.
    expect(classTournamentResultSchema.parse(await ok(await call(teacherA, 'POST', `/api/tournaments/${tournamentId}/classes`, { classId: class4A }))).added).toBe(0);
    const refused = await push(teacherB, [{ id: 1, name: 'addClassToTournament', args: { tournamentId, classId: class5C } }]);
    expect(refused.results[0]).toMatchObject({ status: 'rejected' });
    expect((await snapshot(teacherA, tournamentId)).registrations).toHaveLength(5);
  });

  it('respects the tournament’s maximum of players, keeping nothing of a class that does not fit', async () => {
    const small = classTournamentResultSchema.parse(await ok(await create(teacherA, class4A, {}), 201)).tournamentId;
    await ok(await call(teacherA, 'PATCH', `/api/tournaments/${small}`, { maxParticipants: 3 }));
    expect(expectJsonError(await call(teacherA, 'POST', `/api/tournaments/${small}/classes`, { classId: class3B }), 409)).toBe(CLASS_TOURNAMENT_MESSAGES.full);
    expect((await snapshot(teacherA, small)).registrations).toHaveLength(2);
    const links = await test.database.db.selectFrom('tournamentClasses').select('classId').where('tournamentId', '=', small).execute();
    expect(links.map((link) => link.classId)).toEqual([class4A]);
  });
});
