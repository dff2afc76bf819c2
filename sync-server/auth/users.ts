import { sql, type Kysely, type Transaction } from 'kysely';
import { nameSkeleton } from '../../domain/name-skeleton';
import { normalizeName } from '../../domain/names';
import { isRole } from '../../domain/rbac';
import type { AuthUser } from '../../schema';
import { isAppLocale, type AppLocale } from '../../schema/core/values';
import type { Database, UserRow } from '../core/db/types';

type Db = Kysely<Database> | Transaction<Database>;

/** A stored language code as a locale; null for none (or a code written outside the code). */
export function asLocale(value: string | null | undefined): AppLocale | null {
  return isAppLocale(value) ? value : null;
}

/**
 * The user as the client reads it: no password hash, no reset token, no contact details. With the
 * default language of their class (./language.ts authUserOf reads it).
 */
export function toAuthUser(row: UserRow, classLanguage: AppLocale | null): AuthUser {
  return {
    id: row.id,
    username: row.username,
    // A managed account's stored address is a placeholder (classes/service.ts): not the child's, not shown.
    email: row.isManaged ? '' : row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    eloRating: row.eloRating,
    isEloCalibrated: Boolean(row.isEloCalibrated),
    onboardingCompleted: Boolean(row.onboardingCompleted),
    primaryRole: isRole(row.primaryRole) ? row.primaryRole : 'student',
    gamesWon: row.gamesWon,
    gamesLost: row.gamesLost,
    gamesDrawn: row.gamesDrawn,
    totalGames: row.totalGames,
    createdAt: row.createdAt,
    isManaged: Boolean(row.isManaged),
    language: asLocale(row.language),
    languageSetAt: row.languageSetAt === null ? null : new Date(row.languageSetAt).toISOString(),
    classLanguage,
  };
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/**
 * Who signs in with these words: an ordinary account by its e-mail, a managed one (issue 19)
 * by its username only (its stored address is a placeholder nobody should know or use).
 */
export async function findUserForLogin(db: Db, login: { email?: string | undefined; username?: string | undefined }): Promise<UserRow | undefined> {
  if (login.email !== undefined) {
    const user = await findUserByEmail(db, login.email);
    return user?.isManaged ? undefined : user;
  }
  const username = normalizeName(login.username ?? '');
  return db.selectFrom('users').selectAll().where(sql<string>`lower(username)`, '=', username.toLowerCase()).where('isManaged', '=', 1).executeTakeFirst();
}

/**
 * The one key the sign-in limits count these words under (issue 26): the account they sign in to,
 * however it was typed. A managed account (by username) is keyed by its confusable skeleton,
 * unique to it (the username_skeleton index); a name of no account by the skeleton of the name as
 * typed (after the same normalisation as registration), so 'ChloeZ', 'ＣｈｌｏｅＺ', 'CHLOEZ' and
 * 'Сhloe Z' with a Cyrillic 'С' all count as one; an e-mail account by its id, an unknown
 * address by the address (the schema lowercased it).
 */
export function loginAccountKey(login: { email?: string | undefined; username?: string | undefined }, user: UserRow | undefined): string {
  if (login.email !== undefined) return user ? `user:${user.id}` : `email:${login.email}`;
  return `name:${user ? (user.usernameSkeleton ?? nameSkeleton(user.username)) : nameSkeleton(login.username ?? '')}`;
}

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Taken: the same name in any case, or one that looks alike (the same confusable skeleton). */
export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb(sql<string>`lower(username)`, '=', username.toLowerCase()), eb('usernameSkeleton', '=', nameSkeleton(username))]))
    .executeTakeFirst();
  return row !== undefined;
}

/** `user.username` is already normalised (schema/accounts.ts's usernameSchema). */
export async function createUser(
  db: Db,
  { language, ...user }: { username: string; email: string; passwordHash: string; language?: AppLocale | undefined },
  now: Date,
): Promise<UserRow> {
  const chosen = language === undefined ? {} : { language, languageSetAt: now.toISOString() };
  return db
    .insertInto('users')
    .values({ ...user, ...chosen, usernameSkeleton: nameSkeleton(user.username), createdAt: now.toISOString() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Unique-constraint violations look different on each database. */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || (typeof message === 'string' && /UNIQUE constraint/.test(message));
}
