import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { authUserSchema, classCredentialsSchema, classSummarySchema, pushResponseSchema, type ClassCredential, type OrganizationType, type PushResult, type Role } from '../../schema';
import type { BuildAppOptions } from '../app';
import type { MailMessage } from '../core/mailer';
import { createTestDatabase, type TestDatabase } from '../core/test-db';
import { accountWithRole, buildTestApp, expectJson, sessionCookie, uuid, type Account } from './test-server';

/**
 * The world of the permission tests (Standards: rows for a second school, a classmate and an
 * unlinked parent): a server on a test database of its own, two schools, and the calls every such
 * test makes (a request as someone, a push, a person with a role, a class with its children). A
 * test file builds the people and classes its story needs on top; schools A and B are made here.
 */
export interface TwoSchools {
  readonly test: TestDatabase;
  readonly app: FastifyInstance;
  /** The e-mail the server sent, kept in memory. */
  readonly mail: MailMessage[];
  readonly orgA: number;
  readonly orgB: number;
  /** A request as an account, a session's Cookie header, or no one. */
  call(who: Who, method: Method, url: string, payload?: unknown, init?: { ip?: string; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  /** One push of `mutations` (ids 1, 2, ... unless given) from a new client, or `clientId`'s; its results. */
  push(who: Who, mutations: readonly { id?: number; name: string; args: unknown }[], clientId?: string): Promise<PushResult[]>;
  /** An account holding `role` in each of `scopes` (default one unscoped grant), its school `home`. */
  person(role: Role | null, options?: { scopes?: readonly (string | null)[]; home?: number | null }): Promise<Account>;
  /** A class made by `teacher` through the API, with `names` as managed children; their cards. */
  makeClass(teacher: Account, organizationId: number, fields: { name: string } & Record<string, unknown>, names?: readonly string[]): Promise<{ id: number; credentials: ClassCredential[] }>;
  /** Signs in with a class card (or any username and password): the account, its session's cookie. */
  signIn(card: { username: string; password: string }): Promise<Account>;
  /** Closes the server and removes the database. */
  close(): Promise<void>;
}

export type Who = Account | string | null;
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

let clients = 0;

/** Builds the world: the server (with `options`, e.g. the test's clock) and schools A and B of `type`. */
export async function twoSchools(options: Partial<BuildAppOptions> = {}, type: OrganizationType = 'elementary_school'): Promise<TwoSchools> {
  const test = await createTestDatabase();
  const { app, mail } = buildTestApp(test.database, options);
  await app.ready();
  const school = async (name: string) =>
    (await test.database.db.insertInto('organizations').values({ name, type }).returning('id').executeTakeFirstOrThrow()).id;
  const orgA = await school('School A');
  const orgB = await school('School B');

  const call: TwoSchools['call'] = (who, method, url, payload, init = {}) =>
    app.inject({
      method,
      url,
      remoteAddress: init.ip ?? '127.0.0.1',
      headers: { ...(who === null ? {} : { cookie: typeof who === 'string' ? who : who.cookie }), ...init.headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  return {
    test,
    app,
    mail,
    orgA,
    orgB,
    call,
    async push(who, mutations, clientId = uuid(++clients, 0x7e57)) {
      const body = { clientId, mutations: mutations.map((mutation, index) => ({ id: index + 1, ...mutation })) };
      return pushResponseSchema.parse(expectJson(await call(who, 'POST', '/api/sync/push', body))).results;
    },
    person: (role, personOptions) => accountWithRole(app, test.database, role, personOptions),
    async makeClass(teacher, organizationId, fields, names = []) {
      const id = classSummarySchema.parse(expectJson(await call(teacher, 'POST', '/api/classes', { organizationId, ...fields }), 201)).id;
      if (names.length === 0) return { id, credentials: [] };
      const made = classCredentialsSchema.parse(expectJson(await call(teacher, 'POST', `/api/classes/${id}/students`, { names }), 201));
      return { id, credentials: made.credentials };
    },
    async signIn({ username, password }) {
      const response = await call(null, 'POST', '/api/auth/login', { username, password });
      return { user: authUserSchema.parse(expectJson(response)), cookie: sessionCookie(response), email: '', password };
    },
    async close() {
      await app.close();
      await test.remove();
    },
  };
}
