import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { classCredentialsSchema, classSummarySchema, DEFAULT_CHESS_SETTINGS, pushResponseSchema, SYNC_PROTOCOL, tournamentSchema, type ClassCredential } from '../schema';
import { passwordPool } from './auth/password';
import { createTestDatabase, type TestDatabase } from './core/test-db';
import { accountWithRole, buildTestApp, sessionCookie, type Account, uuid } from './testing/test-server';
import { largeEventTrf } from './tournaments/large-event';

/**
 * Issue 18, bounded work: the event loop stays free (a 5 ms timer keeps ticking) while a large
 * event is imported, while a push of 100 refused mutations about it is applied, and while its
 * standings are asked for in parallel. Before the fixes each held the loop for the whole
 * operation (here 1.7 s, 15 s and 2.7-3.4 s); now the longest stall is a small part of it. The
 * bound is relative (under 40% of the operation's time, and under 1.5 s), because the machine
 * is shared: a loaded CPU stretches both. bench/stalls.ts measures the 200 ms target.
 */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let test: TestDatabase;
let app: FastifyInstance;
let organizer: Account;
let eventId: number;

/** The longest gap between ticks of a 5 ms timer while `work` runs, and how long it took. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ ms: number; totalMs: number; value: T }> {
  const start = performance.now();
  let last = start;
  let longest = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    const value = await work();
    const end = performance.now();
    return { ms: Math.max(longest, end - last), totalMs: end - start, value };
  } finally {
    clearInterval(ticker);
  }
}

const PLAYERS = 2000;

function expectFree(what: string, stall: { ms: number; totalMs: number }): void {
  console.log(`${what}: longest stall ${stall.ms.toFixed(0)} ms of ${stall.totalMs.toFixed(0)} ms`);
  // Half the request's time at most: 27% on a quiet machine, 45% once at load 14 on 2 cores.
  expect(stall.ms).toBeLessThan(Math.min(1500, stall.totalMs * 0.5));
}

beforeAll(async () => {
  test = await createTestDatabase();
  app = buildTestApp(test.database).app;
  await app.ready();
  organizer = await accountWithRole(app, test.database, 'organizer');
});

afterAll(async () => {
  await app.close();
  await test.remove();
});

describe('bounded work (issue 18)', () => {
  it(`imports a TRF of ${PLAYERS} players without holding the event loop`, async () => {
    const trf = largeEventTrf(PLAYERS, 3);
    const { value: response, ...stall } = await longestStall(() =>
      app.inject({ method: 'POST', url: '/api/tournaments/import-trf', headers: { cookie: organizer.cookie }, payload: { trf } }),
    );
    expect(response.statusCode, response.body).toBe(201);
    eventId = tournamentSchema.parse(response.json()).id;
    expectFree('import', stall);
  });

  it('applies a push of 100 refused startRound mutations for that event in short transactions', async () => {
    const mutations = Array.from({ length: 100 }, (_, i) => ({ id: i + 1, name: 'startRound', args: { tournamentId: eventId, roundNumber: 99 } }));
    const { value: response, ...stall } = await longestStall(() =>
      app.inject({ method: 'POST', url: '/api/sync/push', headers: { cookie: organizer.cookie }, payload: { protocol: SYNC_PROTOCOL, clientId: uuid(1, 0x18c), mutations } }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const results = pushResponseSchema.parse(response.json()).results;
    expect(results).toHaveLength(100);
    expect(results.filter((result) => result.status !== 'rejected')).toEqual([]);
    expectFree('push', stall);
  });

  it('answers 10 parallel standings of that event from one computation', async () => {
    const { value: responses, ...stall } = await longestStall(() =>
      Promise.all(Array.from({ length: 10 }, () => app.inject({ method: 'GET', url: `/api/tournaments/${eventId}/standings`, headers: { cookie: organizer.cookie } }))),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    expect(new Set(responses.map((response) => response.body)).size).toBe(1);
    expectFree('standings', stall);
  });
});

describe('password hashing holds no one up (issue 26)', () => {
  /** How long `work` takes, in ms. */
  async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
    const start = performance.now();
    const value = await work();
    return { ms: performance.now() - start, value };
  }

  it('answers /api/health, a child’s settings save and another child’s sign-in while a teacher pastes 100 names', async () => {
    const db = test.database.db;
    const school = (await db.insertInto('organizations').values({ name: 'Busy School', type: 'elementary_school' }).returning('id').executeTakeFirstOrThrow()).id;
    const teacher = await accountWithRole(app, test.database, 'teacher', { scopes: [`organization:${school}`] });
    const as = (who: { cookie: string } | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
    const made = await as(teacher, 'POST', '/api/classes', { organizationId: school, name: 'Paste class', maxMembers: 200 });
    const classId = classSummarySchema.parse(made.json()).id;
    const [saver, signer] = classCredentialsSchema.parse((await as(teacher, 'POST', `/api/classes/${classId}/students`, { names: ['Sam Saver', 'Sia Signer'] })).json()).credentials as [ClassCredential, ClassCredential];
    const signIn = () => app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '192.0.2.26', payload: { username: signer.username, password: signer.password } });
    const saverCookie = { cookie: sessionCookie(await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: saver.username, password: saver.password } })) };

    const names = Array.from({ length: 100 }, (_, index) => `Pasted${index} Child`);
    const { value: paste, ms: pasteMs } = await timed(async () => {
      const pasting = as(teacher, 'POST', `/api/classes/${classId}/students`, { names });
      // Once the paste's hashes are queued (its checks done), the others come.
      await expect.poll(() => passwordPool().stats().queued.bulk, { interval: 2, timeout: 60_000 }).toBeGreaterThan(0);
      const others = await Promise.all([
        timed(() => as(saverCookie, 'PUT', '/api/settings', { settings: { ...DEFAULT_CHESS_SETTINGS, hintsEnabled: false }, updatedAt: new Date().toISOString() })),
        timed(() => as(null, 'GET', '/api/health')),
        timed(signIn),
      ]);
      return { response: await pasting, others };
    });
    expect(paste.response.statusCode, paste.response.body).toBe(201);
    const [save, health, signedIn] = paste.others;
    for (const [what, call] of [['settings save', save], ['health', health], ['sign-in', signedIn]] as const) {
      console.log(`${what} during a 100-name paste: ${call.ms.toFixed(0)} ms (the paste took ${pasteMs.toFixed(0)} ms)`);
      expect(call.value.statusCode, call.value.body).toBe(200);
      // Relative, for a loaded machine: in libuv's shared pool each waited behind the paste's hashes (most of the paste).
      expect(call.ms).toBeLessThan(pasteMs * 0.3);
    }
  });
});
