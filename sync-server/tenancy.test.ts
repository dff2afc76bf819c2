import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MANAGERS_ONLY } from '../domain/tournament-admin';
import type { Role } from '../schema';
import { authUserSchema, organizationDetailSchema, pushResponseSchema, registrationSchema, tournamentSchema, tournamentSnapshotSchema } from '../schema';
import { CROSS_SITE_REFUSED } from './core/plugins/cross-site';
import { grantRole } from './core/rbac/grants';
import type { TestDatabase } from './core/test-db';
import { twoSchools, type Method, type TwoSchools } from './testing/two-schools';
import { buildTestApp, expectJsonError, registerAccount, uuid, type Account } from './testing/test-server';
import { CHOOSE_ORGANIZATION, NOT_YOUR_ORGANIZATION } from './tournaments/access';
import { LATE_ENTRY_REFUSED } from './tournaments/service';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

/**
 * One server for a whole district (issue 18): schools A and B, each with its organiser scoped to
 * it, an unscoped organiser whose own school is B, and children's data kept to those who need it.
 */

let world: TwoSchools;
let test: TestDatabase;
let app: FastifyInstance;
let orgA: number;
let orgB: number;
let organizerA: Account;
let teacherA: Account;
let organizerB: Account;
let unscopedB: Account;
let superAdmin: Account;
let pupils: Account[];
let childB: Account;
let counter = 0;

/** A grant of `role` scoped to `scope` (none for a student), the account's school `home`. */
const person = (role: Role, scope: string | null, home: number | null): Promise<Account> => world.person(role, { scopes: [scope], home });

beforeAll(async () => {
  world = await twoSchools({}, 'high_school');
  ({ test, app, orgA, orgB } = world);
  organizerA = await person('organizer', `organization:${orgA}`, null);
  teacherA = await person('teacher', `organization:${orgA}`, null);
  organizerB = await person('organizer', `organization:${orgB}`, null);
  unscopedB = await person('organizer', null, orgB);
  superAdmin = await person('super_admin', null, null);
  pupils = [];
  for (let i = 0; i < 7; i++) pupils.push(await person('student', null, orgA));
  childB = await person('student', null, orgB);
});

afterAll(() => world.close());

const call = (who: Account | null, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) => world.call(who, method, url, payload, { headers });

async function ok(response: Awaited<ReturnType<typeof call>>, status = 200): Promise<{ id: number } & Record<string, unknown>> {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as { id: number };
}

const TOURNAMENT = {
  name: 'District Open',
  startDate: '2026-12-01T09:00:00.000Z',
  endDate: '2026-12-01T18:00:00.000Z',
  registrationStartDate: '2026-11-01T00:00:00.000Z',
  registrationEndDate: '2026-11-30T00:00:00.000Z',
  timeControl: { type: 'rapid', minutes: 15, increment: 10 },
  rounds: 3,
};

const create = async (who: Account = organizerA, extra: Record<string, unknown> = {}) => (await ok(await call(who, 'POST', '/api/tournaments', { ...TOURNAMENT, ...extra }), 201)).id;
const status = async (id: number, value: string) => ok(await call(organizerA, 'PATCH', `/api/tournaments/${id}`, { status: value }));
const register = async (id: number, who: Account) => (await ok(await call(who, 'POST', `/api/tournaments/${id}/register`, { sectionId: 1 }), 201)).id;

/** A's tournament, registration open, with pupils 0 and 1 registered (pending). */
async function openTournament() {
  const id = await create();
  await status(id, 'registration_open');
  const first = await register(id, pupils[0] as Account);
  const second = await register(id, pupils[1] as Account);
  return { id, first, second };
}

describe("tenancy: a school's organiser runs that school's tournaments and no other's", () => {
  it("a tournament made by A's organiser (scoped to A) records A, and A's organiser manages it", async () => {
    const id = await create();
    expect((await test.database.db.selectFrom('tournaments').select('organizationId').where('id', '=', id).executeTakeFirstOrThrow()).organizationId).toBe(orgA);
    expect(tournamentSchema.parse(await ok(await call(organizerA, 'PATCH', `/api/tournaments/${id}`, { name: 'A Open' }))).name).toBe('A Open');
  });

  it("B's scoped organiser and an unscoped organiser of B are refused on A's tournament; the super admin is not", async () => {
    const { id, second } = await openTournament();
    for (const outsider of [organizerB, unscopedB]) {
      expect((await call(outsider, 'PATCH', `/api/tournaments/${id}`, { name: 'Taken' })).statusCode).toBe(403);
      expect((await call(outsider, 'GET', `/api/tournaments/${id}/registrations`)).statusCode).toBe(403);
      expect((await call(outsider, 'PUT', `/api/registrations/${second}/approve`)).statusCode).toBe(403);
      expect((await call(outsider, 'GET', `/api/tournaments/${id}/trf`)).statusCode).toBe(403);
    }
    expect((await call(superAdmin, 'PATCH', `/api/tournaments/${id}`, { description: 'District final' })).statusCode).toBe(200);
  });

  it('an organiser chooses the organization of a new tournament when they run several; only one of theirs', async () => {
    const both = await person('organizer', `organization:${orgA}`, null);
    await grantRole(test.database.db, { userId: both.user.id, role: 'organizer', scope: `organization:${orgB}`, expiresAt: null, grantedBy: null }, new Date());
    expect(expectJsonError(await call(both, 'POST', '/api/tournaments', TOURNAMENT), 400)).toBe(CHOOSE_ORGANIZATION);
    const chosen = await create(both, { organizationId: orgB });
    expect((await test.database.db.selectFrom('tournaments').select('organizationId').where('id', '=', chosen).executeTakeFirstOrThrow()).organizationId).toBe(orgB);
    expect(expectJsonError(await call(organizerA, 'POST', '/api/tournaments', { ...TOURNAMENT, organizationId: orgB }), 403)).toBe(NOT_YOUR_ORGANIZATION);
    // The unscoped organiser's own school; the super admin (no school) makes a district event.
    const home = await create(unscopedB);
    const district = await create(superAdmin);
    const rows = await test.database.db.selectFrom('tournaments').select(['id', 'organizationId']).where('id', 'in', [home, district]).orderBy('id').execute();
    expect(rows.map((row) => row.organizationId)).toEqual([orgB, null]);
  });

  it("the permission is checked before A's tournament is loaded (routes and pushes)", async () => {
    const { id } = await openTournament();
    // A row that cannot be loaded: whoever gets past the check gets a 500. (Every write bumps the
    // version, or the read cache would keep serving the copy the last action left: issue 22.)
    await test.database.db.updateTable('tournaments').set((eb) => ({ status: 'corrupt', version: eb('version', '+', 1) })).where('id', '=', id).execute();
    expect((await call(organizerA, 'PATCH', `/api/tournaments/${id}`, { name: 'X' })).statusCode).toBe(500);
    expect(expectJsonError(await call(unscopedB, 'PATCH', `/api/tournaments/${id}`, { name: 'X' }), 403)).toBe(MANAGERS_ONLY);
    expect((await call(unscopedB, 'GET', `/api/tournaments/${id}/registrations`)).statusCode).toBe(403);
    expect((await call(unscopedB, 'POST', `/api/tournaments/${id}/certificates`)).statusCode).toBe(403);
    expect((await call(unscopedB, 'GET', `/api/tournaments/${id}/trf`)).statusCode).toBe(403);
    const pushed = await call(unscopedB, 'POST', '/api/sync/push', {
      clientId: uuid(++counter, 0x18a),
      mutations: Array.from({ length: 20 }, (_, index) => ({ id: index + 1, name: 'startRound', args: { tournamentId: id, roundNumber: 1 } })),
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect(pushResponseSchema.parse(pushed.json()).results.every((result) => result.status === 'rejected' && result.error === MANAGERS_ONLY)).toBe(true);
    await test.database.db.updateTable('tournaments').set({ status: 'registration_open' }).where('id', '=', id).execute();
  });

  it("every tournament mutation pushed by an unscoped organiser of B on A's records is refused", async () => {
    const { id } = await openTournament();
    const [p0, p1] = [pupils[0]?.user.id as number, pupils[1]?.user.id as number];
    const round = { tournamentId: id, roundNumber: 1 };
    const mutations = [
      ['updateTournament', { tournamentId: id, fields: { name: 'Taken' } }, MANAGERS_ONLY],
      ['approveRegistration', { tournamentId: id, userId: p0 }, MANAGERS_ONLY],
      ['rejectRegistration', { tournamentId: id, userId: p1, reason: 'No' }, MANAGERS_ONLY],
      ['withdrawRegistration', { tournamentId: id, userId: p0 }, 'You can only withdraw your own registration.'],
      ['addLateEntry', { tournamentId: id, userId: p0, userName: 'x', userElo: null, missedRounds: 'zero' }, MANAGERS_ONLY],
      ['requestBye', { tournamentId: id, userId: p0, roundNumber: 2, kind: 'half' }, 'You can only request a bye for yourself.'],
      ['createRound', { ...round, name: 'Round 1', startTime: null }, MANAGERS_ONLY],
      ['publishPairings', { ...round, boards: [{ boardNumber: 1, whiteUserId: p0, blackUserId: p1, byeKind: null }] }, MANAGERS_ONLY],
      ['startRound', round, MANAGERS_ONLY],
      ['enterResult', { ...round, boardNumber: 1, whiteUserId: p0, blackUserId: p1, result: '1-0', resultReason: null }, MANAGERS_ONLY],
      ['correctResult', { ...round, boardNumber: 1, result: '1-0', note: 'Scoresheet' }, MANAGERS_ONLY],
      ['resolveDispute', { tournamentId: id, appealId: 1, result: '1-0', note: 'Scoresheet' }, MANAGERS_ONLY],
      ['issueCertificates', { tournamentId: id }, MANAGERS_ONLY],
    ] as const;
    const pushed = await call(unscopedB, 'POST', '/api/sync/push', {
      clientId: uuid(++counter, 0x18a),
      mutations: mutations.map(([name, args], index) => ({ id: index + 1, name, args })),
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const results = pushResponseSchema.parse(pushed.json()).results;
    expect(results.map((result) => [mutations[result.id - 1]?.[0], result.status, result.error])).toEqual(mutations.map(([name, , error]) => [name, 'rejected', error]));
    const snapshot = tournamentSnapshotSchema.parse(await ok(await call(organizerA, 'GET', `/api/tournaments/${id}/snapshot`)));
    expect(snapshot.tournament.name).toBe(TOURNAMENT.name);
    expect(snapshot.registrations.map((entry) => entry.status)).toEqual(['pending', 'pending']);
  });
});

describe("children's data", () => {
  it('emergency contact and medical notes reach the managers and the player only', async () => {
    const { id, first } = await openTournament();
    await test.database.db.updateTable('registrations').set({ emergencyContact: 'Mother 98450 00000', medicalInfo: 'Asthma inhaler' }).where('id', '=', first).execute();
    await test.database.db.updateTable('tournaments').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', id).execute();
    const seen = async (who: Account) => {
      const entry = tournamentSnapshotSchema.parse(await ok(await call(who, 'GET', `/api/tournaments/${id}/snapshot`))).registrations.find((each) => each.id === first);
      return [entry?.emergencyContact ?? null, entry?.medicalConditions ?? null, entry?.userEmail ?? null];
    };
    const full = ['Mother 98450 00000', 'Asthma inhaler', pupils[0]?.email];
    expect(await seen(organizerA)).toEqual(full);
    expect(await seen(pupils[0] as Account)).toEqual(full);
    for (const other of [unscopedB, organizerB, pupils[1] as Account, teacherA]) expect(await seen(other)).toEqual([null, null, null]);
  });

  it('a rejection reason reaches that player and the managers, not the other participants', async () => {
    const { id, second } = await openTournament();
    await ok(await call(organizerA, 'PUT', `/api/registrations/${second}/reject`, { reason: 'No parent consent form; behaviour note from school' }));
    const reason = async (who: Account) =>
      tournamentSnapshotSchema.parse(await ok(await call(who, 'GET', `/api/tournaments/${id}/snapshot`))).registrations.find((each) => each.id === second)?.cancellationReason;
    expect(await reason(organizerA)).toBe('No parent consent form; behaviour note from school');
    expect(await reason(pupils[1] as Account)).toBe('No parent consent form; behaviour note from school');
    expect(await reason(pupils[0] as Account)).toBeNull();
    expect(await reason(unscopedB)).toBeNull();
  });

  it("an organization's member list needs org:view_members there", async () => {
    const team = await ok(await call(organizerA, 'POST', `/api/organizations/${orgA}/teams`, { name: 'Juniors' }), 201);
    await ok(await call(organizerA, 'POST', `/api/teams/${team.id}/members`, { username: pupils[2]?.user.username }), 201);
    const members = async (who: Account) =>
      organizationDetailSchema.parse(await ok(await call(who, 'GET', `/api/organizations/${orgA}`))).teams.flatMap((each) => each.members.map((member) => member.userId));
    expect(await members(teacherA)).toEqual([pupils[2]?.user.id]);
    expect(await members(superAdmin)).toEqual([pupils[2]?.user.id]);
    for (const outsider of [pupils[3] as Account, organizerB, unscopedB, childB]) expect(await members(outsider)).toEqual([]);
    // Nor may B's staff change A's teams.
    expect((await call(organizerB, 'POST', `/api/organizations/${orgA}/teams`, { name: 'Taken' })).statusCode).toBe(403);
    expect((await call(unscopedB, 'POST', `/api/teams/${team.id}/members`, { userId: childB.user.id })).statusCode).toBe(403);
  });

  it("an organization's classes are its staff's: a pupil of another school, or of its own, sees its other teams only, without coach or members (issue 26)", async () => {
    const made = await call(teacherA, 'POST', '/api/classes', { organizationId: orgA, name: 'Year 5 secret class' });
    const classId = (await ok(made, 201)).id;
    const teams = async (who: Account) => organizationDetailSchema.parse(await ok(await call(who, 'GET', `/api/organizations/${orgA}`))).teams;
    expect((await teams(teacherA)).map((team) => team.id)).toContain(classId);
    expect((await teams(organizerA)).find((team) => team.id === classId)?.coachId).toBe(teacherA.user.id);
    for (const outsider of [childB, organizerB, unscopedB, pupils[4] as Account]) {
      const seen = await teams(outsider);
      expect(seen.map((team) => team.id)).not.toContain(classId);
      expect(JSON.stringify(seen)).not.toContain('Year 5 secret class');
      for (const team of seen) expect([team.coachId, team.members]).toEqual([null, []]);
    }
    // The class itself stays a 404 to them.
    expect((await call(childB, 'GET', `/api/classes/${classId}`)).statusCode).toBe(404);
  });

  it("late entries: players who asked to play, or players of the manager's own school; never an e-mail by walking ids", async () => {
    const id = await create();
    await status(id, 'registration_open');
    // Children of school B, so that only "asked to play" can let them in; and A's own pupils.
    const [pending, selfWithdrawn, withdrawnByOrganiser, rejected, neverRegistered] = [childB, ...(await Promise.all([1, 2, 3, 4].map(() => person('student', null, orgB))))] as Account[];
    const [confirmed, ownPupil] = [pupils[0] as Account, pupils[6] as Account];
    const entries = new Map<Account, number>();
    for (const who of [confirmed, pending, selfWithdrawn, withdrawnByOrganiser, rejected] as Account[]) entries.set(who, await register(id, who));
    await ok(await call(organizerA, 'PUT', `/api/registrations/${entries.get(confirmed as Account)}/approve`));
    await ok(await call(selfWithdrawn as Account, 'PUT', `/api/registrations/${entries.get(selfWithdrawn as Account)}/withdraw`));
    await ok(await call(organizerA, 'PUT', `/api/registrations/${entries.get(withdrawnByOrganiser as Account)}/withdraw`));
    await ok(await call(organizerA, 'PUT', `/api/registrations/${entries.get(rejected as Account)}/reject`, { reason: 'Late form' }));
    await status(id, 'registration_closed');
    await status(id, 'in_progress');
    const late = (who: Account | null, userId: number) => call(who, 'POST', `/api/tournaments/${id}/late-entries`, { userId });

    // Refused alike for an unknown id, a player withdrawn by the organiser's hand, a rejected one and one who never asked.
    expect(expectJsonError(await late(organizerA, 999_999), 404)).toBe(LATE_ENTRY_REFUSED);
    for (const who of [withdrawnByOrganiser, rejected, neverRegistered] as Account[]) {
      const refused = await late(organizerA, who.user.id);
      expect(expectJsonError(refused, 404)).toBe(LATE_ENTRY_REFUSED);
      expect(refused.body).not.toContain('@');
    }
    // B's organiser cannot enter anyone into A's tournament.
    expect((await late(unscopedB, (pending as Account).user.id)).statusCode).toBe(403);
    // Asked to play: pending, or withdrawn by themselves and coming back.
    for (const who of [pending, selfWithdrawn] as Account[]) {
      const entry = registrationSchema.parse(await ok(await late(organizerA, who.user.id), 201));
      expect(entry).toMatchObject({ userId: who.user.id, status: 'confirmed' });
    }
    // A's own pupil, never registered, added by A's organiser (staff of A: they can read the address anyway).
    expect(registrationSchema.parse(await ok(await late(organizerA, ownPupil.user.id), 201)).status).toBe('confirmed');
  });
});

describe('cross-site requests', () => {
  const user = async (who: Account) => authUserSchema.parse(await ok(await call(who, 'GET', '/api/auth/user')));

  it("a cross-origin POST /api/onboarding/complete with no body is refused and the child's assessment stays open", async () => {
    const child = await registerAccount(app);
    const foreign: Record<string, string>[] = [{ origin: 'http://localhost:8080' }, { origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }];
    for (const headers of foreign) {
      expect(expectJsonError(await call(child, 'POST', '/api/onboarding/complete', undefined, headers), 403)).toBe(CROSS_SITE_REFUSED);
    }
    expect((await user(child)).onboardingCompleted).toBe(false);
    // The app's own page (Origin naming the allowed Host it was sent to), and curl or the CLI (neither header), pass.
    expect((await call(child, 'POST', '/api/onboarding/complete', undefined, { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await user(child)).onboardingCompleted).toBe(true);
    const other = await registerAccount(app);
    expect((await call(other, 'POST', '/api/onboarding/complete')).statusCode).toBe(200);
  });

  it("PUBLIC_URL's origin is the app's own; a Host outside ALLOWED_HOSTS is not", async () => {
    const { app: behindProxy } = buildTestApp(test.database, { publicUrl: 'https://chess.school.example/', allowedHosts: ['localhost'] });
    await behindProxy.ready();
    try {
      const post = (headers: Record<string, string>) => behindProxy.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'x@example.com' }, headers });
      expect((await post({ origin: 'https://chess.school.example' })).statusCode).toBe(200);
      expect((await post({ origin: 'http://localhost' })).statusCode).toBe(200);
      expect((await post({ origin: 'http://intranet.example', host: 'intranet.example' })).statusCode).toBe(403);
      // Reading is not refused: a cross-site GET changes nothing.
      expect((await behindProxy.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } })).statusCode).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('spec calls without a payload', () => {
  it('POST /api/rounds/{id}/pairings with no body pairs on the server; register, approve and start need none either', async () => {
    const id = await create();
    await status(id, 'registration_open');
    for (const pupil of pupils.slice(0, 4)) {
      const registration = registrationSchema.parse(await ok(await call(pupil, 'POST', `/api/tournaments/${id}/register`), 201));
      await ok(await call(organizerA, 'PUT', `/api/registrations/${registration.id}/approve`));
    }
    await status(id, 'registration_closed');
    await status(id, 'in_progress');
    const round = await ok(await call(organizerA, 'POST', `/api/tournaments/${id}/rounds`, { roundNumber: 1, name: 'Round 1' }), 201);
    const paired = await ok(await call(organizerA, 'POST', `/api/rounds/${round.id}/pairings`));
    expect((paired.pairings as unknown[]).length).toBe(2);
    expect((await ok(await call(organizerA, 'PUT', `/api/rounds/${round.id}/start`))).status).toBe('in_progress');
    // A JSON content type with an empty body is no body too.
    const again = await call(organizerA, 'POST', `/api/tournaments/${id}/certificates`, undefined, { 'content-type': 'application/json' });
    expect(expectJsonError(again, 409)).toBe('Certificates are issued when the tournament is completed.');
  });
});
