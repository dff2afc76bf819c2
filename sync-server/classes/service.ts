import { randomInt, randomUUID } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import { generatePassword, isGeneratedPassword } from '../../domain/classes';
import { usernameCandidates } from '../../domain/usernames';
import { nameSkeleton } from '../../domain/name-skeleton';
import { isGlobalSuperAdmin, scopedOrganizations } from '../../domain/rbac';
import {
  CLASS_SKILL_LEVELS,
  type ClassCredential,
  type ClassDetail,
  type ClassList,
  type ClassSkillLevel,
  type AddClassStudentsArgs,
  type ClassStudent,
  type ClassSummary,
  type CreateClassRequest,
} from '../../schema';
import { hashPassword, hashPasswords } from '../auth/password';
import { asLocale } from '../auth/users';
import { revokeUserSessions } from '../core/sessions';
import type { Database, UserRow } from '../core/db/types';
import { httpError } from '../core/plugins/errors';
import { holds, loadAccess, organizationPlace, type Access } from '../core/rbac/tenancy';

/**
 * Classes (issue 19): a class is a team of an organization (teams.is_class = 1). Its staff are
 * those holding org:roster for that organization (core/rbac/tenancy.ts: a grant scoped to it, a
 * teacher, coach or organiser of that school, a super admin); they make managed accounts, reset
 * their passwords, rename them and read the real names. The class's students see the roster by
 * username only; anyone else gets the same 404 as for a missing class. Every write is a function
 * here, called by its route and, for the queued ones, by its mutator.
 */

export type Db = Kysely<Database> | Transaction<Database>;

/** The reserved domain (RFC 2606) of a managed account's placeholder address: no mail can reach it. */
const MANAGED_EMAIL_DOMAIN = 'managed.invalid';

const CLASS_PERMISSION = 'org:roster' as const;

interface ClassRow {
  id: number;
  name: string;
  organizationId: number | null;
  gradeLevel: string | null;
  skillLevel: string | null;
  maxMembers: number;
  clientKey: string | null;
  language: string | null;
}

/** What a class's summary is made of (ClassRow). */
const CLASS_COLUMNS = ['id', 'name', 'organizationId', 'gradeLevel', 'skillLevel', 'maxMembers', 'clientKey', 'language'] as const;

/** The viewer's place in one class: staff (manages it) or member (a student of it). */
interface ClassAccess {
  row: ClassRow;
  staff: boolean;
  member: boolean;
}

export const isStaffOf = (access: Access, organizationId: number | null) => holds(access, CLASS_PERMISSION, organizationPlace(access, organizationId));

export function classRow(db: Db, classId: number): Promise<ClassRow | undefined> {
  return db
    .selectFrom('teams')
    .select(CLASS_COLUMNS)
    .where('id', '=', classId)
    .where('isClass', '=', 1)
    .where('isActive', '=', 1)
    .executeTakeFirst();
}

export async function isMember(db: Db, classId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('teamMembers').select('id').where('teamId', '=', classId).where('userId', '=', userId).where('isActive', '=', 1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Finds the class and the viewer's place in it; a class the viewer has nothing to do with is a
 * 404 (its name is not theirs to learn). `staffOnly` answers 403 to a member.
 */
export async function openClass(db: Db, access: Access, classId: number, staffOnly: boolean): Promise<ClassAccess> {
  const row = await classRow(db, classId);
  if (!row) throw httpError(404, 'ERR_NOT_FOUND');
  const staff = isStaffOf(access, row.organizationId);
  const member = !staff && (await isMember(db, classId, access.user.id));
  if (!staff && !member) throw httpError(404, 'ERR_NOT_FOUND');
  if (staffOnly && !staff) throw httpError(403, 'ERR_FORBIDDEN');
  return { row, staff, member };
}

export async function summaries(db: Db, rows: readonly ClassRow[], access: Access): Promise<ClassSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const counts = await db
    .selectFrom('teamMembers')
    .select(['teamId', (eb) => eb.fn.countAll<number>().as('count')])
    .where('teamId', 'in', ids)
    .where('isActive', '=', 1)
    .groupBy('teamId')
    .execute();
  const organizationIds = [...new Set(rows.map((row) => row.organizationId ?? 0))];
  const organizations = await db.selectFrom('organizations').select(['id', 'name']).where('id', 'in', organizationIds).execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    organizationId: row.organizationId ?? 0,
    organizationName: organizations.find((organization) => organization.id === row.organizationId)?.name ?? '',
    gradeLevel: row.gradeLevel,
    skillLevel: (CLASS_SKILL_LEVELS as readonly string[]).includes(row.skillLevel ?? '') ? (row.skillLevel as ClassSkillLevel) : null,
    maxMembers: row.maxMembers,
    studentCount: Number(counts.find((count) => count.teamId === row.id)?.count ?? 0),
    canManage: isStaffOf(access, row.organizationId),
    language: asLocale(row.language),
    // The key of a class made through the outbox, for its staff's devices (their queued cards name it by the key).
    ...(row.clientKey !== null && isStaffOf(access, row.organizationId) ? { classKey: row.clientKey } : {}),
  }));
}

/** The organizations where the viewer may make a class: their scoped grants' and their own school. */
async function staffOrganizations(db: Db, access: Access): Promise<{ id: number; name: string }[]> {
  let query = db.selectFrom('organizations').select(['id', 'name']).orderBy('name').limit(1000);
  if (!isGlobalSuperAdmin(access.role, access.grants, access.now)) {
    const allowed = scopedOrganizations(access.grants, CLASS_PERMISSION, access.now);
    const home = access.user.schoolId;
    if (home !== null && !allowed.includes(home) && isStaffOf(access, home)) allowed.push(home);
    if (allowed.length === 0) return [];
    query = query.where('id', 'in', allowed);
  }
  return query.execute();
}

/** GET /api/classes: the classes the viewer runs (in every organization they are staff of) and those they are in. */
export async function listClasses(db: Db, access: Access): Promise<ClassList> {
  const organizations = await staffOrganizations(db, access);
  const staffIds = organizations.map((organization) => organization.id);
  const memberOf = db.selectFrom('teamMembers').select('teamId').where('userId', '=', access.user.id).where('isActive', '=', 1);
  const rows = await db
    .selectFrom('teams')
    .select(CLASS_COLUMNS)
    .where('isClass', '=', 1)
    .where('isActive', '=', 1)
    .where((eb) => eb.or([eb('id', 'in', memberOf), ...(staffIds.length > 0 ? [eb('organizationId', 'in', staffIds)] : [])]))
    .orderBy('name')
    .orderBy('id')
    .limit(500)
    .execute();
  return { classes: await summaries(db, rows, access), organizations };
}

/** GET /api/classes/{id}: the roster, with real names for the class's staff only. */
export async function classDetail(db: Db, access: Access, classId: number): Promise<ClassDetail> {
  const { row, staff } = await openClass(db, access, classId, false);
  const students = await db
    .selectFrom('teamMembers')
    .innerJoin('users', 'users.id', 'teamMembers.userId')
    .select(['users.id', 'users.username', 'users.realName', 'users.isManaged'])
    .where('teamMembers.teamId', '=', classId)
    .where('teamMembers.isActive', '=', 1)
    .orderBy(sql`lower(users.username)`)
    .execute();
  const [summary] = await summaries(db, [row], access);
  return {
    class: summary as ClassSummary,
    students: students.map((student) => ({
      userId: student.id,
      username: student.username,
      realName: staff ? student.realName : null,
      isManaged: Boolean(student.isManaged),
    })),
    ...(staff ? { removedStudents: await removedStudents(db, classId) } : {}),
  };
}

/** The students removed from a class (no active membership left; classes/manage.ts), for its staff only. */
async function removedStudents(db: Db, classId: number): Promise<ClassStudent[]> {
  const stillIn = db.selectFrom('teamMembers').select('userId').where('teamId', '=', classId).where('isActive', '=', 1);
  const rows = await db
    .selectFrom('teamMembers')
    .innerJoin('users', 'users.id', 'teamMembers.userId')
    .select(['users.id', 'users.username', 'users.realName', 'users.isManaged'])
    .where('teamMembers.teamId', '=', classId)
    .where('teamMembers.isActive', '=', 0)
    .where('teamMembers.userId', 'not in', stillIn)
    .orderBy(sql`lower(users.username)`)
    .orderBy('users.id')
    .limit(500)
    .execute();
  // A student may have left more than once (older memberships stay inactive): listed once.
  const seen = new Set<number>();
  return rows
    .filter((student) => !seen.has(student.id) && seen.add(student.id))
    .map((student) => ({ userId: student.id, username: student.username, realName: student.realName, isManaged: Boolean(student.isManaged) }));
}

/** POST /api/classes: a class of an organization where the viewer is staff. */
export async function createClass(db: Db, access: Access, body: CreateClassRequest & { maxMembers: number; classKey?: string }): Promise<ClassSummary> {
  const organization = await db.selectFrom('organizations').select('id').where('id', '=', body.organizationId).executeTakeFirst();
  if (!organization) throw httpError(404, 'ERR_ORGANIZATION_NOT_FOUND');
  if (!isStaffOf(access, organization.id)) throw httpError(403, 'ERR_FORBIDDEN');
  // A key names one class (the createClass mutation; the same mutation twice is caught before, by its id).
  if (body.classKey !== undefined && (await db.selectFrom('teams').select('id').where('clientKey', '=', body.classKey).executeTakeFirst())) {
    throw httpError(409, 'ERR_CLASS_KEY_TAKEN');
  }
  const row = await db
    .insertInto('teams')
    .values({
      name: body.name,
      organizationId: organization.id,
      coachId: access.user.id,
      gradeLevel: body.gradeLevel ?? null,
      skillLevel: body.skillLevel ?? null,
      maxMembers: body.maxMembers,
      isClass: 1,
      clientKey: body.classKey ?? null,
      createdAt: access.now.toISOString(),
    })
    .returning(CLASS_COLUMNS)
    .executeTakeFirstOrThrow();
  const [summary] = await summaries(db, [row], access);
  return summary as ClassSummary;
}

/** Taken by anyone but `except`: the same name in any case, or one that looks alike. */
async function usernameTaken(db: Db, username: string, except: number | null = null): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb(sql<string>`lower(username)`, '=', username.toLowerCase()), eb('usernameSkeleton', '=', nameSkeleton(username))]));
  if (except !== null) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

const newPassword = () => generatePassword((max) => randomInt(max));

/** One account to make: its real name, the usernames to try (best first), its password and that password's hash. */
interface NewAccount {
  realName: string;
  usernames: Iterable<string>;
  password: string;
  hash: string;
}

/** The class's active students now (no lock: lockedStudentCount below is for writes). */
async function activeStudentCount(db: Db, classId: number): Promise<number> {
  const row = await db.selectFrom('teamMembers').select((eb) => eb.fn.countAll<number>().as('count')).where('teamId', '=', classId).where('isActive', '=', 1).executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The class's active students now, the class row locked first on PostgreSQL (SQLite writes are
 * serial anyway), so two writes at once (two pastes, two approvals, a put-back and a new size)
 * cannot pass its maxMembers together. Call it inside the write's transaction.
 */
export async function lockedStudentCount(db: Db, classId: number): Promise<number> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.selectFrom('teams').select('id').where('id', '=', classId).forUpdate().execute();
  }
  return activeStudentCount(db, classId);
}

/**
 * The class the viewer adds `count` students to, checked before their passwords are hashed (a
 * refusal costs no hash): the viewer is its staff (else 404 or 403, openClass) and it has room for
 * them (else 409). makeAccounts checks both again under the lock.
 */
async function openForAdding(db: Db, access: Access, classId: number, count: number): Promise<void> {
  const { row } = await openClass(db, access, classId, true);
  if ((await activeStudentCount(db, classId)) + count > row.maxMembers) throw httpError(409, 'ERR_CLASS_FULL');
}

/**
 * The accounts, made in the caller's transaction: the class checked again and locked, its room
 * checked, each account given the first of its usernames that is free (not taken in any case, not
 * like a taken one, not like one chosen earlier in this paste). Shared by the route and the mutator.
 */
async function makeAccounts(trx: Transaction<Database>, access: Access, classId: number, accounts: readonly NewAccount[], now: Date): Promise<ClassCredential[]> {
  const { row } = await openClass(trx, access, classId, true);
  if ((await lockedStudentCount(trx, classId)) + accounts.length > row.maxMembers) throw httpError(409, 'ERR_CLASS_FULL');
  const chosen = new Set<string>();
  const made: ClassCredential[] = [];
  for (const account of accounts) {
    let username: string | null = null;
    for (const candidate of account.usernames) {
      const skeleton = nameSkeleton(candidate);
      if (chosen.has(skeleton) || (await usernameTaken(trx, candidate))) continue;
      chosen.add(skeleton);
      username = candidate;
      break;
    }
    if (username === null) throw httpError(409, 'ERR_USERNAME_TAKEN');
    const created = await trx
      .insertInto('users')
      .values({
        username,
        usernameSkeleton: nameSkeleton(username),
        email: `${randomUUID()}@${MANAGED_EMAIL_DOMAIN}`,
        passwordHash: account.hash,
        isManaged: 1,
        realName: account.realName,
        schoolId: row.organizationId,
        createdAt: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('teamMembers').values({ teamId: classId, userId: created.id, role: 'member', joinedAt: now.toISOString() }).execute();
    made.push({ userId: created.id, username, realName: account.realName, password: account.password });
  }
  return made;
}

/**
 * POST /api/classes/{id}/students: one managed account per real name (a free username derived
 * from it, a generated password, hashed like every password), all in the class, in one
 * transaction. The passwords are answered once and never stored readable.
 */
export async function addStudents(db: Kysely<Database>, user: UserRow, classId: number, names: readonly string[], now: Date): Promise<{ classId: number; credentials: ClassCredential[] }> {
  const access = await loadAccess(db, user, now);
  await openForAdding(db, access, classId, names.length);
  // Hashing is slow on purpose: done before the transaction (not inside a lock), on the password pool as bulk work.
  const passwords = names.map(() => newPassword());
  const hashes = await hashPasswords(passwords);
  const accounts = names.map((realName, index) => ({ realName, usernames: usernameCandidates(realName), password: passwords[index] as string, hash: hashes[index] as string }));
  const credentials = await db.transaction().execute((trx) => makeAccounts(trx, access, classId, accounts, now));
  return { classId, credentials };
}

/** The class an addClassStudents names: by its number, or by the key its device gave it (404 if no class has it). */
async function classIdOf(db: Db, args: Pick<AddClassStudentsArgs, 'classId' | 'classKey'>): Promise<number> {
  if (args.classId !== undefined) return args.classId;
  const row = await db.selectFrom('teams').select('id').where('clientKey', '=', args.classKey ?? '').executeTakeFirst();
  if (!row) throw httpError(404, 'ERR_NOT_FOUND');
  return row.id;
}

/**
 * The addClassStudents mutation's preparation (its mutator's `prepare`, before the push's
 * transaction, the push's earlier mutations committed, so a class made by one of them is found by
 * its key): the class, the caller and the room checked first (a refusal costs no hash, issue 26),
 * then the device's passwords hashed as bulk work.
 */
export async function prepareStudentPasswords(db: Db, user: UserRow, args: AddClassStudentsArgs, now: Date): Promise<string[]> {
  // A device's passwords are the generator's (domain/classes.ts): two words and two digits, nothing weaker.
  if (!args.students.every((student) => isGeneratedPassword(student.password))) throw httpError(400, 'ERR_CLASS_PASSWORD');
  const access = await loadAccess(db, user, now);
  await openForAdding(db, access, await classIdOf(db, args), args.students.length);
  return hashPasswords(args.students.map((student) => student.password));
}

/**
 * The addClassStudents mutation: the route's rules, with the device's passwords (generated by
 * domain/classes.ts generatePassword, checked by isGeneratedPassword and hashed by prepareStudentPasswords
 * above) and its proposed usernames; a proposal that is taken (in any case, or a look-alike)
 * gives way to the next free one, its real name's candidates (domain/usernames.ts
 * usernameCandidates). It runs inside the push's transaction.
 */
export async function addClassStudents(
  trx: Transaction<Database>,
  user: UserRow,
  args: AddClassStudentsArgs,
  now: Date,
  hashes: readonly string[],
): Promise<ClassCredential[]> {
  const access = await loadAccess(trx, user, now);
  const classId = await classIdOf(trx, args);
  const accounts = args.students.map((student, index) => ({
    realName: student.realName,
    usernames: (function* () {
      yield student.username;
      yield* usernameCandidates(student.realName);
    })(),
    password: student.password,
    hash: hashes[index] as string,
  }));
  return makeAccounts(trx, access, classId, accounts, now);
}

/** A managed student of the class, for the staff's writes (rename, reset). */
async function managedStudent(db: Db, classId: number, userId: number) {
  const student = await db
    .selectFrom('teamMembers')
    .innerJoin('users', 'users.id', 'teamMembers.userId')
    .select(['users.id', 'users.username', 'users.realName', 'users.isManaged'])
    .where('teamMembers.teamId', '=', classId)
    .where('teamMembers.userId', '=', userId)
    .where('teamMembers.isActive', '=', 1)
    .executeTakeFirst();
  if (!student) throw httpError(404, 'ERR_CLASS_STUDENT_NOT_FOUND');
  // An ordinary account in the class has its own e-mail and password: the teacher does not change them.
  if (!student.isManaged) throw httpError(403, 'ERR_CLASS_NOT_MANAGED');
  return student;
}

/** POST /api/classes/{id}/students/{userId}/reset-password: a new password (answered once); the child's devices sign in again. */
export async function resetStudentPassword(db: Kysely<Database>, user: UserRow, classId: number, userId: number, now: Date): Promise<ClassCredential> {
  const access = await loadAccess(db, user, now);
  await openClass(db, access, classId, true);
  const student = await managedStudent(db, classId, userId);
  const password = newPassword();
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ passwordHash }).where('id', '=', student.id).execute();
    await revokeUserSessions(trx, student.id);
  });
  return { userId: student.id, username: student.username, realName: student.realName ?? '', password };
}

/** PATCH /api/classes/{id}/students/{userId} and the renameClassStudent mutation: the teacher edits a managed username. */
export async function renameStudent(db: Db, user: UserRow, args: { classId: number; userId: number; username: string }, now: Date): Promise<void> {
  const access = await loadAccess(db, user, now);
  await openClass(db, access, args.classId, true);
  const student = await managedStudent(db, args.classId, args.userId);
  if (student.username === args.username) return;
  if (await usernameTaken(db, args.username, student.id)) throw httpError(409, 'ERR_USERNAME_TAKEN');
  await db.updateTable('users').set({ username: args.username, usernameSkeleton: nameSkeleton(args.username) }).where('id', '=', student.id).execute();
}

/** A student of the class (managed or not) for its staff only: the parent code route (sync-server/parents). */
export async function classStudentForStaff(db: Db, user: UserRow, classId: number, userId: number, now: Date): Promise<{ id: number; username: string }> {
  await openClass(db, await loadAccess(db, user, now), classId, true);
  const student = await db
    .selectFrom('teamMembers')
    .innerJoin('users', 'users.id', 'teamMembers.userId')
    .select(['users.id', 'users.username'])
    .where('teamMembers.teamId', '=', classId)
    .where('teamMembers.userId', '=', userId)
    .where('teamMembers.isActive', '=', 1)
    .executeTakeFirst();
  if (!student) throw httpError(404, 'ERR_CLASS_STUDENT_NOT_FOUND');
  return student;
}
