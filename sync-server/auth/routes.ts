import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  authUserSchema,
  changePasswordRequestSchema,
  errorResponseSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  MESSAGES,
  messageResponseSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  type AuthUser,
  type MessageResponse,
} from '../../schema';
import type { ServerContext } from '../context';
import { currentUser, SESSION_COOKIE } from '../plugins/auth';
import { httpError } from '../plugins/errors';
import type { ZodTypeProvider } from '../plugins/zod';
import { hashPassword, verifyPassword } from './password';
import { PER_ACCOUNT_LIMIT, PER_IP_LIMIT, tooManyAttemptsMessage, type Limit } from './rate-limit';
import { createSession, revokeSession, revokeUserSessions, SESSION_TTL_MS } from './sessions';
import { hashToken, newToken } from './tokens';
import { createUser, findUserByEmail, isUniqueViolation, isUsernameTaken, toAuthUser } from './users';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };

/**
 * Accounts (accounts spec sections 5, 7 and 8): sign-in, registration, password reset and
 * change, the current user, and sign-out. Sessions are rows in `sessions` named by the hash of
 * the `sid` cookie's random token.
 */
export function authRoutes(context: ServerContext): FastifyPluginAsync {
  const { database, limiter } = context;
  const db = database.db;

  /** Throws a 429 (with Retry-After) when any of the keys is over its limit. */
  function checkLimits(reply: FastifyReply, checks: readonly (readonly [string, Limit])[]): void {
    const wait = Math.max(...checks.map(([key, limit]) => limiter.retryAfterSeconds(key, limit)));
    if (wait === 0) return;
    reply.header('retry-after', String(wait));
    throw httpError(429, tooManyAttemptsMessage(wait));
  }

  async function startSession(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
    const token = await createSession(db, userId, { ip: request.ip, userAgent: request.headers['user-agent'] }, context.now());
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: SESSION_TTL_MS / 1000,
    });
  }

  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/auth/login',
      { config: { auth: 'public' }, schema: { body: loginRequestSchema, response: { 200: authUserSchema, ...errors } } },
      async (request, reply): Promise<AuthUser> => {
        const { email, password } = request.body;
        const accountKey = `login:account:${request.ip}:${email}`;
        const ipKey = `login:ip:${request.ip}`;
        checkLimits(reply, [[accountKey, PER_ACCOUNT_LIMIT], [ipKey, PER_IP_LIMIT]]);
        const user = await findUserByEmail(db, email);
        // verifyPassword hashes even without a user, so an unknown e-mail answers as slowly.
        const valid = await verifyPassword(password, user?.passwordHash ?? null);
        if (!user || !valid) {
          limiter.hit(accountKey, PER_ACCOUNT_LIMIT);
          limiter.hit(ipKey, PER_IP_LIMIT);
          throw httpError(401, MESSAGES.invalidCredentials);
        }
        limiter.reset(accountKey);
        await startSession(request, reply, user.id);
        return toAuthUser(user);
      },
    );

    routes.post(
      '/auth/register',
      { config: { auth: 'public' }, schema: { body: registerRequestSchema, response: { 200: authUserSchema, ...errors } } },
      async (request, reply): Promise<AuthUser> => {
        const { username, email, password } = request.body;
        if (await findUserByEmail(db, email)) throw httpError(409, MESSAGES.emailTaken);
        if (await isUsernameTaken(db, username)) throw httpError(409, MESSAGES.usernameTaken);
        const passwordHash = await hashPassword(password);
        try {
          const user = await createUser(db, { username, email, passwordHash }, context.now());
          await startSession(request, reply, user.id);
          return toAuthUser(user);
        } catch (error) {
          // Two registrations racing for the same e-mail or username.
          if (!isUniqueViolation(error)) throw error;
          const emailTaken = (await findUserByEmail(db, email)) !== undefined;
          throw httpError(409, emailTaken ? MESSAGES.emailTaken : MESSAGES.usernameTaken);
        }
      },
    );

    routes.post(
      '/auth/forgot-password',
      { config: { auth: 'public' }, schema: { body: forgotPasswordRequestSchema, response: { 200: messageResponseSchema, ...errors } } },
      async (request, reply): Promise<MessageResponse> => {
        const { email } = request.body;
        const accountKey = `forgot:account:${request.ip}:${email}`;
        const ipKey = `forgot:ip:${request.ip}`;
        checkLimits(reply, [[accountKey, PER_ACCOUNT_LIMIT], [ipKey, PER_IP_LIMIT]]);
        limiter.hit(accountKey, PER_ACCOUNT_LIMIT);
        limiter.hit(ipKey, PER_IP_LIMIT);
        const user = await findUserByEmail(db, email);
        if (user) {
          const token = newToken();
          const now = context.now();
          await db
            .updateTable('users')
            .set({ resetToken: hashToken(token), resetTokenExpiry: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString() })
            .where('id', '=', user.id)
            .execute();
          const origin = context.publicUrl ?? `${request.protocol}://${request.host}`;
          const link = `${origin.replace(/\/+$/, '')}/reset-password?token=${token}`;
          // Not awaited: the answer must not take longer when the account exists.
          context.mailer
            .send({
              to: user.email,
              subject: 'Reset your Chess Learning App password',
              text:
                `Hello ${user.username},\n\nSomeone (we hope you) asked to reset the password of your Chess Learning App account.\n` +
                `Open this link within one hour to choose a new password:\n\n${link}\n\n` +
                `If you did not ask for this, ignore this e-mail: your password stays as it is.\n`,
            })
            .catch((error: unknown) => request.log.error({ err: error }, 'could not send the password reset e-mail'));
        }
        return { message: MESSAGES.resetLinkSent };
      },
    );

    routes.post(
      '/auth/reset-password',
      { config: { auth: 'public' }, schema: { body: resetPasswordRequestSchema, response: { 200: messageResponseSchema, ...errors } } },
      async (request, reply): Promise<MessageResponse> => {
        const { token, newPassword } = request.body;
        const ipKey = `reset:ip:${request.ip}`;
        checkLimits(reply, [[ipKey, PER_IP_LIMIT]]);
        limiter.hit(ipKey, PER_IP_LIMIT);
        const now = context.now();
        const user = await db
          .selectFrom('users')
          .select(['id'])
          .where('resetToken', '=', hashToken(token))
          .where('resetTokenExpiry', '>', now.toISOString())
          .executeTakeFirst();
        if (!user) throw httpError(400, MESSAGES.resetLinkInvalid);
        const passwordHash = await hashPassword(newPassword);
        await db.transaction().execute(async (trx) => {
          // Single use: the token goes in the same write as the new password.
          await trx
            .updateTable('users')
            .set({ passwordHash, resetToken: null, resetTokenExpiry: null })
            .where('id', '=', user.id)
            .execute();
          await revokeUserSessions(trx, user.id);
        });
        return { message: MESSAGES.passwordReset };
      },
    );

    routes.post(
      '/auth/change-password',
      { config: { auth: 'user' }, schema: { body: changePasswordRequestSchema, response: { 200: messageResponseSchema, ...errors } } },
      async (request): Promise<MessageResponse> => {
        const user = currentUser(request);
        const { currentPassword, newPassword } = request.body;
        if (!(await verifyPassword(currentPassword, user.passwordHash))) {
          throw httpError(400, MESSAGES.currentPasswordWrong);
        }
        const passwordHash = await hashPassword(newPassword);
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('users').set({ passwordHash, resetToken: null, resetTokenExpiry: null }).where('id', '=', user.id).execute();
          // Every other device signs in again; this one stays signed in.
          await revokeUserSessions(trx, user.id, request.session?.sid ?? null);
        });
        return { message: MESSAGES.passwordUpdated };
      },
    );

    routes.get(
      '/auth/user',
      { config: { auth: 'user' }, schema: { response: { 200: authUserSchema, 401: errorResponseSchema } } },
      async (request): Promise<AuthUser> => toAuthUser(currentUser(request)),
    );

    // A browser navigation (spec: "navigation to /api/logout"): ends the session, then the sign-in page.
    routes.get('/logout', { config: { auth: 'public' } }, async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token && token.length <= 100) await revokeSession(db, hashToken(token));
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
      return reply.redirect('/login', 302);
    });
  };
}
