import { createHash, randomInt } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  generateClassCode,
  isClassCodeShape,
  JOIN_CODE_DAYS,
  JOIN_CODE_LENGTH,
  normalizeClassCode,
  SIGN_IN_CODE_LENGTH,
  SIGN_IN_CODE_MINUTES,
} from '../../domain/class-codes';
import { codeState } from '../../domain/code-guessing';
import {
  type AnswerClassJoinArgs,
  type ClassCodeLookup,
  type ClassJoinPanel,
  type ClassJoinResult,
  type SignInCode,
  type SignInCodeStatus,
} from '../../schema';
import { guessCount, retireAtGuess } from '../auth/code-guard';
import type { Database, UserRow } from '../core/db/types';
import { httpError } from '../core/plugins/errors';
import { loadAccess, type Access } from '../core/rbac/tenancy';
import { classRow, isMember, lockedStudentCount, openClass } from './service';

/**
 * Class codes (issue 19; docs/decisions.md, "Class codes, issue 19").
 *
 * The sign-in code: a class's staff make one (a new one replaces the last); it works for
 * SIGN_IN_CODE_MINUTES and opens the list of the class's managed usernames, nothing else: the
 * child then signs in with their username and password as from a card. Stored as its SHA-256
 * only: the code is shown once, on the board.
 *
 * The join code: one per class, for JOIN_CODE_DAYS or until its staff make a new one. A
 * signed-in ordinary account that enters it asks to join; the staff approve (the student joins
 * the class) or decline. Stored hashed for the lookup and readable for its staff to show again.
 * Every write here is one function, called by its route and by its mutator alike.
 *
 * Both are guessable (issue 26): their routes and the push count each attempt first
 * (../auth/code-guard.ts), and a code stops working once its kind's guesses reach its
 * `retireAtGuess`, which its staff then see.
 */

type Db = Kysely<Database> | Transaction<Database>;

export const hashClassCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** A code of the kind no class uses now (expired sign-in codes were deleted just before). */
async function freshCode(db: Db, kind: 'sign_in' | 'join', length: number): Promise<string> {
  for (;;) {
    const code = generateClassCode(length, (max) => randomInt(max));
    const taken = await db.selectFrom('classCodes').select('id').where('kind', '=', kind).where('codeHash', '=', hashClassCode(code)).executeTakeFirst();
    if (!taken) return code;
  }
}

async function replaceCode(db: Db, access: Access, classId: number, kind: 'sign_in' | 'join', code: string, expiresAt: string): Promise<void> {
  await db.deleteFrom('classCodes').where('teamId', '=', classId).where('kind', '=', kind).execute();
  await db
    .insertInto('classCodes')
    .values({
      teamId: classId,
      kind,
      codeHash: hashClassCode(code),
      code: kind === 'join' ? code : null,
      expiresAt,
      retireAtGuess: await retireAtGuess(db, kind),
      createdBy: access.user.id,
      createdAt: access.now.toISOString(),
    })
    .execute();
}

/** POST /api/classes/sign-in-code: a new sign-in code for the board (the class's staff only). */
export async function makeSignInCode(db: Db, access: Access, classId: number): Promise<SignInCode> {
  await openClass(db, access, classId, true);
  // Expired codes of every class go here, so the table holds only live ones (and their hashes stay free).
  await db.deleteFrom('classCodes').where('kind', '=', 'sign_in').where('expiresAt', '<=', access.now.toISOString()).execute();
  const code = await freshCode(db, 'sign_in', SIGN_IN_CODE_LENGTH);
  const expiresAt = new Date(access.now.getTime() + SIGN_IN_CODE_MINUTES * 60_000).toISOString();
  await replaceCode(db, access, classId, 'sign_in', code, expiresAt);
  return { code, expiresAt };
}

/** GET /api/classes/{id}/sign-in-code: how the class's sign-in code stands (the class's staff only). */
export async function signInCodeStatus(db: Db, access: Access, classId: number): Promise<SignInCodeStatus> {
  await openClass(db, access, classId, true);
  const row = await db.selectFrom('classCodes').select(['expiresAt', 'retireAtGuess']).where('teamId', '=', classId).where('kind', '=', 'sign_in').executeTakeFirst();
  if (!row) return { state: 'none', expiresAt: null };
  return { state: codeState(row, await guessCount(db, 'sign_in'), access.now), expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt).toISOString() };
}

/** The live code of `kind` that `code` is (not expired, not retired by wrong guesses), if any. */
function liveCode(db: Db, kind: 'sign_in' | 'join', code: string, now: Date) {
  return guessCount(db, kind).then((guesses) =>
    db.selectFrom('classCodes').select('teamId').where('kind', '=', kind).where('codeHash', '=', hashClassCode(code)).where('expiresAt', '>', now.toISOString()).where('retireAtGuess', '>', guesses).executeTakeFirst(),
  );
}

/**
 * POST /api/auth/class-code (the route has counted the attempt): the class a live sign-in code
 * opens, with its managed accounts' usernames (they alone sign in with a username). Unknown,
 * expired, retired and malformed codes are all the same 404.
 */
export async function lookUpSignInCode(db: Db, typed: string, now: Date): Promise<ClassCodeLookup> {
  const code = normalizeClassCode(typed);
  if (!isClassCodeShape(code, SIGN_IN_CODE_LENGTH)) throw httpError(404, 'ERR_SIGN_IN_CODE_UNKNOWN');
  const row = await liveCode(db, 'sign_in', code, now);
  const team = row ? await classRow(db, row.teamId) : undefined;
  if (!row || !team) throw httpError(404, 'ERR_SIGN_IN_CODE_UNKNOWN');
  const students = await db
    .selectFrom('teamMembers')
    .innerJoin('users', 'users.id', 'teamMembers.userId')
    .select('users.username')
    .where('teamMembers.teamId', '=', team.id)
    .where('teamMembers.isActive', '=', 1)
    .where('users.isManaged', '=', 1)
    .orderBy(sql`lower(users.username)`)
    .limit(500)
    .execute();
  return { className: team.name, students: students.map((student) => ({ username: student.username })) };
}

/** GET /api/classes/{id}/join: the join code, how it stands, and the requests waiting (the class's staff only). */
export async function joinPanel(db: Db, access: Access, classId: number): Promise<ClassJoinPanel> {
  await openClass(db, access, classId, true);
  const code = await db.selectFrom('classCodes').select(['code', 'expiresAt', 'retireAtGuess']).where('teamId', '=', classId).where('kind', '=', 'join').executeTakeFirst();
  const requests = await db
    .selectFrom('classJoinRequests')
    .innerJoin('users', 'users.id', 'classJoinRequests.userId')
    .select(['users.id', 'users.username', 'classJoinRequests.requestedAt'])
    .where('classJoinRequests.teamId', '=', classId)
    .where('classJoinRequests.status', '=', 'pending')
    .orderBy('classJoinRequests.requestedAt')
    .orderBy('classJoinRequests.id')
    .limit(500)
    .execute();
  return {
    joinCode: code?.code ?? null,
    joinCodeExpiresAt: code?.expiresAt ? new Date(code.expiresAt).toISOString() : null,
    joinCodeState: code ? codeState(code, await guessCount(db, 'join'), access.now) : null,
    requests: requests.map((request) => ({ userId: request.id, username: request.username, requestedAt: new Date(request.requestedAt).toISOString() })),
  };
}

/** POST /api/classes/{id}/join-code: a new join code for JOIN_CODE_DAYS; the last one stops working. */
export async function makeJoinCode(db: Db, access: Access, classId: number): Promise<ClassJoinPanel> {
  await openClass(db, access, classId, true);
  const expiresAt = new Date(access.now.getTime() + JOIN_CODE_DAYS * 24 * 60 * 60_000).toISOString();
  await replaceCode(db, access, classId, 'join', await freshCode(db, 'join', JOIN_CODE_LENGTH), expiresAt);
  return joinPanel(db, access, classId);
}

/**
 * POST /api/classes/join and the requestClassJoin mutation (both have counted the attempt): an
 * ordinary account asks to join the class of a live join code (an expired or retired one is as
 * unknown). Asking again while waiting changes nothing; a declined student may ask again.
 */
export async function requestClassJoin(db: Db, user: UserRow, typed: string, now: Date): Promise<ClassJoinResult> {
  if (user.isManaged) throw httpError(403, 'ERR_MANAGED_CANNOT_JOIN');
  const code = normalizeClassCode(typed);
  const row = isClassCodeShape(code, JOIN_CODE_LENGTH) ? await liveCode(db, 'join', code, now) : undefined;
  const team = row ? await classRow(db, row.teamId) : undefined;
  if (!team) throw httpError(404, 'ERR_JOIN_CODE_UNKNOWN');
  if (await isMember(db, team.id, user.id)) throw httpError(409, 'ERR_ALREADY_IN_CLASS');
  if ((await lockedStudentCount(db, team.id)) >= team.maxMembers) throw httpError(409, 'ERR_CLASS_FULL');
  await db
    .insertInto('classJoinRequests')
    .values({ teamId: team.id, userId: user.id, status: 'pending', requestedAt: now.toISOString(), answeredAt: null, answeredBy: null })
    .onConflict((conflict) =>
      conflict.columns(['teamId', 'userId']).doUpdateSet({ status: 'pending', requestedAt: now.toISOString(), answeredAt: null, answeredBy: null }).where('classJoinRequests.status', '!=', 'pending'),
    )
    .execute();
  return { classId: team.id, className: team.name, status: 'pending' };
}

/**
 * POST /api/classes/{id}/join-requests/{userId} and the answerClassJoin mutation: the class's
 * staff let a student in (a member of the class from now on) or decline. A full class refuses.
 */
export async function answerClassJoin(db: Db, user: UserRow, args: AnswerClassJoinArgs, now: Date): Promise<void> {
  const access = await loadAccess(db, user, now);
  const { row } = await openClass(db, access, args.classId, true);
  const request = await db
    .selectFrom('classJoinRequests')
    .select('id')
    .where('teamId', '=', args.classId)
    .where('userId', '=', args.userId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (!request) throw httpError(404, 'ERR_JOIN_REQUEST_ANSWERED');
  if (args.approve && !(await isMember(db, args.classId, args.userId))) {
    if ((await lockedStudentCount(db, args.classId)) >= row.maxMembers) throw httpError(409, 'ERR_CLASS_FULL');
    const earlier = await db.selectFrom('teamMembers').select('id').where('teamId', '=', args.classId).where('userId', '=', args.userId).executeTakeFirst();
    if (earlier) {
      await db.updateTable('teamMembers').set({ isActive: 1, joinedAt: now.toISOString() }).where('id', '=', earlier.id).execute();
    } else {
      await db.insertInto('teamMembers').values({ teamId: args.classId, userId: args.userId, role: 'member', joinedAt: now.toISOString() }).execute();
    }
  }
  await db
    .updateTable('classJoinRequests')
    .set({ status: args.approve ? 'approved' : 'declined', answeredAt: now.toISOString(), answeredBy: user.id })
    .where('id', '=', request.id)
    .execute();
}
