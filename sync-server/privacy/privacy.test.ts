import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { unzipSync, strFromU8 } from 'fflate';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DATA_ARCHIVE_FILES,
  MESSAGES,
  PRIVACY_MESSAGES,
  SYNC_PROTOCOL,
  WITHDRAWN_PLAYER,
  
  classDetailSchema,
  
  dataAccessLogSchema,
  dataRightsSchema,
  linkedChildrenSchema,
  parentCodeSchema,
  standingSchema,
  tournamentSnapshotSchema,
  type ClassCredential,
  type Standing,
} from '../../schema';
import { applyPush } from '../sync/push';
import { saveGameMutator } from '../games/mutators';
import { inlineReplayer } from '../games/replay-pool';
import { pullChanges } from '../sync/pull';
import { authUserOf } from '../auth/language';
import { MutatorRegistry } from '../core/mutators';
import type { TestDatabase } from '../core/test-db';
import { legacyPullGames } from '../games/legacy-pull';
import { type Account, expectJson, expectJsonError, gamePayload, registerAccount, uuid } from '../testing/test-server';
import { twoSchools, type Method, type TwoSchools, type Who } from '../testing/two-schools';
import { ARCHIVE_TABLES, USER_COLUMNS } from './classification';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/**
 * A school's data duties (issue 26). School A's class has Ann and Ben (class accounts) and Olga (an
 * ordinary account of school A, put in the class); Ann's mum and Olga's dad are linked to them,
 * Ben's parent to Ben only. School B has its own admin and teacher. Ann, Ben, Olga and three
 * more pupils of A play A's tournament to the end; Ann's registration has an emergency contact
 * and medical notes.
 */

let world: TwoSchools;
let test: TestDatabase;
let app: FastifyInstance;
let orgA: number;
let orgB: number;
let adminA: Account;
let teacherA: Account;
let adminB: Account;
let teacherB: Account;
let superAdmin: Account;
let classA: number;
let ann: ClassCredential;
let ben: ClassCredential;
let annSession: string;
let benSession: string;
let olga: Account;
let mum: Account;
let dad: Account;
let bensParent: Account;
let stranger: Account;
let tournamentId: number;
let counter = 0;

const call = (who: Who, method: Method, url: string, payload?: unknown) => world.call(who, method, url, payload);
const ok = expectJson;

/** A session's Cookie header. */
const signIn = async (username: string, password: string): Promise<string> => (await world.signIn({ username, password })).cookie;

async function link(parent: Account, childId: number): Promise<void> {
  const { code } = parentCodeSchema.parse(await ok(await call(teacherA, 'POST', `/api/classes/${classA}/students/${childId}/parent-code`), 201));
  await ok(await call(parent, 'POST', '/api/parents/link', { code }), 201);
}

/** A tournament of school A played to the end by these players (2 Swiss rounds, every board decided). */
async function playTournament(players: readonly Who[]): Promise<number> {
  const id = (await ok(await call(adminA, 'POST', '/api/tournaments', {
    name: 'Spring Open',
    startDate: '2026-12-01T09:00:00.000Z',
    endDate: '2026-12-01T18:00:00.000Z',
    registrationStartDate: '2026-11-01T00:00:00.000Z',
    registrationEndDate: '2026-11-30T00:00:00.000Z',
    timeControl: { type: 'rapid', minutes: 15, increment: 10 },
    rounds: 2,
    organizationId: orgA,
  }), 201) as { id: number }).id;
  const status = async (value: string) => ok(await call(adminA, 'PATCH', `/api/tournaments/${id}`, { status: value }));
  await status('registration_open');
  for (const player of players) {
    const registration = (await ok(await call(player, 'POST', `/api/tournaments/${id}/register`, {}), 201) as { id: number }).id;
    await ok(await call(adminA, 'PUT', `/api/registrations/${registration}/approve`));
  }
  await status('registration_closed');
  await status('in_progress');
  const results = ['1-0', '0-1', '1/2-1/2'];
  for (const roundNumber of [1, 2]) {
    const round = (await ok(await call(adminA, 'POST', `/api/tournaments/${id}/rounds`, { roundNumber, name: `Round ${roundNumber}` }), 201) as { id: number }).id;
    const paired = (await ok(await call(adminA, 'POST', `/api/rounds/${round}/pairings`, {}))) as { pairings: { gameId: number | null }[] };
    await ok(await call(adminA, 'PUT', `/api/rounds/${round}/start`));
    let n = roundNumber;
    for (const board of paired.pairings) if (board.gameId !== null) await ok(await call(adminA, 'PUT', `/api/games/${board.gameId}/result`, { result: results[n++ % 3] }));
  }
  await status('completed');
  return id;
}

const standings = async () => (await ok(await call(adminA, 'GET', `/api/tournaments/${tournamentId}/standings`)) as unknown[]).map((row) => standingSchema.parse(row));
const snapshotOf = async (who: Who) => tournamentSnapshotSchema.parse(await ok(await call(who, 'GET', `/api/tournaments/${tournamentId}/snapshot`)));
const logOf = async (who: Who, organizationId = orgA) => dataAccessLogSchema.parse(await ok(await call(who, 'GET', `/api/organizations/${organizationId}/data-access-log`)));

function unzip(response: LightMyRequestResponse): Record<string, string> {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="chess-data-[A-Za-z0-9_-]+-\d{4}-\d{2}-\d{2}\.zip"$/);
  return Object.fromEntries(Object.entries(unzipSync(new Uint8Array(response.rawPayload))).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

beforeAll(async () => {
  world = await twoSchools();
  ({ test, app, orgA, orgB } = world);
  const db = test.database.db;
  adminA = await world.person('organizer', { scopes: [`organization:${orgA}`] });
  teacherA = await world.person('teacher', { scopes: [`organization:${orgA}`], home: orgA });
  adminB = await world.person('organizer', { scopes: [`organization:${orgB}`] });
  teacherB = await world.person('teacher', { scopes: [`organization:${orgB}`], home: orgB });
  superAdmin = await world.person('super_admin');
  let cards: ClassCredential[];
  ({ id: classA, credentials: cards } = await world.makeClass(teacherA, orgA, { name: 'Year 4 chess' }, ['Ann Example', 'Ben Example', 'Cy Example', 'Di Example', 'Ed Example']));
  [ann, ben] = cards as [ClassCredential, ClassCredential];
  annSession = await signIn(ann.username, ann.password);
  benSession = await signIn(ben.username, ben.password);
  olga = await registerAccount(app);
  await db.updateTable('users').set({ schoolId: orgA }).where('id', '=', olga.user.id).execute();
  await db.insertInto('teamMembers').values({ teamId: classA, userId: olga.user.id, role: 'member', joinedAt: new Date().toISOString() }).execute();
  mum = await registerAccount(app);
  dad = await registerAccount(app);
  bensParent = await registerAccount(app);
  stranger = await registerAccount(app);
  await link(mum, ann.userId);
  await link(dad, olga.user.id);
  await link(bensParent, ben.userId);

  // Ann's own records: a game, a puzzle attempt, homework done, her settings with a parent PIN.
  await ok(await call(annSession, 'POST', '/api/games/save', gamePayload()));
  const puzzle = await db.insertInto('puzzles').values({ fen: '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1', solution: '[]', tags: '[]', description: 'Back rank' }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('puzzleAttempts').values({ userId: ann.userId, puzzleId: puzzle.id, solved: 1, timeSpent: 12, attemptedMoves: '[]', createdAt: new Date().toISOString() }).execute();
  const homework = await db
    .insertInto('homeworkAssignments')
    .values({ classId: classA, organizationId: orgA, createdBy: teacherA.user.id, clientKey: uuid(1, 0x26), kind: 'puzzles', puzzleTheme: 'fork', targetCount: 3, dueAt: '2026-12-10T00:00:00.000Z', note: 'Forks', allStudents: 1, assignedAt: '2026-11-27T00:00:00.000Z' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('homeworkCompletions').values({ assignmentId: homework.id, userId: ann.userId, completedAt: '2026-11-27T10:00:00.000Z', attempts: 3, timeSpent: 100 }).execute();
  await db.insertInto('settings').values({ userId: ann.userId, parentPinHash: 'pbkdf2$secret-pin-hash', updatedAt: null, controlsSetBy: null, controlsSetAt: null }).execute();

  const [cy, di, ed] = await Promise.all(cards.slice(2).map((card) => signIn(card.username, card.password)));
  tournamentId = await playTournament([annSession, benSession, olga, cy as string, di as string, ed as string]);
  await db.updateTable('registrations').set({ emergencyContact: 'Mother 98450 00000', medicalInfo: 'Asthma inhaler' }).where('tournamentId', '=', tournamentId).where('userId', '=', ann.userId).execute();
  await db.updateTable('tournaments').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', tournamentId).execute();
});

afterAll(() => world.close());

/** The foreign keys to users.id of the migrated database: `table.column` and its ON DELETE. */
async function userForeignKeys(db: Kysely<unknown>, kind: TestDatabase['kind']): Promise<Map<string, 'cascade' | 'setNull' | string>> {
  const { rows } =
    kind === 'postgres'
      ? await sql<{ tbl: string; col: string; action: string }>`
          select cl.relname as tbl, att.attname as col, con.confdeltype as action
          from pg_constraint con
          join pg_class cl on cl.oid = con.conrelid
          join pg_class ref on ref.oid = con.confrelid
          join pg_namespace ns on ns.oid = cl.relnamespace
          join pg_attribute att on att.attrelid = con.conrelid and att.attnum = any(con.conkey)
          where con.contype = 'f' and ref.relname = 'users' and ns.nspname = current_schema()`.execute(db)
      : await sql<{ tbl: string; col: string; action: string }>`
          select m.name as tbl, p."from" as col, p.on_delete as action
          from sqlite_master m join pragma_foreign_key_list(m.name) p
          where m.type = 'table' and p."table" = 'users'`.execute(db);
  const action = (value: string) => ({ c: 'cascade', CASCADE: 'cascade', n: 'setNull', 'SET NULL': 'setNull' })[value] ?? value;
  return new Map(rows.map((row) => [`${row.tbl}.${row.col}`, action(row.action)]));
}

describe('every column that names a user is classified', () => {
  it('the list matches the foreign keys of the database, their ON DELETE, and the archive', async () => {
    const keys = await userForeignKeys(test.database.db.withoutPlugins() as Kysely<unknown>, test.kind);
    expect([...keys.keys()].sort()).toEqual(Object.keys(USER_COLUMNS).sort());
    for (const [column, { onErase }] of Object.entries(USER_COLUMNS)) {
      if (onErase !== 'withdrawn') expect(keys.get(column), column).toBe(onErase);
    }
    const archived = new Set(ARCHIVE_TABLES.flatMap((spec) => spec.columns.map((column) => `${spec.table}.${column}`)));
    for (const [column, { role }] of Object.entries(USER_COLUMNS)) if (role === 'subject') expect(archived.has(column), column).toBe(true);
  });
});

describe("downloading a child's data", () => {
  it("one ZIP: every record about Ann as JSON, her games as PGN, no secret and no one else's contact details", async () => {
    const files = unzip(await call(teacherA, 'GET', `/api/users/${ann.userId}/data-export`));
    expect(Object.keys(files).sort()).toEqual(Object.values(DATA_ARCHIVE_FILES).sort());
    const data = JSON.parse(files[DATA_ARCHIVE_FILES.data] as string) as { account: Record<string, unknown>; tables: Record<string, Record<string, unknown>[]>; references: { people: { username: string }[] } };
    expect(data.account).toMatchObject({ id: ann.userId, username: ann.username, real_name: 'Ann Example', email: null });
    for (const secret of ['password_hash', 'reset_token', 'verify_token']) expect(data.account).not.toHaveProperty(secret);
    expect(data.tables.games).toHaveLength(1);
    expect(data.tables.puzzle_attempts).toHaveLength(1);
    expect(data.tables.homework_completions).toEqual([expect.objectContaining({ user_id: ann.userId, attempts: 3 })]);
    expect(data.tables.team_members?.map((row) => row.team_id)).toEqual([classA]);
    expect(data.tables.parent_links?.map((row) => row.parent_id)).toEqual([mum.user.id]);
    expect(data.tables.settings).toHaveLength(1);
    expect(data.tables.settings?.[0]).not.toHaveProperty('parent_pin_hash');
    expect(data.tables.sessions?.length).toBeGreaterThan(0);
    for (const session of data.tables.sessions ?? []) expect(Object.keys(session)).not.toContain('sid');
    expect(data.tables.registrations).toEqual([expect.objectContaining({ tournament_id: tournamentId, emergency_contact: 'Mother 98450 00000', medical_info: 'Asthma inhaler' })]);
    expect(data.tables.pairings?.length).toBe(2);
    const people = data.references.people.map((person) => person.username);
    expect(people).toContain(mum.user.username);
    expect(people).toContain(ben.username);
    // Nobody else's address, real name or any hash travels with it.
    const text = files[DATA_ARCHIVE_FILES.data] as string;
    const annRow = await test.database.db.selectFrom('users').select('passwordHash').where('id', '=', ann.userId).executeTakeFirstOrThrow();
    for (const secret of [annRow.passwordHash ?? '', 'secret-pin-hash', mum.email, dad.email, olga.email, 'Ben Example', '"code_hash"']) expect(text).not.toContain(secret);
    expect(files[DATA_ARCHIVE_FILES.games]).toContain('Qxf7#');
    expect(files[DATA_ARCHIVE_FILES.games]).toMatch(/^\[Event "/);
    expect(files[DATA_ARCHIVE_FILES.readme]).toContain(ann.username);
  });

  it('the class teacher, the school admin, a linked parent and the child may; another school, a classmate, an unlinked parent and a stranger get 404', async () => {
    for (const who of [annSession, mum, teacherA, adminA]) {
      expect(dataRightsSchema.parse(await ok(await call(who, 'GET', `/api/users/${ann.userId}/data-rights`))).canExport).toBe(true);
      expect((await call(who, 'GET', `/api/users/${ann.userId}/data-export`)).statusCode).toBe(200);
    }
    for (const who of [adminB, teacherB, benSession, bensParent, stranger]) {
      for (const url of [`/api/users/${ann.userId}/data-export`, `/api/users/${ann.userId}/data-rights`]) {
        expect(expectJsonError(await call(who, 'GET', url), 404)).toBe(MESSAGES.notFound);
      }
      expect(expectJsonError(await call(who, 'DELETE', `/api/users/${ann.userId}`, { username: ann.username }), 404)).toBe(MESSAGES.notFound);
    }
    // A missing id and a staff account are the same 404; signed out, 401.
    expect((await call(adminA, 'GET', '/api/users/999999/data-export')).statusCode).toBe(404);
    expect((await call(adminA, 'GET', `/api/users/${teacherA.user.id}/data-export`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/users/${ann.userId}/data-export`)).statusCode).toBe(401);
    expect(expectJsonError(await call(adminA, 'GET', '/api/users/abc/data-export'), 400)).toBeTruthy();
  });
});

describe("staff reads of children's emergency contacts and medical notes", () => {
  it("are recorded once a day per reader, child and place, and only the school's admin reads the list", async () => {
    const before = (await logOf(adminA)).entries.length;
    // The tournament's manager reads the snapshot twice, the registrations once: one entry.
    expect((await snapshotOf(adminA)).registrations.find((entry) => entry.userId === ann.userId)?.emergencyContact).toBe('Mother 98450 00000');
    await snapshotOf(adminA);
    await ok(await call(adminA, 'GET', `/api/tournaments/${tournamentId}/registrations`));
    // A player sees no one's notes: nothing to record.
    await snapshotOf(benSession);
    let log = await logOf(adminA);
    const tournamentReads = log.entries.filter((entry) => entry.kind === 'tournament');
    expect(tournamentReads).toEqual([expect.objectContaining({ readerId: adminA.user.id, readerUsername: adminA.user.username, childId: ann.userId, childUsername: ann.username, childRealName: 'Ann Example', tournamentId, tournamentName: 'Spring Open' })]);
    // The district's admin on the live pull: recorded too.
    await ok(await call(superAdmin, 'POST', '/api/sync/pull', { protocol: SYNC_PROTOCOL, cursor: 0, tournaments: [{ id: tournamentId, version: null }] }));
    log = await logOf(adminA);
    expect(log.entries.filter((entry) => entry.kind === 'tournament').map((entry) => entry.readerId).sort()).toEqual([adminA.user.id, superAdmin.user.id].sort());
    // Downloads by others were recorded in the test before, each one.
    expect(log.entries.filter((entry) => entry.kind === 'export').map((entry) => entry.readerId)).toEqual(expect.arrayContaining([teacherA.user.id, mum.user.id, adminA.user.id]));
    expect(log.entries.some((entry) => entry.kind === 'export' && entry.readerId === ann.userId)).toBe(false);
    expect(log.entries.length).toBeGreaterThan(before);
    // The school's admin only: its teacher, another school's admin, a parent are refused.
    for (const who of [teacherA, adminB, mum]) expect((await call(who, 'GET', `/api/organizations/${orgA}/data-access-log`)).statusCode).toBe(403);
    expect((await logOf(adminB, orgB)).entries).toEqual([]);
    expect((await call(adminA, 'GET', '/api/organizations/999999/data-access-log')).statusCode).toBe(404);
  });
});

describe("deleting a child's account", () => {
  it('a parent who deletes their own account hands the controls they set back to the child first', async () => {
    const parent = await registerAccount(app);
    await link(parent, ben.userId);
    await ok(await call(parent, 'PATCH', `/api/parents/children/${ben.userId}/controls`, { dailyPlayTime: 60 }));
    const mark = () => test.database.db.selectFrom('settings').select('controlsSetAt').where('userId', '=', ben.userId).executeTakeFirstOrThrow();
    expect((await mark()).controlsSetAt).not.toBeNull();
    await ok(await call(parent, 'DELETE', `/api/users/${parent.user.id}`, { username: parent.user.username }));
    expect((await mark()).controlsSetAt).toBeNull();
    expect((await call(parent, 'GET', '/api/auth/user')).statusCode).toBe(401);
  });

  it('asks for the username, refuses those who may only download, and refuses class accounts to their child and parents', async () => {
    expect(expectJsonError(await call(adminA, 'DELETE', `/api/users/${ann.userId}`, {}), 400)).toMatch(PRIVACY_MESSAGES.confirmUsername);
    expect(expectJsonError(await call(adminA, 'DELETE', `/api/users/${ann.userId}`, { username: ben.username }), 409)).toBe(PRIVACY_MESSAGES.usernameMismatch);
    expect(expectJsonError(await call(teacherA, 'DELETE', `/api/users/${ann.userId}`, { username: ann.username }), 403)).toBe(PRIVACY_MESSAGES.eraseManaged);
    expect(expectJsonError(await call(mum, 'DELETE', `/api/users/${ann.userId}`, { username: ann.username }), 403)).toBe(PRIVACY_MESSAGES.eraseManaged);
    expect(expectJsonError(await call(annSession, 'DELETE', `/api/users/${ann.userId}`, { username: ann.username }), 403)).toBe(PRIVACY_MESSAGES.eraseManaged);
    expect(expectJsonError(await call(teacherA, 'DELETE', `/api/users/${olga.user.id}`, { username: olga.user.username }), 403)).toBe(PRIVACY_MESSAGES.eraseNotAllowed);
    expect(dataRightsSchema.parse(await ok(await call(adminA, 'GET', `/api/users/${ann.userId}/data-rights`)))).toEqual({ canExport: true, canErase: true });
    expect(dataRightsSchema.parse(await ok(await call(dad, 'GET', `/api/users/${olga.user.id}/data-rights`)))).toEqual({ canExport: true, canErase: true });
    expect(dataRightsSchema.parse(await ok(await call(teacherA, 'GET', `/api/users/${ann.userId}/data-rights`)))).toEqual({ canExport: true, canErase: false });
  });

  it("the school's admin deletes Ann: her rows go, her devices get 401, and the tournament keeps every other player's score and tie-breaks", async () => {
    const db = test.database.db;
    const standingsBefore = await standings();
    const annBefore = standingsBefore.find((row) => row.userId === ann.userId) as Standing;
    expect(annBefore).toBeDefined();
    const erased = await ok(await call(adminA, 'DELETE', `/api/users/${ann.userId}`, { username: ann.username }));
    expect(erased).toEqual({ userId: ann.userId, tournamentsKept: 1 });

    // The tournament: the same table, Ann's row now 'Withdrawn player' under a stand-in's id.
    const standingsAfter = await standings();
    const standIn = standingsAfter.find((row) => row.username === WITHDRAWN_PLAYER) as Standing;
    expect(standIn).toBeDefined();
    expect(standIn.userId).not.toBe(ann.userId);
    const byPlayer = (rows: Standing[]) => new Map(rows.map((row) => [row.userId === ann.userId ? standIn.userId : row.userId, { ...row, userId: 0, username: row.userId === ann.userId || row.userId === standIn.userId ? '' : row.username }]));
    expect(byPlayer(standingsAfter)).toEqual(byPlayer(standingsBefore));
    const snapshot = await snapshotOf(adminA);
    const entry = snapshot.registrations.find((each) => each.userId === standIn.userId);
    expect(entry).toMatchObject({ userName: WITHDRAWN_PLAYER, emergencyContact: null, medicalConditions: null, status: 'confirmed' });
    expect(JSON.stringify(snapshot)).not.toContain(ann.username);
    expect(snapshot.rounds.flatMap((round) => round.pairings).filter((board) => board.whitePlayerId === standIn.userId || board.blackPlayerId === standIn.userId)).toHaveLength(2);
    // The stand-in is nobody's profile and cannot sign in.
    expect((await call(benSession, 'GET', `/api/users/${standIn.userId}/profile`)).statusCode).toBe(404);

    // Every row that was Ann's is gone; the school's log keeps its entries without naming her.
    expect(await db.selectFrom('users').select('id').where('id', '=', ann.userId).executeTakeFirst()).toBeUndefined();
    const raw = db.withoutPlugins() as Kysely<unknown>;
    for (const column of Object.keys(USER_COLUMNS)) {
      const [table, name] = column.split('.') as [string, string];
      const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(name)} = ${ann.userId}`.execute(raw);
      expect(Number(rows[0]?.n), column).toBe(0);
    }
    const log = await logOf(adminA);
    expect(log.entries.some((each) => each.childId === null && each.childUsername === null)).toBe(true);

    // Her devices: the session is gone (401, the app clears its private data); a queued push is refused cleanly.
    expect(expectJsonError(await call(annSession, 'GET', '/api/auth/user'), 401)).toBe(MESSAGES.notAuthenticated);
    const push = await call(annSession, 'POST', '/api/sync/push', { protocol: SYNC_PROTOCOL, clientId: uuid(++counter, 0x2e), mutations: [{ id: 1, name: 'saveGame', args: { gameId: uuid(++counter, 0x2f), game: gamePayload(), finishedAt: '2026-11-27T10:00:00.000Z' } }] });
    expect(expectJsonError(push, 401)).toBe(MESSAGES.notAuthenticated);
    expect(expectJsonError(await call(annSession, 'POST', '/api/sync/pull', { protocol: SYNC_PROTOCOL, cursor: 0 }), 401)).toBe(MESSAGES.notAuthenticated);
    // The others' screens: gone from the parent's children and the class.
    expect(linkedChildrenSchema.parse(await ok(await call(mum, 'GET', '/api/parents/children'))).children).toEqual([]);
    expect(classDetailSchema.parse(await ok(await call(teacherA, 'GET', `/api/classes/${classA}`))).students.map((student) => student.userId)).not.toContain(ann.userId);
    // Asked again: no such child.
    expect((await call(adminA, 'DELETE', `/api/users/${ann.userId}`, { username: ann.username })).statusCode).toBe(404);
  });

  it('a push or pull that signed in just before the deletion is refused with 401, not a 500', async () => {
    const gone = await registerAccount(app);
    const row = await test.database.db.selectFrom('users').selectAll().where('id', '=', gone.user.id).executeTakeFirstOrThrow();
    await ok(await call(gone, 'DELETE', `/api/users/${gone.user.id}`, { username: gone.user.username }));
    const request = { protocol: SYNC_PROTOCOL, clientId: uuid(++counter, 0x30), mutations: [{ id: 1, name: 'saveGame', args: { gameId: uuid(++counter, 0x31), game: gamePayload(), finishedAt: '2026-11-27T10:00:00.000Z' } }] };
    await expect(applyPush(test.database, row, request, new Date(), { mutators: new MutatorRegistry([], [saveGameMutator(inlineReplayer)]) })).rejects.toMatchObject({ statusCode: 401 });
    await expect(pullChanges(test.database.db, { account: authUserOf, legacyGames: legacyPullGames }, row.id, 0)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('an ordinary account: the child deletes it, or a linked parent does', async () => {
    const self = await registerAccount(app);
    const response = await call(self, 'DELETE', `/api/users/${self.user.id}`, { username: self.user.username });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.cookies.find((cookie) => cookie.name === 'sid')?.value).toBe('');
    expect((await call(self, 'GET', '/api/auth/user')).statusCode).toBe(401);
    await ok(await call(dad, 'DELETE', `/api/users/${olga.user.id}`, { username: olga.user.username }));
    expect((await call(olga, 'GET', '/api/auth/user')).statusCode).toBe(401);
    expect((await call(adminA, 'GET', `/api/users/${olga.user.id}/data-rights`)).statusCode).toBe(404);
  });
});
