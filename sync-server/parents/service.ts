import { createHash, randomInt } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { generateParentCode, makeParentCode, parentCodeExpiry, parentCodeState, parseParentCode } from '../../domain/parents';
import { applyLearningLevel } from '../../domain/learning/settings-rules';
import {
  CHILD_CONTROL_KEYS,
  type ChildControls,
  type LinkedChild,
  type ParentCode,
  type ParentEmail,
  type ParentLetter,
  type ParentSuggestions,
  type ReleaseChildControlsArgs,
  type SetChildControlsArgs,
  type SetParentEmailArgs,
  type UnlinkChildArgs,
} from '../../schema';
import { guessCount, retireAtGuess } from '../auth/code-guard';
import { classStudentForStaff, openClass } from '../classes/service';
import { loadAccess } from '../core/rbac/tenancy';
import type { Database, UserRow } from '../core/db/types';
import { HISTORY_COLUMNS, toHistoryItem } from '../games/history';
import { readSettings, writeSettingsRow } from '../learning/settings';
import { httpError } from '../core/plugins/errors';

/**
 * Parents (issue 19; docs/decisions.md "Parents"). A parent account is linked to a child's by a
 * one-time code the class's staff make (only its sha256 is stored); a linked parent reads the
 * child's progress and sets the child's Parental Controls. Everything a parent may do checks the
 * link row first: a child who is not theirs is the same 404 as a child who does not exist.
 * The code is guessable (issue 26): its route counts each attempt first (../auth/code-guard.ts),
 * and a code stops working once the parent link guesses reach its `retireAtGuess`.
 */

type Db = Kysely<Database> | Transaction<Database>;

export const hashParentCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** How many recent games a parent sees, and how far back play time is counted (a week and a day, for time zones). */
const RECENT_GAMES = 5;
const PLAYED_GAMES_DAYS = 8;

/**
 * POST /api/classes/{id}/students/{userId}/parent-code: a new code for the child's parent, for
 * the class's staff. It replaces the child's earlier unused codes (the newest letter is the one
 * that works), and is answered once.
 */
export async function createParentCode(db: Kysely<Database>, user: UserRow, classId: number, childId: number, now: Date): Promise<ParentCode> {
  const child = await classStudentForStaff(db, user, classId, childId, now);
  const expiresAt = parentCodeExpiry(now).toISOString();
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('parentLinkCodes').set({ expiresAt: now.toISOString() }).where('childId', '=', child.id).where('usedAt', 'is', null).where('expiresAt', '>', now.toISOString()).execute();
    const retireAt = await retireAtGuess(trx, 'parent');
    // 25^8 codes: a clash with a stored one is rare; draw again rather than fail.
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = generateParentCode((max) => randomInt(max));
      const codeHash = hashParentCode(code);
      const taken = await trx.selectFrom('parentLinkCodes').select('id').where('codeHash', '=', codeHash).executeTakeFirst();
      if (taken) continue;
      await trx.insertInto('parentLinkCodes').values({ codeHash, childId: child.id, createdBy: user.id, createdAt: now.toISOString(), expiresAt, retireAtGuess: retireAt }).execute();
      return { userId: child.id, code: makeParentCode(code), expiresAt };
    }
    throw new Error('no free parent code after 5 draws');
  });
}

/**
 * GET /api/classes/{id}/parent-codes: each active student's newest letter and how it stands, for
 * the class's staff (who can then make a new one where a letter was retired or has ended).
 */
export async function parentLetters(db: Db, user: UserRow, classId: number, now: Date): Promise<ParentLetter[]> {
  await openClass(db, await loadAccess(db, user, now), classId, true);
  const rows = await db
    .selectFrom('parentLinkCodes')
    .innerJoin('teamMembers', 'teamMembers.userId', 'parentLinkCodes.childId')
    .select(['parentLinkCodes.id', 'parentLinkCodes.childId', 'parentLinkCodes.expiresAt', 'parentLinkCodes.usedAt', 'parentLinkCodes.retireAtGuess'])
    .where('teamMembers.teamId', '=', classId)
    .where('teamMembers.isActive', '=', 1)
    .orderBy('parentLinkCodes.id', 'desc')
    .limit(5000)
    .execute();
  const guesses = await guessCount(db, 'parent');
  const newest = new Map<number, ParentLetter>();
  for (const row of rows) {
    if (newest.has(row.childId)) continue;
    const code = { expiresAt: new Date(row.expiresAt).toISOString(), usedAt: row.usedAt === null ? null : new Date(row.usedAt).toISOString(), retireAtGuess: Number(row.retireAtGuess) };
    newest.set(row.childId, { userId: row.childId, state: parentCodeState(code, now, guesses), expiresAt: code.expiresAt, usedAt: code.usedAt });
  }
  return [...newest.values()].sort((a, b) => a.userId - b.userId);
}

/**
 * POST /api/parents/link: redeems a code (the route has counted the attempt first). The code is
 * used once, in the same transaction as the link; an ordinary account that was a 'student' becomes
 * a 'parent' with its assessment done (other roles keep theirs: a teacher may be a parent too).
 * Managed accounts (children) cannot link. A retired code is as unknown: its answer must not
 * tell a guesser that they found a code.
 */
export async function linkChild(db: Kysely<Database>, user: UserRow, typed: string, now: Date): Promise<LinkedChild> {
  const parsed = parseParentCode(typed);
  if (!parsed.ok) throw httpError(400, 'ERR_PARENT_CODE_FORMAT');
  if (user.isManaged) throw httpError(403, 'ERR_PARENT_NOT_FOR_CHILDREN');
  const childId = await db.transaction().execute(async (trx) => {
    const code = await trx.selectFrom('parentLinkCodes').selectAll().where('codeHash', '=', hashParentCode(parsed.code)).executeTakeFirst();
    if (!code) throw httpError(404, 'ERR_PARENT_CODE_UNKNOWN');
    const state = parentCodeState(code, now, await guessCount(trx, 'parent'));
    if (state === 'retired') throw httpError(404, 'ERR_PARENT_CODE_UNKNOWN');
    if (state === 'used') throw httpError(409, 'ERR_PARENT_CODE_USED');
    if (state === 'expired') throw httpError(409, 'ERR_PARENT_CODE_EXPIRED');
    if (code.childId === user.id) throw httpError(400, 'ERR_PARENT_OWN_ACCOUNT');
    await assertNotLinked(trx, user.id, code.childId);
    // Two parents typing the same code at once: only one update finds it unused.
    const used = await trx.updateTable('parentLinkCodes').set({ usedAt: now.toISOString(), usedBy: user.id }).where('id', '=', code.id).where('usedAt', 'is', null).executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw httpError(409, 'ERR_PARENT_CODE_USED');
    await addLink(trx, user, code.childId, now);
    return code.childId;
  });
  const [child] = await childrenOf(db, user.id, now, childId);
  return child as LinkedChild;
}

async function assertNotLinked(trx: Db, parentId: number, childId: number): Promise<void> {
  const linked = await trx.selectFrom('parentLinks').select('id').where('parentId', '=', parentId).where('childId', '=', childId).executeTakeFirst();
  if (linked) throw httpError(409, 'ERR_PARENT_ALREADY_LINKED');
}

/** The link itself, for a code or a parentEmail: the row, and a 'student' account becomes a 'parent'. */
async function addLink(trx: Db, user: UserRow, childId: number, now: Date): Promise<void> {
  // Two requests at once (a double tap) both checked 'not linked': the second one's row is a no-op.
  await trx
    .insertInto('parentLinks')
    .values({ parentId: user.id, childId, createdAt: now.toISOString() })
    .onConflict((conflict) => conflict.columns(['parentId', 'childId']).doNothing())
    .execute();
  // Like a parent role granted (core/rbac/grants.ts): an adult skips the children's skill assessment.
  if (user.primaryRole === 'student') await trx.updateTable('users').set({ primaryRole: 'parent', onboardingCompleted: 1 }).where('id', '=', user.id).execute();
}

/**
 * PATCH /api/me/parent-email and the setParentEmail mutation: an ordinary account names (or
 * clears, with null) its parent's e-mail address, stored trimmed and in lower case. A managed
 * account is refused (its teacher prints letters instead); so is the account's own address.
 */
export async function setParentEmail(db: Db, user: UserRow, args: SetParentEmailArgs): Promise<ParentEmail> {
  if (user.isManaged) throw httpError(403, 'ERR_PARENT_EMAIL_MANAGED');
  if (args.email !== null && args.email === user.email.trim().toLowerCase()) throw httpError(400, 'ERR_PARENT_OWN_EMAIL');
  await db.updateTable('users').set({ parentEmail: args.email }).where('id', '=', user.id).execute();
  return { parentEmail: args.email };
}

/** GET /api/me/parent-email */
export async function parentEmailOf(db: Db, userId: number): Promise<ParentEmail> {
  const row = await db.selectFrom('users').select('parentEmail').where('id', '=', userId).executeTakeFirst();
  return { parentEmail: row?.parentEmail ?? null };
}

/**
 * The ordinary accounts whose parentEmail is the user's verified address, not yet linked to the
 * user (none for an unverified address: anyone can type any address). `childId` narrows to one.
 */
function namedBy(db: Db, user: UserRow) {
  const email = user.email.trim().toLowerCase();
  return db
    .selectFrom('users')
    .select(['users.id', 'users.username'])
    .where(sql<string>`lower(trim(users.parent_email))`, '=', email)
    .where('users.isManaged', '=', 0)
    .where('users.id', '!=', user.id)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('parentLinks').select('parentLinks.id').whereRef('parentLinks.childId', '=', 'users.id').where('parentLinks.parentId', '=', user.id))));
}

const verified = (user: UserRow) => user.emailVerifiedAt !== null && !user.isManaged && user.email.trim() !== '';

/** GET /api/parents/suggestions: 'AnnaS named you as their parent' (usernames only). */
export async function parentSuggestions(db: Db, user: UserRow): Promise<ParentSuggestions> {
  if (!verified(user)) return { suggestions: [] };
  const rows = await namedBy(db, user).orderBy('users.id').limit(20).execute();
  return { suggestions: rows.map((row) => ({ userId: row.id, username: row.username })) };
}

/**
 * POST /api/parents/link-by-email (the route has counted the attempt first): links the user to an
 * ordinary account that named the user's verified e-mail as its parent's. Any other child is the
 * same 404 as a child who does not exist.
 */
export async function linkChildByEmail(db: Kysely<Database>, user: UserRow, childId: number, now: Date): Promise<LinkedChild> {
  if (user.isManaged) throw httpError(403, 'ERR_PARENT_NOT_FOR_CHILDREN');
  if (!verified(user)) throw httpError(403, 'ERR_PARENT_VERIFY_FIRST');
  await db.transaction().execute(async (trx) => {
    await assertNotLinked(trx, user.id, childId);
    const child = await namedBy(trx, user).where('users.id', '=', childId).executeTakeFirst();
    if (!child) {
      // A double tap on PostgreSQL: the other tap's link committed between the two reads, and a
      // linked child is no longer offered. Already linked, not 'not found'.
      await assertNotLinked(trx, user.id, childId);
      throw httpError(404, 'ERR_NOT_FOUND');
    }
    await addLink(trx, user, child.id, now);
  });
  const [child] = await childrenOf(db, user.id, now, childId);
  return child as LinkedChild;
}

/** Answers 404 unless `childId` is linked to `parentId`: the one check every parent route and mutation makes. */
export async function assertParentOf(db: Db, parentId: number, childId: number): Promise<void> {
  const link = await db.selectFrom('parentLinks').select('id').where('parentId', '=', parentId).where('childId', '=', childId).executeTakeFirst();
  if (!link) throw httpError(404, 'ERR_NOT_FOUND');
}

const controlsOf = (settings: ChildControls): ChildControls => ({
  dailyPlayTime: settings.dailyPlayTime,
  breakReminders: settings.breakReminders,
  hintsEnabled: settings.hintsEnabled,
  difficulty: settings.difficulty,
});

/** GET /api/parents/children: the parent's linked children (one of them with `only`). */
export async function childrenOf(db: Db, parentId: number, now: Date, only?: number): Promise<LinkedChild[]> {
  let query = db
    .selectFrom('parentLinks')
    .innerJoin('users', 'users.id', 'parentLinks.childId')
    .select(['users.id', 'users.username', 'users.realName', 'users.firstName', 'users.lastName', 'users.eloRating', 'users.lessonsCompleted', 'users.puzzlesSolved', 'users.totalGames'])
    .where('parentLinks.parentId', '=', parentId)
    .orderBy('parentLinks.createdAt')
    .orderBy('parentLinks.id')
    .limit(50);
  if (only !== undefined) query = query.where('parentLinks.childId', '=', only);
  const rows = await query.execute();
  const since = new Date(now.getTime() - PLAYED_GAMES_DAYS * 24 * 60 * 60 * 1000).toISOString();
  return Promise.all(
    rows.map(async (row) => {
      const recent = await db.selectFrom('games').select(HISTORY_COLUMNS).where('userId', '=', row.id).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(RECENT_GAMES).execute();
      const played = await db.selectFrom('games').select(['createdAt', 'gameDuration']).where('userId', '=', row.id).where('createdAt', '>=', since).orderBy('createdAt').limit(1000).execute();
      const settings = await readSettings(db, row.id);
      const profileName = [row.firstName, row.lastName].filter((part) => part !== null && part.trim() !== '').join(' ');
      return {
        userId: row.id,
        username: row.username,
        realName: row.realName ?? (profileName === '' ? null : profileName),
        rating: Number(row.eloRating),
        lessonsCompleted: Number(row.lessonsCompleted),
        puzzlesSolved: Number(row.puzzlesSolved),
        gamesPlayed: Number(row.totalGames),
        recentGames: recent.map(toHistoryItem),
        playedGames: played.map((game) => ({ finishedAt: new Date(game.createdAt).toISOString(), durationSeconds: Math.max(0, Number(game.gameDuration ?? 0)) })),
        controls: controlsOf(settings.settings),
        controlsSetAt: settings.controlsSetAt ?? null,
      };
    }),
  );
}

/**
 * PATCH /api/parents/children/{id}/controls and the setChildControls mutation: a linked parent
 * changes the child's Parental Controls. The child's settings row takes them, marked as set by
 * this parent; the child's devices fetch them at their next sync (the pull answers controlsSetAt),
 * and the child's own saves keep them (learning/settings.ts) until a parent changes them again.
 */
export async function setChildControls(db: Db, user: UserRow, args: SetChildControlsArgs, now: Date): Promise<void> {
  await assertParentOf(db, user.id, args.childId);
  const { settings } = await readSettings(db, args.childId);
  let next = { ...settings };
  for (const key of CHILD_CONTROL_KEYS) if (args.controls[key] !== undefined) next = { ...next, [key]: args.controls[key] };
  // As on the Settings screen: choosing a learning level sets the computer to it too.
  if (args.controls.difficulty !== undefined && args.controls.difficulty !== settings.difficulty) next = applyLearningLevel(next, args.controls.difficulty);
  await writeSettingsRow(db, args.childId, next, { updatedAt: now.toISOString(), controlsSetBy: user.id, controlsSetAt: now.toISOString() });
}

/** The child's settings row no longer marks the controls as a parent's (their values stay); `setBy` narrows to one parent's. */
async function clearControlsMark(db: Db, childId: number, setBy?: number): Promise<void> {
  let update = db.updateTable('settings').set({ controlsSetBy: null, controlsSetAt: null }).where('userId', '=', childId);
  if (setBy !== undefined) update = update.where('controlsSetBy', '=', setBy);
  await update.execute();
}

/**
 * DELETE /api/parents/children/{id}/controls and the releaseChildControls mutation: a linked parent
 * hands the Parental Controls back to the child, whichever linked parent set them. The values
 * stay as they are; the child's own saves change them again, and the child's devices unlock
 * Settings at their next sync (the pull's controlsSetAt becomes null). Controls not set: nothing
 * to do (the parent's wish holds already).
 */
export async function releaseChildControls(db: Db, user: UserRow, args: ReleaseChildControlsArgs): Promise<void> {
  await assertParentOf(db, user.id, args.childId);
  await clearControlsMark(db, args.childId);
}

/**
 * DELETE /api/parents/children/{id} and the unlinkChild mutation: the parent's link to the child
 * ends, and with it every parent route for that child (404). Controls this parent set go back to
 * the child (nobody linked would own them); another linked parent's stay. The account stays a
 * 'parent': linking again needs a new code or the child's parentEmail.
 */
export async function unlinkChild(db: Db, user: UserRow, args: UnlinkChildArgs): Promise<void> {
  await assertParentOf(db, user.id, args.childId);
  await db.deleteFrom('parentLinks').where('parentId', '=', user.id).where('childId', '=', args.childId).execute();
  await clearControlsMark(db, args.childId, user.id);
}
