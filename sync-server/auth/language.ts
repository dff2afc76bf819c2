import type { Kysely, Transaction } from 'kysely';
import type { AppLocale } from '../../schema/core/values';
import type { AuthUser, SetLanguageArgs } from '../../schema';
import type { Database, UserRow } from '../core/db/types';
import { asLocale, toAuthUser } from './users';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The account's language (issue 28; docs/decisions.md, 'Languages of an account'): chosen by its
 * person in Settings or on the landing page (the setLanguage mutation, PUT /api/auth/language),
 * and a class's default for its students who chose none. The app shows the first of: the
 * account's own, the class's, this device's, the browser's (app/shared/i18n/locales.ts).
 */

/**
 * PUT /api/auth/language and the setLanguage mutation: stores the choice unless a later one is
 * stored (made on another device, this one pushed late). Answers the account as it is now.
 */
export async function setAccountLanguage(db: Db, user: UserRow, args: SetLanguageArgs): Promise<AuthUser> {
  const setAt = new Date(args.setAt).toISOString();
  await db
    .updateTable('users')
    .set({ language: args.language, languageSetAt: setAt })
    .where('id', '=', user.id)
    .where((eb) => eb.or([eb('languageSetAt', 'is', null), eb('languageSetAt', '<=', setAt)]))
    .execute();
  const row = await db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
  return authUserOf(db, row);
}

/**
 * The default language of the student's classes: of the active classes they are an active member
 * of that set one, the one they joined last (a child moved to a new class takes its language).
 */
export async function classLanguageOf(db: Db, userId: number): Promise<AppLocale | null> {
  const row = await db
    .selectFrom('teamMembers')
    .innerJoin('teams', 'teams.id', 'teamMembers.teamId')
    .select('teams.language')
    .where('teamMembers.userId', '=', userId)
    .where('teamMembers.isActive', '=', 1)
    .where('teams.isClass', '=', 1)
    .where('teams.isActive', '=', 1)
    .where('teams.language', 'is not', null)
    .orderBy('teamMembers.joinedAt', 'desc')
    .orderBy('teamMembers.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return asLocale(row?.language);
}

/** The account as every answer that carries it gives it (sign-in, GET /api/auth/user, the pull): with its class's language. */
export async function authUserOf(db: Db, row: UserRow): Promise<AuthUser> {
  return toAuthUser(row, await classLanguageOf(db, row.id));
}
