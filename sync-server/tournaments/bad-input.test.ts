import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorResponseSchema, pushResponseSchema } from '../../schema';
import { createTestDatabase, type TestDatabase } from '../core/test-db';
import { accountWithRole, buildTestApp, registerAccount, uuid } from '../testing/test-server';
import { buildTournamentFixture, type TournamentFixture } from './authz-rows';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/**
 * Bad input on every tournament and organization route with a body or a parameter, and on every
 * tournament mutation, sent by an organizer (who may call them all): 4xx JSON { error }, never a
 * 500, and no table changes.
 */

let test: TestDatabase;
let app: FastifyInstance;
let cookie: string;
let f: TournamentFixture;

const TABLES = ['tournaments', 'tournament_sections', 'registrations', 'rounds', 'pairings', 'tournament_games', 'appeals', 'certificates', 'organizations', 'teams', 'team_members', 'users'] as const;

beforeAll(async () => {
  test = await createTestDatabase();
  app = buildTestApp(test.database).app;
  await app.ready();
  const organizer = await accountWithRole(app, test.database, 'organizer');
  cookie = organizer.cookie;
  const players = [await registerAccount(app), await registerAccount(app), await registerAccount(app), await registerAccount(app)];
  f = await buildTournamentFixture(app, organizer, players);
});

afterAll(async () => {
  await app.close();
  await test.remove();
});

async function counts(): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(test.database.db);
    result[table] = Number(rows[0]?.n);
  }
  return result;
}

type Method = 'POST' | 'PUT' | 'PATCH';
const BODY_ROUTES: { method: Method; url: () => string; valid: () => Record<string, unknown>; optional?: string[] }[] = [
  { method: 'POST', url: () => '/api/tournaments', valid: () => ({ name: 'Bad input cup', startDate: '2026-12-01', endDate: '2026-12-02', registrationStartDate: '2026-11-01', registrationEndDate: '2026-11-30', timeControl: { type: 'rapid', minutes: 15, increment: 10 }, entryFee: 10.25, maxParticipants: 20 }), optional: ['timeControl', 'entryFee', 'maxParticipants'] },
  { method: 'POST', url: () => '/api/tournaments/import-trf', valid: () => ({ trf: f.trf }) },
  { method: 'PATCH', url: () => `/api/tournaments/${f.draft}`, valid: () => ({ name: 'Renamed', maxParticipants: 30 }), optional: ['name', 'maxParticipants'] },
  { method: 'POST', url: () => `/api/tournaments/${f.roundsOnly}/late-entries`, valid: () => ({ userId: 999_999, missedRounds: 'half' }), optional: ['missedRounds'] },
  { method: 'PUT', url: () => `/api/registrations/${f.pendingToReject}/reject`, valid: () => ({ reason: 'Too late' }) },
  { method: 'POST', url: () => `/api/registrations/${f.studentInRunning}/byes`, valid: () => ({ roundNumber: 1, kind: 'half' }) },
  { method: 'POST', url: () => `/api/tournaments/${f.running}/rounds`, valid: () => ({ roundNumber: 3, name: 'Round 3' }) },
  { method: 'POST', url: () => `/api/rounds/${f.roundCreated}/pairings`, valid: () => ({ boards: [{ boardNumber: 1, whiteUserId: 1, blackUserId: 1, byeKind: null }] }), optional: ['boards'] },
  { method: 'PUT', url: () => `/api/games/${f.gameId}/result`, valid: () => ({ result: '1-0', resultReason: 'checkmate', note: 'x' }), optional: ['resultReason', 'note'] },
  { method: 'PUT', url: () => `/api/appeals/${f.appealId}/resolve`, valid: () => ({ result: '1-0', note: 'Checked' }) },
  { method: 'POST', url: () => '/api/organizations', valid: () => ({ name: 'Club', type: 'chess_club', contactEmail: 'bad', zipCode: '560001' }), optional: ['type', 'zipCode', 'contactEmail'] },
  { method: 'POST', url: () => `/api/organizations/${f.organization}/teams`, valid: () => ({ name: '', maxMembers: 10 }), optional: ['maxMembers'] },
  { method: 'POST', url: () => `/api/teams/${f.team}/members`, valid: () => ({ userId: 999_999, role: 'member' }), optional: ['role'] },
];

function wrongType(value: unknown): unknown {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return 'twelve';
  if (Array.isArray(value)) return 'not a list';
  return 7;
}

function badCases(route: (typeof BODY_ROUTES)[number]): { name: string; options: InjectOptions }[] {
  const json = { cookie, 'content-type': 'application/json' };
  const send = (payload: string, headers: Record<string, string> = json): InjectOptions => ({ method: route.method, url: route.url(), headers, payload });
  const valid = route.valid();
  const cases = [
    { name: 'malformed JSON', options: send('{"name": "a",') },
    { name: 'a JSON list', options: send('[]') },
    { name: 'a JSON number', options: send('42') },
    { name: 'text/plain', options: send(JSON.stringify(valid), { cookie, 'content-type': 'text/plain' }) },
    { name: 'an unknown field', options: send(JSON.stringify({ ...valid, isAdmin: true })) },
    { name: 'a prototype-polluting key', options: send(`{"__proto__": {"admin": true}, ${JSON.stringify(valid).slice(1)}`) },
  ];
  for (const [key, value] of Object.entries(valid)) {
    cases.push({ name: `${key} of the wrong type`, options: send(JSON.stringify({ ...valid, [key]: wrongType(value) })) });
    if (!route.optional?.includes(key)) cases.push({ name: `${key} missing`, options: send(JSON.stringify({ ...valid, [key]: undefined })) });
    if (typeof value === 'string') cases.push({ name: `${key} a 3 MB string`, options: send(JSON.stringify({ ...valid, [key]: 'x'.repeat(3 * 1024 * 1024) })) });
  }
  return cases;
}

describe('bad input on the tournament routes', () => {
  for (const route of BODY_ROUTES) {
    it(`${route.method} ${route.url.toString().replace(/^\(\) => /, '')}: every bad body answers 4xx JSON and stores nothing`, async () => {
      for (const { name, options } of badCases(route)) {
        const before = await counts();
        const response = await app.inject(options);
        expect(response.statusCode, `${name}: ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, name).toBeLessThan(500);
        expect(errorResponseSchema.safeParse(response.json()).success, name).toBe(true);
        expect(await counts(), name).toEqual(before);
      }
    });
  }

  it.each([
    ['a tournament id that is not a number', 'GET', '/api/tournaments/abc'],
    ['a tournament id past the integer range', 'GET', '/api/tournaments/99999999999/snapshot'],
    ['an unknown tournament', 'GET', '/api/tournaments/424242/standings'],
    ['an unknown registration status', 'GET', '/api/tournaments/1/registrations?status=accepted'],
    ['an unknown query parameter', 'GET', '/api/tournaments/1/registrations?sort=name'],
    ['an unknown round', 'GET', '/api/rounds/424242'],
    ['an unknown registration', 'PUT', '/api/registrations/424242/approve'],
    ['an unknown game', 'PUT', '/api/games/424242/result'],
    ['a negative round id', 'PUT', '/api/rounds/-3/start'],
    ['an unknown organization', 'GET', '/api/organizations/424242'],
    ['SQL in an id', 'GET', `/api/tournaments/${encodeURIComponent('1 or 1=1')}/trf`],
  ] as const)('%s answers 4xx JSON', async (_name, method, url) => {
    const response = await app.inject({ method, url, headers: { cookie }, ...(method === 'PUT' ? { payload: { result: '1-0' } } : {}) });
    expect(response.statusCode, response.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(errorResponseSchema.safeParse(response.json()).success).toBe(true);
  });

  it('rejects every tournament mutation with bad arguments, changing nothing', async () => {
    const before = await counts();
    const t = f.running;
    const mutations = [
      { name: 'updateTournament', args: { tournamentId: t, fields: {} } },
      { name: 'updateTournament', args: { tournamentId: t, fields: { status: 'paused' } } },
      { name: 'registerForTournament', args: { tournamentId: 'one' } },
      { name: 'approveRegistration', args: { tournamentId: t } },
      { name: 'rejectRegistration', args: { tournamentId: t, userId: 1, reason: '' } },
      { name: 'withdrawRegistration', args: { tournamentId: t, userId: -1 } },
      { name: 'addLateEntry', args: { tournamentId: t, userId: 1, userName: '', userElo: null, missedRounds: 'zero' } },
      { name: 'requestBye', args: { tournamentId: t, userId: 1, roundNumber: 2, kind: 'full' } },
      { name: 'createRound', args: { tournamentId: t, roundNumber: 0, name: 'Round 0', startTime: null } },
      { name: 'publishPairings', args: { tournamentId: t, roundNumber: 2, boards: [] } },
      { name: 'startRound', args: { tournamentId: t, roundNumber: 1.5 } },
      { name: 'enterResult', args: { tournamentId: t, roundNumber: 1, boardNumber: 1, whiteUserId: 1, blackUserId: 2, result: '2-0', resultReason: null } },
      { name: 'correctResult', args: { tournamentId: t, roundNumber: 1, boardNumber: 1, result: '1-0', note: '' } },
      { name: 'resolveDispute', args: { tournamentId: t, appealId: f.appealId, result: '1-0', note: 'x'.repeat(10_000) } },
      { name: 'issueCertificates', args: { tournamentId: t, extra: true } },
      // Valid shape, refused by the rules: unknown tournament, an illegal pairing.
      { name: 'startRound', args: { tournamentId: 424242, roundNumber: 1 } },
      { name: 'publishPairings', args: { tournamentId: t, roundNumber: 1, boards: [{ boardNumber: 1, whiteUserId: 1, blackUserId: null, byeKind: 'full' }] } },
    ].map((mutation, index) => ({ id: index + 1, ...mutation }));
    const response = await app.inject({ method: 'POST', url: '/api/sync/push', headers: { cookie }, payload: { clientId: uuid(77, 0xbad), mutations } });
    expect(response.statusCode, response.body).toBe(200);
    const { results } = pushResponseSchema.parse(response.json());
    expect(results.map((each) => each.status)).toEqual(mutations.map(() => 'rejected'));
    expect(await counts()).toEqual(before);
  });
});
