import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  pushResponseSchema,
  registrationSchema,
  roundSchema,
  roundWithPairingsSchema,
  standingSchema,
  tournamentSchema,
  tournamentSnapshotSchema,
  type TournamentSnapshot,
} from '../../schema';
import { parseTrf } from '../../domain/tournament';
import { createTestDatabase, type TestDatabase } from '../core/test-db';
import { accountWithRole, buildTestApp, expectJsonError, registerAccount, uuid, type Account } from '../testing/test-server';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let test: TestDatabase;
let app: FastifyInstance;
let organizer: Account;
let players: Account[];

beforeAll(async () => {
  test = await createTestDatabase();
  app = buildTestApp(test.database).app;
  await app.ready();
  organizer = await accountWithRole(app, test.database, 'organizer');
  players = [];
  for (let i = 0; i < 9; i++) players.push(await registerAccount(app));
});

afterAll(async () => {
  await app.close();
  await test.remove();
});

async function call(account: Account | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) {
  return app.inject({ method, url, headers: account ? { cookie: account.cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function ok<T>(response: Awaited<ReturnType<typeof call>>, parse: (value: unknown) => T, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return parse(response.json());
}

const TOURNAMENT = {
  name: 'Hall Open',
  startDate: '2026-12-01T09:00:00.000Z',
  endDate: '2026-12-01T18:00:00.000Z',
  registrationStartDate: '2026-11-01T00:00:00.000Z',
  registrationEndDate: '2026-11-30T00:00:00.000Z',
  timeControl: { type: 'rapid', minutes: 15, increment: 10 },
  rounds: 5,
  organizerId: 1,
};

async function createTournament(overrides: Record<string, unknown> = {}) {
  return ok(await call(organizer, 'POST', '/api/tournaments', { ...TOURNAMENT, ...overrides }), (v) => tournamentSchema.parse(v), 201);
}

async function snapshot(id: number, account: Account = organizer): Promise<TournamentSnapshot> {
  return ok(await call(account, 'GET', `/api/tournaments/${id}/snapshot`), (v) => tournamentSnapshotSchema.parse(v));
}

async function setStatus(id: number, status: string) {
  return call(organizer, 'PATCH', `/api/tournaments/${id}`, { status });
}

/** A tournament in progress with `count` approved players (and the next `pending` still pending: they asked to play). */
async function running(count: number, overrides: Record<string, unknown> = {}, pending = 0) {
  const tournament = await createTournament(overrides);
  expect((await setStatus(tournament.id, 'registration_open')).statusCode).toBe(200);
  for (const player of players.slice(0, count)) {
    const registration = await ok(await call(player, 'POST', `/api/tournaments/${tournament.id}/register`, { sectionId: 1 }), (v) => registrationSchema.parse(v), 201);
    await ok(await call(organizer, 'PUT', `/api/registrations/${registration.id}/approve`), (v) => registrationSchema.parse(v));
  }
  for (const player of players.slice(count, count + pending)) {
    await ok(await call(player, 'POST', `/api/tournaments/${tournament.id}/register`, { sectionId: 1 }), (v) => registrationSchema.parse(v), 201);
  }
  expect((await setStatus(tournament.id, 'registration_closed')).statusCode).toBe(200);
  expect((await setStatus(tournament.id, 'in_progress')).statusCode).toBe(200);
  return tournament;
}

async function playRound(id: number, roundNumber: number) {
  const round = await ok(await call(organizer, 'POST', `/api/tournaments/${id}/rounds`, { roundNumber, name: `Round ${roundNumber}` }), (v) => roundSchema.parse(v), 201);
  const paired = await ok(await call(organizer, 'POST', `/api/rounds/${round.id}/pairings`, {}), (v) => roundWithPairingsSchema.parse(v));
  await ok(await call(organizer, 'PUT', `/api/rounds/${round.id}/start`), (v) => roundSchema.parse(v));
  for (const board of paired.pairings) {
    if (board.gameId === null) continue;
    const result = ['1-0', '0-1', '1/2-1/2'][board.boardNumber % 3];
    expect((await call(organizer, 'PUT', `/api/games/${board.gameId}/result`, { result, resultReason: result === '1/2-1/2' ? 'draw_agreement' : 'resignation', ...(result === '1/2-1/2' ? { advancesPlayerId: board.whitePlayerId } : {}) })).statusCode).toBe(200);
  }
  return round;
}

describe('creating and the status machine', () => {
  it('creates a draft owned by the signed-in user, with the spec defaults', async () => {
    const tournament = await createTournament({ entryFee: 150.5 });
    expect(tournament).toMatchObject({ status: 'draft', organizerId: organizer.user.id, format: 'swiss', currency: 'INR', entryFee: 150.5 });
    expect(await ok(await call(players[0] ?? null, 'GET', `/api/tournaments/${tournament.id}`), (v) => tournamentSchema.parse(v))).toEqual(tournament);
    const list = await ok(await call(players[0] ?? null, 'GET', '/api/tournaments'), (v) => tournamentSchema.array().parse(v));
    expect(list.map((each) => each.id)).toContain(tournament.id);
  });

  it.each([
    ['draft', 'in_progress', 409],
    ['draft', 'completed', 409],
    ['draft', 'registration_open', 200],
    ['draft', 'cancelled', 200],
  ])('%s -> %s answers %i', async (_from, to, status) => {
    const tournament = await createTournament();
    const response = await setStatus(tournament.id, to);
    expect(response.statusCode, response.body).toBe(status);
  });

  it('refuses leaving cancelled, with the states in the message', async () => {
    const tournament = await createTournament();
    await setStatus(tournament.id, 'cancelled');
    expect(expectJsonError(await setStatus(tournament.id, 'registration_open'), 409)).toBe('A tournament cannot go from Cancelled to Registration Open.');
    expect(expectJsonError(await call(organizer, 'GET', '/api/tournaments/999999'), 404)).toBe('Tournament not found');
  });
});

describe('registrations', () => {
  it('waitlists when full and promotes through approve', async () => {
    const tournament = await createTournament({ maxParticipants: 2 });
    await setStatus(tournament.id, 'registration_open');
    const ids: number[] = [];
    for (const player of players.slice(0, 3)) {
      ids.push((await ok(await call(player, 'POST', `/api/tournaments/${tournament.id}/register`, { sectionId: 1 }), (v) => registrationSchema.parse(v), 201)).id);
    }
    await call(organizer, 'PUT', `/api/registrations/${ids[0]}/approve`);
    await call(organizer, 'PUT', `/api/registrations/${ids[1]}/approve`);
    const third = await ok(await call(organizer, 'PUT', `/api/registrations/${ids[2]}/approve`), (v) => registrationSchema.parse(v));
    expect(third.status).toBe('waitlisted');
    expect((await call(players[0] ?? null, 'GET', `/api/tournaments/${tournament.id}/registration-stats`)).json()).toEqual({ confirmed: 2, pending: 0, waitlisted: 1 });
    expectJsonError(await call(organizer, 'PUT', `/api/registrations/${ids[2]}/approve`), 409);
    await ok(await call(players[1] ?? null, 'PUT', `/api/registrations/${ids[1]}/withdraw`), (v) => registrationSchema.parse(v));
    expect((await ok(await call(organizer, 'PUT', `/api/registrations/${ids[2]}/approve`), (v) => registrationSchema.parse(v))).status).toBe('confirmed');
    const waitlisted = await call(organizer, 'GET', `/api/tournaments/${tournament.id}/registrations?status=confirmed`);
    expect((waitlisted.json() as unknown[]).length).toBe(2);
  });

  it('rejects with a reason', async () => {
    const tournament = await createTournament();
    await setStatus(tournament.id, 'registration_open');
    const registration = await ok(await call(players[0] ?? null, 'POST', `/api/tournaments/${tournament.id}/register`, {}), (v) => registrationSchema.parse(v), 201);
    expectJsonError(await call(organizer, 'PUT', `/api/registrations/${registration.id}/reject`, { reason: '' }), 400);
    const rejected = await ok(await call(organizer, 'PUT', `/api/registrations/${registration.id}/reject`, { reason: 'Wrong section' }), (v) => registrationSchema.parse(v));
    expect(rejected).toMatchObject({ status: 'cancelled', cancellationReason: 'Wrong section' });
    expectJsonError(await call(players[1] ?? null, 'PUT', `/api/registrations/${registration.id}/withdraw`), 403);
  });

  it('refuses registering outside registration_open', async () => {
    const tournament = await createTournament();
    expect(expectJsonError(await call(players[0] ?? null, 'POST', `/api/tournaments/${tournament.id}/register`, {}), 409)).toBe('Registration is not open for this tournament.');
  });
});

describe('a 9-player Swiss run online', () => {
  it('plays five rounds with byes, a late entry, a correction, standings and a TRF round trip', async () => {
    const tournament = await running(8, {}, 1);
    const registrations = (await snapshot(tournament.id)).registrations;
    const byeFor = registrations[2];
    await ok(await call(players[2] ?? null, 'POST', `/api/registrations/${byeFor?.id}/byes`, { roundNumber: 1, kind: 'half' }), (v) => registrationSchema.parse(v));
    await playRound(tournament.id, 1);
    let state = await snapshot(tournament.id);
    expect(state.rounds[0]?.status).toBe('completed');
    expect(state.rounds[0]?.pairings.find((board) => board.whitePlayerId === players[2]?.user.id)).toMatchObject({ isBye: true, byeKind: 'half' });
    // Issue 20: no final position (no Top 3 badge) while rounds remain.
    const midway = (await call(players[0] ?? null, 'GET', `/api/users/${players[0]?.user.id}/tournament-history`)).json() as { tournamentId: number; finalPosition: number | null; result: string | null }[];
    expect(midway.find((item) => item.tournamentId === tournament.id)).toMatchObject({ finalPosition: null, result: null });
    // A late entry joins round 2 with the points chosen for round 1.
    const late = await ok(await call(organizer, 'POST', `/api/tournaments/${tournament.id}/late-entries`, { userId: players[8]?.user.id, missedRounds: 'half' }), (v) => registrationSchema.parse(v), 201);
    expect(late).toMatchObject({ status: 'confirmed', lateEntry: { fromRound: 2, missedRounds: 'half' } });
    for (let round = 2; round <= 5; round++) await playRound(tournament.id, round);
    state = await snapshot(tournament.id);
    expect(state.rounds.map((round) => round.status)).toEqual(['completed', 'completed', 'completed', 'completed', 'completed']);
    const seen = new Set<string>();
    for (const round of state.rounds) {
      for (const board of round.pairings) {
        if (board.blackPlayerId === null) continue;
        const key = [board.whitePlayerId, board.blackPlayerId].sort().join('-');
        expect(seen.has(key)).toBe(false);
        seen.add(key);
      }
    }
    // Correct a result with a note.
    const game = state.rounds[4]?.pairings.find((board) => board.gameId !== null);
    expectJsonError(await call(organizer, 'PUT', `/api/games/${game?.gameId}/result`, { result: '0-1', note: '' }), 400);
    const corrected = await call(organizer, 'PUT', `/api/games/${game?.gameId}/result`, { result: game?.gameResult === '0-1' ? '1-0' : '0-1', note: 'Wrong box ticked' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const standings = await ok(await call(players[0] ?? null, 'GET', `/api/tournaments/${tournament.id}/standings`), (v) => standingSchema.array().parse(v));
    expect(standings).toHaveLength(9);
    expect(standings.reduce((sum, row) => sum + row.score, 0)).toBeGreaterThan(0);
    expect(standings[0]?.tieBreaks.map((each) => each.name)).toEqual(['buchholz', 'sonneborn_berger', 'head_to_head']);
    expect((await setStatus(tournament.id, 'completed')).statusCode).toBe(200);
    const ratings = await test.database.db.selectFrom('ratingSnapshots').selectAll().where('tournamentId', '=', tournament.id).execute();
    expect(ratings).toHaveLength(9);
    expect(ratings.reduce((sum, row) => sum + Number(row.score), 0)).toBe(standings.reduce((sum, row) => sum + row.score, 0));
    expect(ratings.some((row) => row.ratingChange !== 0)).toBe(true);
    // History and certificates.
    const history = (await call(players[0] ?? null, 'GET', `/api/users/${players[0]?.user.id}/tournament-history`)).json() as { tournamentId: number; finalPosition: number | null }[];
    expect(history.find((item) => item.tournamentId === tournament.id)?.finalPosition).toBe(standings.findIndex((row) => row.userId === players[0]?.user.id) + 1);
    const certificates = await call(organizer, 'POST', `/api/tournaments/${tournament.id}/certificates`);
    expect(certificates.statusCode, certificates.body).toBe(200);
    const issued = certificates.json() as { certificateType: string; placement: number | null }[];
    expect(issued.map((each) => each.certificateType).slice(0, 3)).toEqual(['winner', 'runner_up', 'third_place']);
    // One certificate per place: 1..9, none shared, exactly one winner.
    expect(issued.map((each) => each.placement).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(issued.filter((each) => each.certificateType === 'winner')).toHaveLength(1);
    // TRF: export, parse, import as a new tournament with the same results.
    const trf = await call(organizer, 'GET', `/api/tournaments/${tournament.id}/trf`);
    expect(trf.statusCode).toBe(200);
    const parsed = parseTrf(trf.body);
    expect(parsed.ok && parsed.value.players.length).toBe(9);
    const imported = await ok(await call(organizer, 'POST', '/api/tournaments/import-trf', { trf: trf.body }), (v) => tournamentSchema.parse(v), 201);
    const copy = await snapshot(imported.id);
    expect(copy.rounds).toHaveLength(5);
    const importedStandings = await ok(await call(organizer, 'GET', `/api/tournaments/${imported.id}/standings`), (v) => standingSchema.array().parse(v));
    expect(importedStandings.map((row) => row.score)).toEqual(standings.map((row) => row.score));
    expectJsonError(await call(organizer, 'POST', '/api/tournaments/import-trf', { trf: 'not a trf file\n001 x' }), 400);
  });
});

describe('offline devices', () => {
  async function push(account: Account, clientId: string, mutations: unknown[]) {
    const response = await call(account, 'POST', '/api/sync/push', { clientId, mutations });
    expect(response.statusCode, response.body).toBe(200);
    return pushResponseSchema.parse(response.json());
  }

  it('first pairing wins; a result against the losing pairing and a conflicting result become disputes', async () => {
    const tournament = await running(4);
    const id = tournament.id;
    const deviceA = uuid(id, 0xa1);
    const deviceB = uuid(id, 0xb2);
    const players4 = (await snapshot(id)).registrations.map((entry) => entry.userId);
    const [p1, p2, p3, p4] = players4 as [number, number, number, number];
    const boardsA = [
      { boardNumber: 1, whiteUserId: p1, blackUserId: p2, byeKind: null },
      { boardNumber: 2, whiteUserId: p3, blackUserId: p4, byeKind: null },
    ];
    const boardsB = [
      { boardNumber: 1, whiteUserId: p1, blackUserId: p3, byeKind: null },
      { boardNumber: 2, whiteUserId: p2, blackUserId: p4, byeKind: null },
    ];
    const round = { tournamentId: id, roundNumber: 1 };
    const a = await push(organizer, deviceA, [
      { id: 1, name: 'createRound', args: { ...round, name: 'Round 1', startTime: null } },
      { id: 2, name: 'publishPairings', args: { ...round, boards: boardsA } },
      { id: 3, name: 'startRound', args: round },
      { id: 4, name: 'enterResult', args: { ...round, boardNumber: 1, whiteUserId: p1, blackUserId: p2, result: '1-0', resultReason: 'checkmate' } },
      { id: 5, name: 'enterResult', args: { ...round, boardNumber: 2, whiteUserId: p3, blackUserId: p4, result: '1/2-1/2', resultReason: null } },
    ]);
    expect(a.results.map((each) => each.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
    const b = await push(organizer, deviceB, [
      { id: 1, name: 'createRound', args: { ...round, name: 'Round 1', startTime: null } },
      { id: 2, name: 'publishPairings', args: { ...round, boards: boardsB } },
      { id: 3, name: 'startRound', args: round },
      { id: 4, name: 'enterResult', args: { ...round, boardNumber: 1, whiteUserId: p1, blackUserId: p3, result: '0-1', resultReason: null } },
    ]);
    expect(b.results.map((each) => each.status)).toEqual(['applied', 'rejected', 'applied', 'applied']);
    expect(b.results[1]?.error).toBe('Round 1 was already paired on another device: its pairings are shown instead.');
    // A second device enters a different result for a game device A already scored.
    const c = await push(organizer, uuid(id, 0xc3), [
      { id: 1, name: 'enterResult', args: { ...round, boardNumber: 1, whiteUserId: p1, blackUserId: p2, result: '0-1', resultReason: null } },
      { id: 2, name: 'enterResult', args: { ...round, boardNumber: 2, whiteUserId: p3, blackUserId: p4, result: '1/2-1/2', resultReason: null } },
    ]);
    expect(c.results.map((each) => each.status)).toEqual(['applied', 'applied']);
    // Pushing again is a duplicate: applied exactly once.
    const again = await push(organizer, deviceA, [{ id: 5, name: 'enterResult', args: { ...round, boardNumber: 2, whiteUserId: p3, blackUserId: p4, result: '1/2-1/2', resultReason: null } }]);
    expect(again.results[0]?.status).toBe('duplicate');
    const state = await snapshot(id);
    expect(state.rounds).toHaveLength(1);
    expect(state.rounds[0]?.pairings.map((board) => [board.whitePlayerId, board.blackPlayerId, board.gameResult])).toEqual([
      [p1, p2, '1-0'],
      [p3, p4, '1/2-1/2'],
    ]);
    expect(state.disputes.map((each) => [each.appealType, each.boardNumber, each.submissions.map((s) => s.result)])).toEqual([
      ['pairing_conflict', 1, ['0-1']],
      ['result_dispute', 1, ['1-0', '0-1']],
    ]);
    // The organiser resolves the dispute.
    const dispute = state.disputes[1];
    const resolved = await call(organizer, 'PUT', `/api/appeals/${dispute?.id}/resolve`, { result: '0-1', note: 'Both players signed 0-1' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect((await snapshot(id)).rounds[0]?.pairings[0]?.gameResult).toBe('0-1');
  });

  it('refuses a mutation the rules refuse, with the rule\'s words, and a player\'s edit', async () => {
    const tournament = await createTournament();
    const result = await push(organizer, uuid(tournament.id, 0xd4), [{ id: 1, name: 'updateTournament', args: { tournamentId: tournament.id, fields: { status: 'completed' } } }]);
    expect(result.results[0]).toEqual({ id: 1, status: 'rejected', error: 'A tournament cannot go from Draft to Completed.' });
    const byPlayer = await push(players[0] as Account, uuid(tournament.id, 0xd5), [{ id: 1, name: 'updateTournament', args: { tournamentId: tournament.id, fields: { status: 'registration_open' } } }]);
    expect(byPlayer.results[0]?.status).toBe('rejected');
  });

  it('a player sees the snapshot without other players\' contact details', async () => {
    const tournament = await running(3);
    const seen = await snapshot(tournament.id, players[0] as Account);
    const others = seen.registrations.filter((entry) => entry.userId !== players[0]?.user.id);
    expect(others.every((entry) => entry.userEmail === null)).toBe(true);
    expect(seen.registrations.find((entry) => entry.userId === players[0]?.user.id)?.userEmail).toBe(players[0]?.email);
  });
});

describe('other formats', () => {
  it.each([
    ['round_robin', 6, 5],
    ['single_elimination', 8, 3],
  ])('a %s of %i players runs %i rounds to the end', async (format, count, rounds) => {
    const tournament = await running(count, { format, rounds: null });
    for (let round = 1; round <= rounds; round++) await playRound(tournament.id, round);
    const state = await snapshot(tournament.id);
    expect(state.rounds.every((round) => round.status === 'completed')).toBe(true);
    const extra = await call(organizer, 'POST', `/api/tournaments/${tournament.id}/rounds`, { roundNumber: rounds + 1, name: 'extra' });
    const round = extra.json() as { id: number };
    expect((await call(organizer, 'POST', `/api/rounds/${round.id}/pairings`, {})).statusCode).toBe(409);
  });
});

describe('large Swiss fields', () => {
  it('are paired on the device: the route asks for the boards, and takes them', async () => {
    const extra: Account[] = [];
    for (let i = 0; i < 33; i++) extra.push(await registerAccount(app));
    const tournament = await createTournament();
    await setStatus(tournament.id, 'registration_open');
    for (const player of [...players, ...extra]) {
      const registration = await ok(await call(player, 'POST', `/api/tournaments/${tournament.id}/register`, {}), (v) => registrationSchema.parse(v), 201);
      await call(organizer, 'PUT', `/api/registrations/${registration.id}/approve`);
    }
    await setStatus(tournament.id, 'registration_closed');
    await setStatus(tournament.id, 'in_progress');
    const round = await ok(await call(organizer, 'POST', `/api/tournaments/${tournament.id}/rounds`, { roundNumber: 1, name: 'Round 1' }), (v) => roundSchema.parse(v), 201);
    expect(expectJsonError(await call(organizer, 'POST', `/api/rounds/${round.id}/pairings`, {}), 409)).toBe('Fields of more than 40 players are paired on your device: send the pairing it made.');
    const ids = (await snapshot(tournament.id)).registrations.map((entry) => entry.userId);
    const boards = Array.from({ length: ids.length / 2 }, (_, index) => ({ boardNumber: index + 1, whiteUserId: ids[index] as number, blackUserId: ids[index + ids.length / 2] as number, byeKind: null }));
    const paired = await ok(await call(organizer, 'POST', `/api/rounds/${round.id}/pairings`, { boards }), (v) => roundWithPairingsSchema.parse(v));
    expect(paired.pairings).toHaveLength(21);
  });
});
