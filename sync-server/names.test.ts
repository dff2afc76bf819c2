import type { FastifyInstance } from 'fastify';
import { Migrator, sql } from 'kysely';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nameSkeleton } from '../domain/name-skeleton';
import { parseTrf } from '../domain/tournament';
import { MESSAGES, registrationSchema, roundSchema, tournamentSchema } from '../schema';
import { openDatabase, type AppDatabase } from './core/db/connect';
import { migrateToLatest } from './core/db/migrate';
import { MIGRATIONS } from './core/db/migrations';
import { createTestDatabase, freshPostgresDatabase, TEST_DATABASE_URL, type TestDatabase } from './core/test-db';
import { accountWithRole, buildTestApp, expectJsonError, registerAccount, type Account } from './testing/test-server';

/**
 * Issue 18, names: usernames that imitate others or hide characters are refused at registration,
 * existing rows are cleaned by the migration, and the TRF export and import write and keep only
 * what the format allows, on SQLite and PostgreSQL.
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let test: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  test = await createTestDatabase();
  app = buildTestApp(test.database).app;
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await test.remove();
});

const register = (username: string) =>
  app.inject({ method: 'POST', url: '/api/auth/register', payload: { username, email: `${Math.random().toString(36).slice(2)}@example.com`, password: 'secret-pass' } });

describe('registration', () => {
  beforeAll(async () => {
    for (const name of ['paypal', 'bob', 'Ivan']) expect((await register(name)).statusCode).toBe(200);
  });

  it.each([
    ['Cyrillic а', 'p\u0430yp\u0430l'],
    ['Greek omicron', 'b\u03BFb'],
    ['digit zero', 'b0b'],
    ['small l for capital I', 'lvan'],
    ['fullwidth letters', '\uFF50\uFF41\uFF59\uFF50\uFF41\uFF4C'],
    ['another case', 'PayPal'],
  ])('refuses a name that looks like a taken one (%s) as taken', async (_why, username) => {
    expect(expectJsonError(await register(username), 409)).toBe(MESSAGES.usernameTaken);
  });

  it.each([
    ['zero-width space', 'pay\u200Bpal2'],
    ['zero-width joiner', 'ali\u200Dce'],
    ['right-to-left override', '\u202Eecila'],
    ['left-to-right isolate', '\u2066alice\u2069'],
    ['a tab', 'ali\tce'],
    ['CR LF and a TRF line', 'x\r\n012 PWNED'],
    ['a bell', 'ali\u0007ce'],
  ])('refuses %s with 400', async (_why, username) => {
    expect(expectJsonError(await register(username), 400)).toBe(MESSAGES.usernameInvisible);
  });

  it('stores a fullwidth name in its plain form with its skeleton', async () => {
    const response = await register('\uFF43\uFF41\uFF52\uFF4F\uFF4C  \uFF4B');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ username: 'carol k' });
    const row = await test.database.db.selectFrom('users').select(['username', 'usernameSkeleton']).where('username', '=', 'carol k').executeTakeFirstOrThrow();
    expect(row.usernameSkeleton).toBe(nameSkeleton('carol k'));
  });

  it('the database refuses a second account with a taken skeleton, whatever the code does', async () => {
    await expect(
      test.database.db.insertInto('users').values({ username: 'p\u0430ypal', usernameSkeleton: nameSkeleton('paypal'), email: 'raw@example.com', passwordHash: null, createdAt: new Date().toISOString() }).execute(),
    ).rejects.toThrow(/unique|duplicate/i);
  });
});

describe('the migration cleans existing accounts', () => {
  let legacy: AppDatabase;
  let removeLegacy: () => Promise<void>;
  const MIGRATION = '2026-11-24-name-skeletons';

  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chess-names-'));
    const postgres = TEST_DATABASE_URL ? await freshPostgresDatabase(TEST_DATABASE_URL) : undefined;
    legacy = postgres ? await openDatabase({ databaseUrl: postgres.url, migrate: false }) : await openDatabase({ dataDir: dir, migrate: false });
    removeLegacy = async () => {
      await legacy.close();
      await postgres?.drop();
      await rm(dir, { recursive: true, force: true });
    };
    const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < MIGRATION));
    const migrator = new Migrator({ db: legacy.db.withoutPlugins(), provider: { getMigrations: async () => before } });
    const { error } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();
  });

  afterAll(() => removeLegacy());

  it('normalises usernames, renames later lookalikes to "name #id" and stores unique skeletons', async () => {
    const raw = legacy.db.withoutPlugins();
    const names = ['paypal', 'p\u0430ypal', 'bob\u200B', 'Bob', 'x\r\n012 PWNED', '\u202Eevil', 'Tab\tName', '\u200B\u200D', '\uFF41nna', 'anna'];
    const ids: number[] = [];
    for (const [index, username] of names.entries()) {
      const { rows } = await sql<{ id: number }>`insert into users (username, email) values (${username}, ${`legacy${index}@example.com`}) returning id`.execute(raw);
      ids.push(Number(rows[0]?.id));
    }
    await migrateToLatest(raw);
    const rows = await legacy.db.selectFrom('users').select(['id', 'username', 'usernameSkeleton']).orderBy('id').execute();
    expect(rows.map((row) => row.username)).toEqual([
      'paypal',
      `p\u0430ypal #${ids[1]}`,
      'bob',
      `Bob #${ids[3]}`,
      'x 012 PWNED',
      'evil',
      'Tab Name',
      `Player ${ids[7]}`,
      'anna',
      `anna #${ids[9]}`,
    ]);
    for (const row of rows) expect(row.usernameSkeleton).toBe(nameSkeleton(row.username));
    expect(new Set(rows.map((row) => row.usernameSkeleton)).size).toBe(rows.length);
  });
});

describe('TRF export and import with hostile names', () => {
  let organizer: Account;
  let players: Account[];

  beforeAll(async () => {
    organizer = await accountWithRole(app, test.database, 'organizer');
    players = [];
    for (let i = 0; i < 4; i++) players.push(await registerAccount(app));
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, account: Account = organizer) =>
    app.inject({ method, url, headers: { cookie: account.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('writes one line per player and header, whatever the stored names hold', async () => {
    // Rows as an older server stored them (the register route refuses these names now).
    const hostile = ['x\r\n001    9 PWNED', '\u202Eevil\t"q",=cmd|calc', 'Z\u200Bero\u200Dwidth [x] \\', 'N'.repeat(60)];
    for (const [index, player] of players.entries()) {
      await test.database.db.updateTable('users').set({ username: hostile[index] ?? '' }).where('id', '=', player.user.id).execute();
    }
    const created = await call('POST', '/api/tournaments', {
      name: 'Hall\tOpen\u200B',
      venue: ' Town\u202E  Hall ',
      startDate: '2026-12-01T09:00:00.000Z',
      endDate: '2026-12-01T18:00:00.000Z',
      registrationStartDate: '2026-11-01T00:00:00.000Z',
      registrationEndDate: '2026-11-30T00:00:00.000Z',
      rounds: 3,
    });
    expect(created.statusCode, created.body).toBe(201);
    const tournament = tournamentSchema.parse(created.json());
    // The way in is clean: the name and venue were normalised by the schema.
    expect(tournament).toMatchObject({ name: 'Hall Open', venue: 'Town Hall' });
    // A row from before: line breaks in the name and venue.
    await test.database.db.updateTable('tournaments').set({ name: 'Cup\r\n001    8 PWNED', venue: 'Hall\n022 Fake' }).where('id', '=', tournament.id).execute();
    expect((await call('PATCH', `/api/tournaments/${tournament.id}`, { status: 'registration_open' })).statusCode).toBe(200);
    for (const player of players) {
      const registration = await call('POST', `/api/tournaments/${tournament.id}/register`, { sectionId: 1 }, player);
      expect(registration.statusCode, registration.body).toBe(201);
      expect((await call('PUT', `/api/registrations/${registrationSchema.parse(registration.json()).id}/approve`)).statusCode).toBe(200);
    }
    expect((await call('PATCH', `/api/tournaments/${tournament.id}`, { status: 'registration_closed' })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/tournaments/${tournament.id}`, { status: 'in_progress' })).statusCode).toBe(200);
    const round = roundSchema.parse((await call('POST', `/api/tournaments/${tournament.id}/rounds`, { roundNumber: 1, name: 'Round\u202E 1' })).json());
    expect(round.name).toBe('Round 1');

    const response = await call('GET', `/api/tournaments/${tournament.id}/trf`);
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines.every((line) => !/\r|\n|\t|\u200B|\u200D|\u202E/u.test(line))).toBe(true);
    expect(lines.filter((line) => line.startsWith('001'))).toHaveLength(4);
    expect(lines.filter((line) => line.startsWith('012'))).toEqual(['012 Cup 001 8 PWNED']);
    expect(lines.filter((line) => line.startsWith('022'))).toEqual(['022 Hall 022 Fake']);
    const parsed = parseTrf(response.body);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.players.map((player) => player.name).sort()).toEqual(['N'.repeat(33), 'Zerowidth [x] \\', 'evil "q",=cmd|calc', 'x 001 9 PWNED'].sort());
    for (const line of lines.filter((each) => each.startsWith('001'))) {
      expect(line.slice(48, 52)).toMatch(/^ *\d+$/u);
    }
  });

  it('imports names normalised, and a lookalike of an account under another name', async () => {
    expect((await register('paypal2')).statusCode).toBe(200);
    const line = (rank: number, name: string, rating: number) =>
      `001 ${String(rank).padStart(4)}      ${name.padEnd(33).slice(0, 33)} ${String(rating).padStart(4)}                             0.0 ${String(rank).padStart(4)}`;
    const trf = [
      '012 Tab\tCup\u200B',
      '022 \u202ETown',
      line(1, 'p\u0430yp\u0430l2', 1500),
      line(2, 'Tab\tName\u200D', 1400),
      line(3, '\uFF41nna', 1300),
      line(4, 'anna', 1200),
    ].join('\r\n');
    const response = await call('POST', '/api/tournaments/import-trf', { trf });
    expect(response.statusCode, response.body).toBe(201);
    const tournament = tournamentSchema.parse(response.json());
    expect(tournament).toMatchObject({ name: 'Tab Cup', venue: 'Town' });
    const users = await test.database.db
      .selectFrom('registrations')
      .innerJoin('users', 'users.id', 'registrations.userId')
      .select(['users.username', 'users.usernameSkeleton'])
      .where('registrations.tournamentId', '=', tournament.id)
      .orderBy('users.id')
      .execute();
    expect(users.map((user) => user.username)).toEqual([`p\u0430yp\u0430l2 #${tournament.id}-1`, 'Tab Name', 'anna', `anna #${tournament.id}-4`]);
    for (const user of users) expect(user.usernameSkeleton).toBe(nameSkeleton(user.username));
  });
});
