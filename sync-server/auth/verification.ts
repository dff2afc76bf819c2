import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../core/db/types';
import type { Mailer } from '../core/mailer';
import { hashToken, newToken } from '../core/tokens';
import { composeMail } from '../mail/catalogue';
import { asLocale } from './users';

/**
 * E-mail verification by link: a random token (stored hashed, 24 hours, single use) mailed as
 * `<origin>/verify-email?token=...`; opening it marks the address verified. Roles are granted
 * with `npm run admin` only to verified addresses, so a role never reaches an address nobody
 * proved to own.
 */
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** Makes a new token for the user (replacing any earlier one) and mails the link. Not awaited by callers that must answer fast. */
export async function sendVerificationMail(db: Kysely<Database>, mailer: Mailer, user: UserRow, origin: string, now: Date): Promise<void> {
  const token = newToken();
  await db
    .updateTable('users')
    .set({ verifyToken: hashToken(token), verifyTokenExpiry: new Date(now.getTime() + VERIFY_TOKEN_TTL_MS).toISOString() })
    .where('id', '=', user.id)
    .execute();
  // In the account's language (issue 28), English when it chose none.
  const mail = composeMail('verifyEmail', asLocale(user.language), { username: user.username, link: `${origin}/verify-email?token=${token}` });
  await mailer.send({ to: user.email, ...mail });
}

/** Marks the address of the token's user verified; false when the token is unknown or expired. */
export async function verifyEmail(db: Kysely<Database>, token: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ emailVerifiedAt: now.toISOString(), verifyToken: null, verifyTokenExpiry: null })
    .where('verifyToken', '=', hashToken(token))
    .where('verifyTokenExpiry', '>', now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
