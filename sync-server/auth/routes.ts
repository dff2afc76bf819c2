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
  setLanguageArgsSchema,
  verifyEmailRequestSchema,
  VERIFY_MESSAGES,
  accountPaths,
  clampClientTimes,
  type AuthUser,
  type MessageResponse,
  ERROR_TEXTS,
} from '../../schema';
import type { ServerContext } from '../core/context';
import { isAllowedHost } from '../core/hosts';
import { currentUser, SESSION_COOKIE } from '../core/plugins/auth';
import { httpError } from '../core/plugins/errors';
import type { ZodTypeProvider } from '../core/plugins/zod';
import { hashPassword, verifyPassword } from './password';
import { LOGIN_EVERYWHERE_LIMIT, PER_ACCOUNT_LIMIT, PER_IP_LIMIT, tooManyAttempts, type Limit } from '../core/rate-limit';
import { createSession, revokeSession, revokeUserSessions, SESSION_TTL_MS } from '../core/sessions';
import { hashToken, newToken } from '../core/tokens';
import { authUserOf, setAccountLanguage } from './language';
import { composeMail } from '../mail/catalogue';
import { asLocale, createUser, findUserByEmail, findUserForLogin, isUniqueViolation, isUsernameTaken, loginAccountKey } from './users';
import { sendVerificationMail, verifyEmail } from './verification';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Without PUBLIC_URL, a reset asked for through a Host not in the allowed list (a forged Host header). */
export const RESET_HOST_REFUSED = ERROR_TEXTS.ERR_RESET_HOST_REFUSED;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };

/** What the auth route groups share: the database, the limiter, and the session and link helpers. */
type AuthKit = ReturnType<typeof authKit>;

function authKit(context: ServerContext) {
  const { database, limiter } = context;
  const db = database.db;

  /**
   * Counts this attempt on every key BEFORE the work it protects (a hash, a mail); throws a 429
   * (with Retry-After) when any key is over its limit. Parallel attempts are counted one by one.
   */
  async function takeAttempt(reply: FastifyReply, checks: readonly (readonly [string, Limit])[]): Promise<void> {
    const wait = await limiter.take(checks);
    if (wait === 0) return;
    reply.header('retry-after', String(wait));
    throw tooManyAttempts(wait);
  }

  /**
   * The origin of links in e-mails: PUBLIC_URL, else the request's own origin when its Host is
   * allowed (a forged Host must not receive a victim's token); else a 400.
   */
  function linkOrigin(request: FastifyRequest): string {
    if (context.publicUrl !== null) return context.publicUrl.replace(/\/+$/, '');
    if (!isAllowedHost(request.host, context.allowedHosts)) throw httpError(400, 'ERR_RESET_HOST_REFUSED');
    return `${request.protocol}://${request.host}`;
  }

  function safeLinkOrigin(request: FastifyRequest): string | null {
    try {
      return linkOrigin(request);
    } catch {
      return null;
    }
  }

  /** Signing in ends the session this browser had (rotation: a planted session id dies here). */
  async function endPresentSession(request: FastifyRequest): Promise<void> {
    const token = request.cookies[SESSION_COOKIE];
    if (token && token.length <= 100) await revokeSession(db, hashToken(token));
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

  return { context, db, limiter, takeAttempt, linkOrigin, safeLinkOrigin, endPresentSession, startSession };
}

/**
 * Accounts (accounts spec sections 5, 7 and 8): sign-in, registration, password reset and
 * change, the current user, and sign-out. Sessions are rows in `sessions` named by the hash of
 * the `sid` cookie's random token. Each group below is a child plugin, registered in this order.
 */
export function authRoutes(context: ServerContext): FastifyPluginAsync {
  const kit = authKit(context);
  return async (app) => {
    app.register(signInRoutes(kit));
    app.register(passwordResetRoutes(kit));
    app.register(accountRoutes(kit));
    app.register(sessionRoutes(kit));
  };
}

/** Sign-in and registration. */
function signInRoutes({ context, db, limiter, takeAttempt, safeLinkOrigin, endPresentSession, startSession }: AuthKit): FastifyPluginAsync {
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      accountPaths.login,
      { config: { auth: 'public' }, schema: { body: loginRequestSchema, response: { 200: authUserSchema, ...errors } } },
      async (request, reply): Promise<AuthUser> => {
        const { password } = request.body;
        // The account first (one indexed read): the limits count the account the words resolve
        // to, however they were typed (fullwidth, any case), not the text (users.ts loginAccountKey).
        const user = await findUserForLogin(db, request.body);
        const account = loginAccountKey(request.body, user);
        const accountKey = `login:account:${request.ip}:${account}`;
        const ipKey = `login:ip:${request.ip}`;
        // Every address together: slows a guesser spread over many addresses (10 per address).
        const everywhereKey = `login:everywhere:${account}`;
        await takeAttempt(reply, [[accountKey, PER_ACCOUNT_LIMIT], [ipKey, PER_IP_LIMIT], [everywhereKey, LOGIN_EVERYWHERE_LIMIT]]);
        // verifyPassword hashes even without a user, so an unknown e-mail answers as slowly.
        const valid = await verifyPassword(password, user?.passwordHash ?? null);
        if (!user || !valid) throw httpError(401, 'ERR_INVALID_CREDENTIALS');
        // A success does not count: a class signing in behind one address keeps its budget.
        await Promise.all([limiter.reset(accountKey), limiter.refund(ipKey), limiter.refund(everywhereKey)]);
        await endPresentSession(request);
        await startSession(request, reply, user.id);
        return authUserOf(db, user);
      },
    );

    routes.post(
      accountPaths.register,
      { config: { auth: 'public' }, schema: { body: registerRequestSchema, response: { 200: authUserSchema, ...errors } } },
      async (request, reply): Promise<AuthUser> => {
        const { username, email, password, language } = request.body;
        await takeAttempt(reply, [[`register:ip:${request.ip}`, context.registerLimit]]);
        if (await findUserByEmail(db, email)) throw httpError(409, 'ERR_EMAIL_TAKEN');
        if (await isUsernameTaken(db, username)) throw httpError(409, 'ERR_USERNAME_TAKEN');
        const passwordHash = await hashPassword(password);
        try {
          const user = await createUser(db, { username, email, passwordHash, language }, context.now());
          await startSession(request, reply, user.id);
          // The verification link, when links can be made for this request (else asked for later).
          // Awaited (nothing to hide here: a taken e-mail answered 409 above); a failure only logs.
          const origin = safeLinkOrigin(request);
          if (origin !== null) {
            await sendVerificationMail(db, context.mailer, user, origin, context.now()).catch((error: unknown) =>
              request.log.error({ err: error }, 'could not send the verification e-mail'),
            );
          }
          return authUserOf(db, user);
        } catch (error) {
          // Two registrations racing for the same e-mail or username.
          if (!isUniqueViolation(error)) throw error;
          const emailTaken = (await findUserByEmail(db, email)) !== undefined;
          throw httpError(409, emailTaken ? 'ERR_EMAIL_TAKEN' : 'ERR_USERNAME_TAKEN');
        }
      },
    );
  };
}

/** The forgotten-password mail and the reset it links to. */
function passwordResetRoutes({ context, db, takeAttempt, linkOrigin }: AuthKit): FastifyPluginAsync {
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      accountPaths.forgotPassword,
      { config: { auth: 'public' }, schema: { body: forgotPasswordRequestSchema, response: { 200: messageResponseSchema, ...errors } } },
      async (request, reply): Promise<MessageResponse> => {
        const { email } = request.body;
        const accountKey = `forgot:account:${request.ip}:${email}`;
        const ipKey = `forgot:ip:${request.ip}`;
        await takeAttempt(reply, [[accountKey, PER_ACCOUNT_LIMIT], [ipKey, PER_IP_LIMIT]]);
        const origin = linkOrigin(request);
        const user = await findUserByEmail(db, email);
        // A managed account is reset by its teacher (issue 19), never by mail.
        if (user && !user.isManaged) {
          const token = newToken();
          const now = context.now();
          await db
            .updateTable('users')
            .set({ resetToken: hashToken(token), resetTokenExpiry: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString() })
            .where('id', '=', user.id)
            .execute();
          const link = `${origin}/reset-password?token=${token}`;
          // Not awaited: the answer must not take longer when the account exists.
          // In the account's language (issue 28), English when it chose none.
          context.mailer
            .send({ to: user.email, ...composeMail('resetPassword', asLocale(user.language), { username: user.username, link }) })
            .catch((error: unknown) => request.log.error({ err: error }, 'could not send the password reset e-mail'));
        }
        return { message: MESSAGES.resetLinkSent };
      },
    );

    routes.post(
      accountPaths.resetPassword,
      { config: { auth: 'public' }, schema: { body: resetPasswordRequestSchema, response: { 200: messageResponseSchema, ...errors } } },
      async (request, reply): Promise<MessageResponse> => {
        const { token, newPassword } = request.body;
        const ipKey = `reset:ip:${request.ip}`;
        await takeAttempt(reply, [[ipKey, PER_IP_LIMIT]]);
        const now = context.now();
        const user = await db
          .selectFrom('users')
          .select(['id'])
          .where('resetToken', '=', hashToken(token))
          .where('resetTokenExpiry', '>', now.toISOString())
          .executeTakeFirst();
        if (!user) throw httpError(400, 'ERR_RESET_LINK_INVALID');
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
  };
}

/** A signed-in user's password change, and e-mail verification. */
function accountRoutes({ context, db, limiter, takeAttempt, linkOrigin }: AuthKit): FastifyPluginAsync {
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      accountPaths.changePassword,
      { config: { auth: 'user' }, schema: { body: changePasswordRequestSchema, response: { 200: messageResponseSchema, ...errors } } },
      async (request, reply): Promise<MessageResponse> => {
        const user = currentUser(request);
        const { currentPassword, newPassword } = request.body;
        // A stolen session must not guess the password behind it at the hash's speed.
        const accountKey = `change:account:${user.id}`;
        await takeAttempt(reply, [[accountKey, PER_ACCOUNT_LIMIT]]);
        if (!(await verifyPassword(currentPassword, user.passwordHash))) {
          throw httpError(400, 'ERR_CURRENT_PASSWORD_WRONG');
        }
        await limiter.reset(accountKey);
        const passwordHash = await hashPassword(newPassword);
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('users').set({ passwordHash, resetToken: null, resetTokenExpiry: null }).where('id', '=', user.id).execute();
          // Every other device signs in again; this one stays signed in.
          await revokeUserSessions(trx, user.id, request.session?.sid ?? null);
        });
        return { message: MESSAGES.passwordUpdated };
      },
    );

    routes.post(
      accountPaths.sendVerification,
      { config: { auth: 'user' }, schema: { response: { 200: messageResponseSchema, ...errors } } },
      async (request, reply): Promise<MessageResponse> => {
        const user = currentUser(request);
        if (user.isManaged) throw httpError(400, 'ERR_MANAGED_NO_EMAIL');
        if (user.emailVerifiedAt !== null) return { message: VERIFY_MESSAGES.alreadyVerified };
        await takeAttempt(reply, [[`verify:account:${user.id}`, PER_ACCOUNT_LIMIT]]);
        await sendVerificationMail(db, context.mailer, user, linkOrigin(request), context.now());
        return { message: VERIFY_MESSAGES.sent };
      },
    );

    routes.post(
      accountPaths.verifyEmail,
      { config: { auth: 'public' }, schema: { body: verifyEmailRequestSchema, response: { 200: messageResponseSchema, ...errors } } },
      async (request, reply): Promise<MessageResponse> => {
        const ipKey = `verify:ip:${request.ip}`;
        await takeAttempt(reply, [[ipKey, PER_IP_LIMIT]]);
        if (!(await verifyEmail(db, request.body.token, context.now()))) throw httpError(400, 'ERR_VERIFY_LINK_INVALID');
        // Only wrong links count, as for sign-ins: a school's staff verifying behind one address keep the budget.
        await limiter.refund(ipKey);
        return { message: VERIFY_MESSAGES.verified };
      },
    );
  };
}

/** The current user, their language and sign-out. */
function sessionRoutes({ context, db, endPresentSession }: AuthKit): FastifyPluginAsync {
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    // Issue 28: the same service as the setLanguage mutation (./mutators.ts).
    routes.put(
      accountPaths.language,
      { config: { auth: 'user' }, schema: { body: setLanguageArgsSchema, response: { 200: authUserSchema, ...errors } } },
      async (request): Promise<AuthUser> => setAccountLanguage(db, currentUser(request), clampClientTimes('setLanguage', request.body, context.now())),
    );

    routes.get(
      accountPaths.user,
      { config: { auth: 'user' }, schema: { response: { 200: authUserSchema, 401: errorResponseSchema } } },
      async (request): Promise<AuthUser> => authUserOf(db, currentUser(request)),
    );

    // The app's queued Log Out (made offline, sent when back online): ends the session the cookie names.
    routes.post(
      accountPaths.logout,
      { config: { auth: 'public' }, schema: { response: { 200: messageResponseSchema } } },
      async (request, reply): Promise<MessageResponse> => {
        await endPresentSession(request);
        reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
        return { message: 'Signed out' };
      },
    );

    // A browser navigation (spec: "navigation to /api/logout"): ends the session, then the sign-in page.
    routes.get(accountPaths.logoutPage, { config: { auth: 'public' } }, async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token && token.length <= 100) await revokeSession(db, hashToken(token));
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
      return reply.redirect('/login', 302);
    });
  };
}
