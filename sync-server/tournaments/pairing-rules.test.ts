/**
 * Issue 29 on the server (SQLite, and PostgreSQL with DATABASE_URL): a Swiss created with
 * acceleration and 'keep players of the same school or club apart for the first N rounds', its
 * rules validated, stored (the arbiter_settings migration) and honoured by the pairing, and the
 * TRF export carrying them as TRF-2026 records.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registrationSchema, roundSchema, roundWithPairingsSchema, tournamentSchema, tournamentSnapshotSchema } from '../../schema';
import { parseTrf } from '../../domain/tournament';
import { createTestDatabase, type TestDatabase } from '../core/test-db';
import { accountWithRole, buildTestApp, expectJsonError, registerAccount, type Account } from '../testing/test-server';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let test: TestDatabase;
let app: FastifyInstance;
let organizer: Account;
const players: Account[] = [];
let schools: number[] = [];

beforeAll(async () => {
  test = await createTestDatabase();
  app = buildTestApp(test.database).app;
  await app.ready();
  organizer = await accountWithRole(app, test.database, 'organizer');
  const db = test.database.db;
  schools = [];
  for (const name of ['Hill School', 'River School']) {
    const row = await db.insertInto('organizations').values({ name, type: 'middle_school' }).returning('id').executeTakeFirstOrThrow();
    schools.push(row.id);
  }
  // Eight players: six of Hill School, two of River School.
  for (let i = 0; i < 8; i++) {
    const player = await registerAccount(app);
    await db.updateTable('users').set({ schoolId: schools[i < 6 ? 0 : 1] as number, eloRating: 1800 - i * 50 }).where('id', '=', player.user.id).execute();
    players.push(player);
  }
});

afterAll(async () => {
  await app.close();
  await test.remove();
});

const call = (account: Account, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: { cookie: account.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

const TOURNAMENT = {
  name: 'Schools Open',
  startDate: '2026-12-01T09:00:00.000Z',
  endDate: '2026-12-01T18:00:00.000Z',
  registrationStartDate: '2026-11-01T00:00:00.000Z',
  registrationEndDate: '2026-11-30T00:00:00.000Z',
  timeControl: { type: 'rapid', minutes: 15, increment: 10 },
  rounds: 5,
};

async function running(pairingRules: unknown) {
  const created = await call(organizer, 'POST', '/api/tournaments', { ...TOURNAMENT, pairingRules });
  expect(created.statusCode, created.body).toBe(201);
  const tournament = tournamentSchema.parse(created.json());
  for (const status of ['registration_open']) expect((await call(organizer, 'PATCH', `/api/tournaments/${tournament.id}`, { status })).statusCode).toBe(200);
  for (const player of players) {
    const registration = registrationSchema.parse((await call(player, 'POST', `/api/tournaments/${tournament.id}/register`, { sectionId: 1 })).json());
    expect((await call(organizer, 'PUT', `/api/registrations/${registration.id}/approve`)).statusCode).toBe(200);
  }
  for (const status of ['registration_closed', 'in_progress']) expect((await call(organizer, 'PATCH', `/api/tournaments/${tournament.id}`, { status })).statusCode).toBe(200);
  return tournament;
}

async function pairRound(id: number, roundNumber: number) {
  const round = roundSchema.parse((await call(organizer, 'POST', `/api/tournaments/${id}/rounds`, { roundNumber, name: `Round ${roundNumber}` })).json());
  const paired = await call(organizer, 'POST', `/api/rounds/${round.id}/pairings`, {});
  expect(paired.statusCode, paired.body).toBe(200);
  return { round, boards: roundWithPairingsSchema.parse(paired.json()).pairings };
}

describe('pairing rules of a Swiss', () => {
  it('refuses bad rules with a 400 and words, never a 500', async () => {
    for (const pairingRules of [
      { acceleration: 'fast' },
      { acceleration: 'custom', virtualPoints: [] },
      { keepApartRounds: -1 },
      { acceleration: 'custom', virtualPoints: [{ points: 0.3, firstRound: 1, lastRound: 2, firstPlayer: 1, lastPlayer: 4 }] },
      { prohibitedPairs: [{ userIds: [5, 5], firstRound: 1, lastRound: 2 }] },
      { keepApartRounds: 2, extra: true },
    ]) {
      expectJsonError(await call(organizer, 'POST', '/api/tournaments', { ...TOURNAMENT, pairingRules }), 400);
    }
  });

  it('stores Baku and keep-schools-apart, shows each player\'s school, and keeps the schools apart where it can', async () => {
    const tournament = await running({ acceleration: 'baku', keepApartRounds: 2 });
    const snap = tournamentSnapshotSchema.parse((await call(organizer, 'GET', `/api/tournaments/${tournament.id}/snapshot`)).json());
    expect(snap.tournament.pairingRules).toEqual({ acceleration: 'baku', virtualPoints: [], keepApartRounds: 2, prohibitedPairs: [] });
    expect(snap.registrations.map((entry) => entry.organizationName).sort()).toEqual([...Array(6).fill('Hill School'), 'River School', 'River School']);
    const school = new Map(snap.registrations.map((entry) => [entry.userId, entry.organizationId]));
    const { boards } = await pairRound(tournament.id, 1);
    // Six of eight from one school: at most two Hill-Hill boards can be avoided, so two remain.
    const games = boards.filter((board) => board.blackPlayerId !== null);
    const river = games.filter((board) => school.get(board.whitePlayerId) !== school.get(board.blackPlayerId as number));
    expect(river).toHaveLength(2);
    // The TRF export carries the rules: 192 FIDE_DUTCH_BAKU and a 260 record for Hill School's six.
    const trf = await call(organizer, 'GET', `/api/tournaments/${tournament.id}/trf`);
    expect(trf.statusCode, trf.body).toBe(200);
    const parsed = parseTrf(trf.body);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.system).toBe('FIDE_DUTCH_BAKU');
    expect(parsed.value.acceleration).toBe('baku');
    expect(parsed.value.prohibitedPairs.map((pp) => [pp.firstRound, pp.lastRound, pp.players.length]).sort()).toEqual([[1, 2, 2], [1, 2, 6]]);
  });

  it('takes custom virtual points and pairs of players, and edits them with PATCH', async () => {
    const rules = {
      acceleration: 'custom',
      virtualPoints: [{ points: 1, firstRound: 1, lastRound: 2, firstPlayer: 1, lastPlayer: 4 }],
      prohibitedPairs: [{ userIds: [players[0]?.user.id, players[4]?.user.id], firstRound: 1, lastRound: 5 }],
    };
    const tournament = await running(rules);
    const { boards } = await pairRound(tournament.id, 1);
    const met = boards.some((b) => [b.whitePlayerId, b.blackPlayerId].includes(players[0]?.user.id as number) && [b.whitePlayerId, b.blackPlayerId].includes(players[4]?.user.id as number));
    expect(met).toBe(false);
    // With 1 virtual point for the top four, 1-4 are one score group: 1 meets 3, 2 meets 4 (C.04.3 S1 v S2).
    const top = boards.find((b) => [b.whitePlayerId, b.blackPlayerId].includes(players[0]?.user.id as number))!;
    expect([top.whitePlayerId, top.blackPlayerId]).toContain(players[2]?.user.id);
    const patched = await call(organizer, 'PATCH', `/api/tournaments/${tournament.id}`, { pairingRules: { acceleration: 'none', keepApartRounds: 3 } });
    expect(patched.statusCode, patched.body).toBe(200);
    const snap = tournamentSnapshotSchema.parse((await call(organizer, 'GET', `/api/tournaments/${tournament.id}/snapshot`)).json());
    expect(snap.tournament.pairingRules).toMatchObject({ acceleration: 'none', keepApartRounds: 3 });
    // School team standings: stored beside the pairing rules, refused when out of range, removed with null.
    expectJsonError(await call(organizer, 'PATCH', `/api/tournaments/${tournament.id}`, { teamStandings: { bestOf: 0, tieBreak: 'places' } }), 400);
    expectJsonError(await call(organizer, 'PATCH', `/api/tournaments/${tournament.id}`, { teamStandings: { bestOf: 3, tieBreak: 'rating' } }), 400);
    expect((await call(organizer, 'PATCH', `/api/tournaments/${tournament.id}`, { teamStandings: { bestOf: 3, tieBreak: 'buchholz' } })).statusCode).toBe(200);
    let again = tournamentSnapshotSchema.parse((await call(organizer, 'GET', `/api/tournaments/${tournament.id}/snapshot`)).json());
    expect(again.tournament.teamStandings).toEqual({ bestOf: 3, tieBreak: 'buchholz' });
    expect(again.tournament.pairingRules).toMatchObject({ keepApartRounds: 3 });
    expect((await call(organizer, 'PATCH', `/api/tournaments/${tournament.id}`, { teamStandings: null })).statusCode).toBe(200);
    again = tournamentSnapshotSchema.parse((await call(organizer, 'GET', `/api/tournaments/${tournament.id}/snapshot`)).json());
    expect(again.tournament.teamStandings).toBeUndefined();
  });
});

describe('the rating report\'s data (issue 29)', () => {
  it('gives managers each player\'s FIDE ID and year of birth, other players neither, and writes the FIDE IDs in the TRF', async () => {
    const db = test.database.db;
    const [first, second] = players as [Account, Account];
    await db.updateTable('users').set({ federationId: '35011111', dateOfBirth: '2012-05-04' }).where('id', '=', first.user.id).execute();
    await db.updateTable('users').set({ federationId: '35022222' }).where('id', '=', second.user.id).execute();
    const tournament = await running({});
    const asManager = tournamentSnapshotSchema.parse((await call(organizer, 'GET', `/api/tournaments/${tournament.id}/snapshot`)).json());
    const mine = asManager.registrations.find((entry) => entry.userId === first.user.id)!;
    expect([mine.fideId, mine.birthYear]).toEqual(['35011111', 2012]);
    const asPlayer = tournamentSnapshotSchema.parse((await call(second, 'GET', `/api/tournaments/${tournament.id}/snapshot`)).json());
    const other = asPlayer.registrations.find((entry) => entry.userId === first.user.id)!;
    expect([other.fideId, other.birthYear]).toEqual([null, null]);
    expect(asPlayer.registrations.find((entry) => entry.userId === second.user.id)?.fideId).toBe('35022222');
    const trf = parseTrf((await call(organizer, 'GET', `/api/tournaments/${tournament.id}/trf`)).body);
    expect(trf.ok).toBe(true);
    if (!trf.ok) return;
    // Ratings from the accounts (1800 - 50 i), FIDE IDs where the account has one.
    expect(trf.value.players.filter((p) => p.fideId !== '').map((p) => [p.rating, p.fideId])).toEqual([[1800, '35011111'], [1750, '35022222']]);
  });
});
