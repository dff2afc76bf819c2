import type { Kysely, Transaction } from 'kysely';
import type { Database, UserRow } from './db/types';
import { hashToken, newToken } from './tokens';

type Db = Kysely<Database> | Transaction<Database>;

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** However active, a session ends this long after sign-in (then the user signs in again). */
export const SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;
/** Last activity (and the sliding expiry) is written at most this often per session. */
export const ACTIVITY_WRITE_INTERVAL_MS = 60 * 1000;
export const IP_MAX_LENGTH = 45;
const USER_AGENT_MAX_LENGTH = 500;

export interface SessionInfo {
  /** The stored hash of the cookie's token (the sessions table's sid). */
  sid: string;
  lastActivity: string;
}

/** Creates a session and returns the token for the cookie (only its hash is stored). */
export async function createSession(
  db: Db,
  userId: number,
  client: { ip: string; userAgent: string | undefined },
  now: Date,
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      sid: hashToken(token),
      sess: null,
      userId,
      expire: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
      ipAddress: client.ip.slice(0, IP_MAX_LENGTH),
      userAgent: client.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
      isRevoked: 0,
      lastActivity: now.toISOString(),
      createdAt: now.toISOString(),
    })
    .execute();
  return token;
}

/** The live session of a cookie's token and its user, in one query. */
export async function findSession(db: Db, token: string, now: Date): Promise<{ session: SessionInfo; user: UserRow } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .selectAll('users')
    .select(['sessions.sid as sessionSid', 'sessions.lastActivity as sessionLastActivity'])
    .where('sessions.sid', '=', hashToken(token))
    .where('sessions.isRevoked', '=', 0)
    .where('sessions.expire', '>', now.toISOString())
    .where('sessions.createdAt', '>', new Date(now.getTime() - SESSION_ABSOLUTE_MS).toISOString())
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const { sessionSid, sessionLastActivity, ...user } = row;
  return { session: { sid: sessionSid, lastActivity: sessionLastActivity }, user };
}

/** Slides the expiry forward; skipped when written within the last minute, to keep reads cheap. */
export async function touchSession(db: Db, session: SessionInfo, now: Date): Promise<void> {
  if (now.getTime() - Date.parse(session.lastActivity) < ACTIVITY_WRITE_INTERVAL_MS) return;
  await db
    .updateTable('sessions')
    .set({ lastActivity: now.toISOString(), expire: new Date(now.getTime() + SESSION_TTL_MS).toISOString() })
    .where('sid', '=', session.sid)
    .execute();
}

export async function revokeSession(db: Db, sid: string): Promise<void> {
  await db.updateTable('sessions').set({ isRevoked: 1 }).where('sid', '=', sid).execute();
}

/** Revokes every session of a user except `keepSid` (the one changing the password). */
export async function revokeUserSessions(db: Db, userId: number, keepSid: string | null = null): Promise<void> {
  let query = db.updateTable('sessions').set({ isRevoked: 1 }).where('userId', '=', userId);
  if (keepSid !== null) query = query.where('sid', '!=', keepSid);
  await query.execute();
}
