/**
 * The tournament and organization rows of the authorisation matrix (sync-server/authz.test.ts),
 * and the fixture they run against: tournaments in the states each route needs, made by an
 * organizer through the API. Repeated calls by the second manager are no-ops (200/201) or the
 * rule's 409, so every expected status is deterministic.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export const MATRIX_PEOPLE = ['anonymous', 'student', 'otherStudent', 'teacher', 'organizer', 'super_admin'] as const;
type Person = (typeof MATRIX_PEOPLE)[number];

export interface MatrixRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  route: string;
  url: () => string;
  payload?: (person: Person) => unknown;
  expect: Record<Person, number>;
}

export interface TournamentFixture {
  draft: number;
  open: number;
  running: number;
  roundsOnly: number;
  completed: number;
  roundCreated: number;
  roundPaired: number;
  gameId: number;
  gameResult: string;
  appealId: number;
  pendingToApprove: number;
  pendingToReject: number;
  studentInOpen: number;
  studentInRunning: number;
  studentId: number;
  studentName: string;
  organization: number;
  team: number;
  trf: string;
}

interface Caller {
  cookie: string;
  user: { id: number; username: string };
}

const TOURNAMENT = {
  name: 'Matrix Open',
  startDate: '2026-12-01T09:00:00.000Z',
  endDate: '2026-12-01T18:00:00.000Z',
  registrationStartDate: '2026-11-01T00:00:00.000Z',
  registrationEndDate: '2026-11-30T00:00:00.000Z',
  timeControl: { type: 'rapid', minutes: 15, increment: 10 },
  rounds: 3,
};

/**
 * Builds the fixture; `players` are at least 4 accounts (the first is the matrix's student). With
 * `organization`, the organizer's own (a school's organiser scoped to it): the tournaments record it
 * and the team is made in it; without, the organizer creates one.
 */
export async function buildTournamentFixture(app: FastifyInstance, organizer: Caller, players: readonly Caller[], organization?: number): Promise<TournamentFixture> {
  const send = async (who: Caller, method: MatrixRow['method'], url: string, payload?: unknown) => {
    const response = await app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json() as Record<string, unknown> & { id: number };
  };
  const create = async () => (await send(organizer, 'POST', '/api/tournaments', TOURNAMENT)).id;
  const status = (id: number, value: string) => send(organizer, 'PATCH', `/api/tournaments/${id}`, { status: value });
  const register = async (id: number, who: Caller) => (await send(who, 'POST', `/api/tournaments/${id}/register`, {})).id;
  const inProgress = async (count: number) => {
    const id = await create();
    await status(id, 'registration_open');
    const registrations: number[] = [];
    for (const player of players.slice(0, count)) {
      const registration = await register(id, player);
      registrations.push(registration);
      await send(organizer, 'PUT', `/api/registrations/${registration}/approve`);
    }
    await status(id, 'registration_closed');
    await status(id, 'in_progress');
    return { id, registrations };
  };
  const draft = await create();
  const open = await create();
  await status(open, 'registration_open');
  const studentInOpen = await register(open, players[0] as Caller);
  const pendingToApprove = await register(open, players[1] as Caller);
  const pendingToReject = await register(open, players[2] as Caller);
  const running = await inProgress(4);
  const round = await send(organizer, 'POST', `/api/tournaments/${running.id}/rounds`, { roundNumber: 1, name: 'Round 1' });
  const paired = (await send(organizer, 'POST', `/api/rounds/${round.id}/pairings`, {})) as unknown as { pairings: { gameId: number | null; whitePlayerId: number; blackPlayerId: number | null }[] };
  await send(organizer, 'PUT', `/api/rounds/${round.id}/start`);
  const games = paired.pairings.filter((board) => board.gameId !== null);
  const gameId = games[0]?.gameId as number;
  await send(organizer, 'PUT', `/api/games/${games[1]?.gameId}/result`, { result: '1-0' });
  await send(organizer, 'PUT', `/api/games/${games[1]?.gameId}/result`, { result: '0-1' });
  const snapshot = (await app.inject({ url: `/api/tournaments/${running.id}/snapshot`, headers: { cookie: organizer.cookie } })).json() as { disputes: { id: number }[] };
  const roundsOnly = await inProgress(4);
  const second = await inProgress(4);
  const roundCreated = (await send(organizer, 'POST', `/api/tournaments/${second.id}/rounds`, { roundNumber: 1, name: 'Round 1' })).id;
  const third = await inProgress(4);
  const roundPaired = (await send(organizer, 'POST', `/api/tournaments/${third.id}/rounds`, { roundNumber: 1, name: 'Round 1' })).id;
  await send(organizer, 'POST', `/api/rounds/${roundPaired}/pairings`, {});
  const done = await inProgress(2);
  const only = (await send(organizer, 'POST', `/api/tournaments/${done.id}/rounds`, { roundNumber: 1, name: 'Round 1' })).id;
  const final = (await send(organizer, 'POST', `/api/rounds/${only}/pairings`, {})) as unknown as { pairings: { gameId: number | null }[] };
  await send(organizer, 'PUT', `/api/rounds/${only}/start`);
  await send(organizer, 'PUT', `/api/games/${final.pairings[0]?.gameId}/result`, { result: '1/2-1/2' });
  await status(done.id, 'completed');
  const school = organization ?? (await send(organizer, 'POST', '/api/organizations', { name: 'Matrix School', type: 'high_school' })).id;
  const team = (await send(organizer, 'POST', `/api/organizations/${school}/teams`, { name: 'A team' })).id;
  const trf = (await app.inject({ url: `/api/tournaments/${running.id}/trf`, headers: { cookie: organizer.cookie } })).body;
  const student = players[0] as Caller;
  return {
    draft,
    open,
    running: running.id,
    roundsOnly: roundsOnly.id,
    completed: done.id,
    roundCreated,
    roundPaired,
    gameId,
    gameResult: '1-0',
    appealId: snapshot.disputes[0]?.id as number,
    pendingToApprove,
    pendingToReject,
    studentInOpen,
    studentInRunning: running.registrations[0] as number,
    studentId: student.user.id,
    studentName: student.user.username,
    organization: school,
    team,
    trf,
  };
}

const everyone = (status: number) => Object.fromEntries(MATRIX_PEOPLE.map((person) => [person, status])) as Record<Person, number>;
const signedIn = (status = 200) => ({ ...everyone(status), anonymous: 401 });
const managers = (organizer: number, superAdmin = organizer) => ({ ...everyone(403), anonymous: 401, organizer, super_admin: superAdmin });
const ownerOrManager = (status = 200) => ({ anonymous: 401, student: status, otherStudent: 403, teacher: 403, organizer: status, super_admin: status });

export function tournamentMatrixRows(f: () => TournamentFixture): MatrixRow[] {
  return [
    { method: 'GET', route: '/api/tournaments', url: () => '/api/tournaments', expect: signedIn() },
    { method: 'POST', route: '/api/tournaments', url: () => '/api/tournaments', payload: () => TOURNAMENT, expect: managers(201) },
    { method: 'POST', route: '/api/tournaments/import-trf', url: () => '/api/tournaments/import-trf', payload: () => ({ trf: f().trf }), expect: managers(201) },
    { method: 'GET', route: '/api/tournaments/:id', url: () => `/api/tournaments/${f().running}`, expect: signedIn() },
    { method: 'PATCH', route: '/api/tournaments/:id', url: () => `/api/tournaments/${f().draft}`, payload: () => ({ name: 'Renamed' }), expect: managers(200) },
    { method: 'GET', route: '/api/tournaments/:id/snapshot', url: () => `/api/tournaments/${f().running}/snapshot`, expect: signedIn() },
    { method: 'GET', route: '/api/tournaments/:id/registration-stats', url: () => `/api/tournaments/${f().open}/registration-stats`, expect: signedIn() },
    { method: 'GET', route: '/api/tournaments/:id/registrations', url: () => `/api/tournaments/${f().open}/registrations?status=pending`, expect: managers(200) },
    { method: 'POST', route: '/api/tournaments/:id/register', url: () => `/api/tournaments/${f().open}/register`, payload: () => ({ sectionId: 1 }), expect: signedIn(201) },
    { method: 'POST', route: '/api/tournaments/:id/late-entries', url: () => `/api/tournaments/${f().roundsOnly}/late-entries`, payload: () => ({ userId: f().studentId, missedRounds: 'zero' }), expect: managers(201) },
    { method: 'PUT', route: '/api/registrations/:id/approve', url: () => `/api/registrations/${f().pendingToApprove}/approve`, expect: managers(200) },
    { method: 'PUT', route: '/api/registrations/:id/reject', url: () => `/api/registrations/${f().pendingToReject}/reject`, payload: () => ({ reason: 'Too late' }), expect: managers(200, 409) },
    { method: 'PUT', route: '/api/registrations/:id/withdraw', url: () => `/api/registrations/${f().studentInOpen}/withdraw`, expect: ownerOrManager() },
    { method: 'POST', route: '/api/registrations/:id/byes', url: () => `/api/registrations/${f().studentInRunning}/byes`, payload: () => ({ roundNumber: 3, kind: 'half' }), expect: ownerOrManager() },
    { method: 'GET', route: '/api/tournaments/:id/rounds', url: () => `/api/tournaments/${f().running}/rounds`, expect: signedIn() },
    { method: 'POST', route: '/api/tournaments/:id/rounds', url: () => `/api/tournaments/${f().roundsOnly}/rounds`, payload: () => ({ roundNumber: 1, name: 'Round 1' }), expect: managers(201) },
    { method: 'GET', route: '/api/rounds/:id', url: () => `/api/rounds/${f().roundPaired}`, expect: signedIn() },
    { method: 'POST', route: '/api/rounds/:id/pairings', url: () => `/api/rounds/${f().roundCreated}/pairings`, payload: () => ({}), expect: managers(200, 409) },
    { method: 'PUT', route: '/api/rounds/:id/start', url: () => `/api/rounds/${f().roundPaired}/start`, expect: managers(200) },
    { method: 'PUT', route: '/api/games/:id/result', url: () => `/api/games/${f().gameId}/result`, payload: () => ({ result: f().gameResult, resultReason: 'checkmate' }), expect: managers(200) },
    { method: 'PUT', route: '/api/appeals/:id/resolve', url: () => `/api/appeals/${f().appealId}/resolve`, payload: () => ({ result: '0-1', note: 'Scoresheets' }), expect: managers(200) },
    { method: 'GET', route: '/api/tournaments/:id/standings', url: () => `/api/tournaments/${f().running}/standings`, expect: signedIn() },
    { method: 'GET', route: '/api/tournaments/:id/trf', url: () => `/api/tournaments/${f().running}/trf`, expect: managers(200) },
    { method: 'POST', route: '/api/tournaments/:id/certificates', url: () => `/api/tournaments/${f().completed}/certificates`, expect: managers(200) },
    { method: 'GET', route: '/api/tournaments/:id/certificates', url: () => `/api/tournaments/${f().completed}/certificates`, expect: signedIn() },
    { method: 'GET', route: '/api/organizations', url: () => '/api/organizations', expect: signedIn() },
    { method: 'POST', route: '/api/organizations', url: () => '/api/organizations', payload: () => ({ name: 'Another club', type: 'chess_club', contactEmail: 'club@example.com' }), expect: managers(201) },
    { method: 'GET', route: '/api/organizations/:id', url: () => `/api/organizations/${f().organization}`, expect: signedIn() },
    { method: 'POST', route: '/api/organizations/:id/teams', url: () => `/api/organizations/${f().organization}/teams`, payload: () => ({ name: 'B team' }), expect: managers(201) },
    { method: 'POST', route: '/api/teams/:id/members', url: () => `/api/teams/${f().team}/members`, payload: () => ({ username: f().studentName }), expect: managers(201, 409) },
  ];
}
