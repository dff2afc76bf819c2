import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { errorResponseSchema, type AuthUser, type SaveGameArgs, type SavedGamePayload } from '../../schema';
import type { Role } from '../../schema';
import { buildApp, type BuildAppOptions } from '../app';
import type { MailMessage } from '../core/mailer';
import type { AppDatabase } from '../core/db/connect';
import { grantRole } from '../core/rbac/grants';

/** Helpers for the API tests: an app on a test database, accounts, and sent mail kept in memory. */

export interface TestApp {
  app: FastifyInstance;
  mail: MailMessage[];
}

export function buildTestApp(database: AppDatabase, options: Partial<BuildAppOptions> = {}): TestApp {
  const mail: MailMessage[] = [];
  const app = buildApp({
    staticDir: null,
    database,
    // Replay on the event loop unless a test asks for the worker threads (they start in ~0.3 s each).
    replayThreads: 0,
    mailer: {
      send: async (message) => {
        mail.push(message);
      },
    },
    ...options,
  });
  return { app, mail };
}

export interface Account {
  user: AuthUser;
  /** The Cookie header value that signs requests in. */
  cookie: string;
  email: string;
  password: string;
}

let counter = 0;

export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error(`no sid cookie in ${response.statusCode} ${response.body}`);
  return `sid=${cookie.value}`;
}

export async function registerAccount(app: FastifyInstance, name?: string, password = 'secret-pass'): Promise<Account> {
  counter += 1;
  const username = name ?? `player${counter}_${Math.random().toString(36).slice(2, 6)}`;
  const email = `${username.toLowerCase()}@example.com`;
  const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { username, email, password } });
  expect(response.statusCode, response.body).toBe(200);
  return { user: response.json() as AuthUser, cookie: sessionCookie(response), email, password };
}

/**
 * An account holding a role through a user_roles grant (students hold none), in each of `scopes`
 * (default: one unscoped grant), its school set to `home` when given.
 */
export async function accountWithRole(
  app: FastifyInstance,
  database: AppDatabase,
  role: Role | null,
  { scopes = [null], home = null }: { scopes?: readonly (string | null)[]; home?: number | null } = {},
): Promise<Account> {
  const account = await registerAccount(app);
  if (role !== null && role !== 'student') {
    for (const scope of scopes) await grantRole(database.db, { userId: account.user.id, role, scope, expiresAt: null, grantedBy: null }, new Date());
  }
  if (home !== null) await database.db.updateTable('users').set({ schoolId: home }).where('id', '=', account.user.id).execute();
  return account;
}

/** Expects the status and answers the JSON body (parse it with the route's schema where it matters). */
export function expectJson(response: LightMyRequestResponse, statusCode = 200): unknown {
  expect(response.statusCode, response.body).toBe(statusCode);
  return response.json();
}

export function expectJsonError(response: LightMyRequestResponse, statusCode: number): string {
  expect(response.statusCode, response.body).toBe(statusCode);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return errorResponseSchema.parse(response.json()).error;
}

export const SCHOLARS_MATE = ['e4', 'e5', 'Bc4', 'Nc6', 'Qh5', 'Nf6', 'Qxf7#'];

export function gamePayload(overrides: Partial<SavedGamePayload> = {}): SavedGamePayload {
  return {
    opponent: 'Computer',
    result: 'win',
    moves: SCHOLARS_MATE,
    gameMode: 'pvc',
    difficulty: 'beginner',
    playerColor: 'white',
    gameDurationSeconds: 95,
    ...overrides,
  };
}

export function saveGameArgs(gameId: string, overrides: Partial<SavedGamePayload> = {}, finishedAt = '2026-11-20T10:00:00.000Z'): SaveGameArgs {
  return { gameId, game: gamePayload(overrides), finishedAt };
}

/** A UUID made from a number, so tests can name games and clients. */
export function uuid(n: number, prefix = 0): string {
  const hex = n.toString(16).padStart(12, '0');
  return `${prefix.toString(16).padStart(8, '0')}-0000-4000-8000-${hex}`;
}
