import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { standingSchema, tournamentSchema, tournamentSnapshotSchema } from '../../schema';
import type { AppDatabase } from '../core/db/connect';
import { createTestDatabase, type TestDatabase } from '../core/test-db';
import { accountWithRole, buildTestApp, expectJsonError, registerAccount, type Account } from '../testing/test-server';
import { largeEventTrf } from './large-event';
import { ReadCache, readCacheOf } from './read-cache';
import { HEAVY_READ_LIMIT, HEAVY_READ_MESSAGE } from './service';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

describe('ReadCache', () => {
  it('computes a key once per version, however many ask at once, and again when the version moves', async () => {
    const cache = new ReadCache();
    let runs = 0;
    const compute = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return runs;
    };
    expect(await Promise.all(Array.from({ length: 10 }, () => cache.cached('standings:1', 3, compute)))).toEqual(Array(10).fill(1));
    expect(await cache.cached('standings:1', 3, compute)).toBe(1);
    expect(await cache.cached('standings:1', 4, compute)).toBe(2);
    expect(await cache.cached('standings:2', 4, compute)).toBe(3);
    expect(runs).toBe(3);
  });

  it('keeps at most maxEntries (least recently used leave), at most maxAgeMs each, and no failure', async () => {
    let time = 0;
    const cache = new ReadCache({ maxEntries: 2, maxAgeMs: 1000, now: () => time });
    let runs = 0;
    const compute = async () => ++runs;
    await cache.cached('a', 1, compute);
    await cache.cached('b', 1, compute);
    await cache.cached('a', 1, compute); // a is now the most recent
    await cache.cached('c', 1, compute); // b leaves
    expect(runs).toBe(3);
    expect(await cache.cached('a', 1, compute)).toBe(1);
    expect(await cache.cached('b', 1, compute)).toBe(4);
    time = 1000;
    expect(await cache.cached('b', 1, compute)).toBe(5);
    await expect(cache.cached('d', 1, () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await cache.cached('d', 1, compute)).toBe(6);
  });

  it('peek answers only a value already computed at that version, never one under way', async () => {
    const cache = new ReadCache();
    let finish!: (value: number) => void;
    const pending = cache.cached('snapshot:1', 1, () => new Promise<number>((resolve) => (finish = resolve)));
    expect(cache.peek('snapshot:1', 1)).toBeUndefined();
    finish(7);
    await pending;
    expect(cache.peek('snapshot:1', 1)).toBe(7);
    expect(cache.peek('snapshot:1', 2)).toBeUndefined();
    expect(cache.peek('snapshot:2', 1)).toBeUndefined();
  });

  it('offer keeps a value read elsewhere unless that version is there already', async () => {
    const cache = new ReadCache();
    cache.offer('snapshot:1', 1, 'read in a transaction');
    expect(cache.peek('snapshot:1', 1)).toBe('read in a transaction');
    expect(await cache.cached('snapshot:1', 1, async () => 'computed')).toBe('read in a transaction');
    cache.offer('snapshot:1', 1, 'another copy');
    expect(cache.peek('snapshot:1', 1)).toBe('read in a transaction');
    cache.offer('snapshot:1', 2, 'newer');
    expect(cache.peek('snapshot:1', 2)).toBe('newer');
    expect(cache.computations).toBe(0);
  });
});

describe('tournament reads from the cache (issue 18)', () => {
  let test: TestDatabase;
  let other: AppDatabase;
  let app: FastifyInstance;
  let otherApp: FastifyInstance;
  let organizer: Account;
  let eventId: number;

  beforeAll(async () => {
    test = await createTestDatabase();
    other = await test.openAnother();
    app = buildTestApp(test.database).app;
    otherApp = buildTestApp(other).app;
    await Promise.all([app.ready(), otherApp.ready()]);
    organizer = await accountWithRole(app, test.database, 'organizer');
    const imported = await app.inject({ method: 'POST', url: '/api/tournaments/import-trf', headers: { cookie: organizer.cookie }, payload: { trf: largeEventTrf(40, 2, 'Cache Open') } });
    expect(imported.statusCode, imported.body).toBe(201);
    eventId = tournamentSchema.parse(imported.json()).id;
  });

  afterAll(async () => {
    await Promise.all([app.close(), otherApp.close()]);
    await other.close();
    await test.remove();
  });

  const get = (server: FastifyInstance, account: Account, url: string) => server.inject({ method: 'GET', url, headers: { cookie: account.cookie } });

  it('computes the standings once per version, and sees a write made by another process', async () => {
    const reader = await registerAccount(app);
    const cache = readCacheOf(test.database);
    const before = cache.computations;
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(app, reader, `/api/tournaments/${eventId}/standings`)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const standings = standingSchema.array().parse(answers[0]!.json());
    expect(standings).toHaveLength(40);
    // The snapshot and the standings, once each.
    expect(cache.computations - before).toBe(2);
    expect((await get(app, reader, `/api/tournaments/${eventId}/standings`)).body).toBe(answers[0]!.body);
    expect(cache.computations - before).toBe(2);

    // Another server process on the same database changes the tournament.
    const renamed = await otherApp.inject({ method: 'PATCH', url: `/api/tournaments/${eventId}`, headers: { cookie: organizer.cookie }, payload: { name: 'Cache Open (renamed)' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const snapshot = tournamentSnapshotSchema.parse((await get(app, reader, `/api/tournaments/${eventId}/snapshot`)).json());
    expect(snapshot.tournament.name).toBe('Cache Open (renamed)');
  });

  it('a write while a read of the same tournament is loading ends, both answered (no wait on the held connection)', async () => {
    // The write's transaction holds SQLite's one connection; the read's load waits for it. The
    // write must not wait for that load in turn (it did: every later request then hung).
    const reader = await registerAccount(app);
    for (let i = 0; i < 5; i++) {
      const [read, write] = await Promise.all([
        get(app, reader, `/api/tournaments/${eventId}/snapshot`),
        app.inject({ method: 'PATCH', url: `/api/tournaments/${eventId}`, headers: { cookie: organizer.cookie }, payload: { description: `Round ${i}` } }),
      ]);
      expect(read.statusCode, read.body).toBe(200);
      expect(write.statusCode, write.body).toBe(200);
    }
  });

  it("shows a viewer only their own registration's contact fields; a manager all of them", async () => {
    const reader = await registerAccount(app);
    const asReader = tournamentSnapshotSchema.parse((await get(app, reader, `/api/tournaments/${eventId}/snapshot`)).json());
    expect(asReader.registrations.every((entry) => entry.userEmail === null)).toBe(true);
    const asManager = tournamentSnapshotSchema.parse((await get(app, organizer, `/api/tournaments/${eventId}/snapshot`)).json());
    expect(asManager.registrations.every((entry) => entry.userEmail?.endsWith('@import.invalid'))).toBe(true);
  });

  it('limits heavy reads per account before the work: 429 with Retry-After', async () => {
    const reader = await registerAccount(app);
    // The TRF file is the managers' (issue 18, part A): a reader is refused it before the limit counts.
    const urls = ['standings', 'snapshot', 'rounds'].map((path) => `/api/tournaments/${eventId}/${path}`);
    const trf = `/api/tournaments/${eventId}/trf`;
    for (let i = 0; i < HEAVY_READ_LIMIT.max; i++) expect((await get(app, reader, urls[i % urls.length]!)).statusCode).toBe(200);
    const cache = readCacheOf(test.database);
    const before = cache.computations;
    // A write: the next read would compute again, were it let through.
    expect((await app.inject({ method: 'PATCH', url: `/api/tournaments/${eventId}`, headers: { cookie: organizer.cookie }, payload: { name: 'Cache Open 2' } })).statusCode).toBe(200);
    for (const url of urls) {
      const refused = await get(app, reader, url);
      expect(expectJsonError(refused, 429)).toBe(HEAVY_READ_MESSAGE);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // The permission comes first: over the limit, the file still answers 403, not 429.
    expectJsonError(await get(app, reader, trf), 403);
    expect(cache.computations).toBe(before);
    // Another account is not held back.
    expect((await get(app, organizer, urls[0]!)).statusCode).toBe(200);
    // The manager's TRF downloads count towards the same limit.
    let status = 200;
    for (let i = 0; i <= HEAVY_READ_LIMIT.max && status === 200; i++) status = (await get(app, organizer, trf)).statusCode;
    expect(status).toBe(429);
  });
});
