import { z } from 'zod';
import { ERROR_TEXTS } from './core/errors';
import { hasInvisibleCharacters, normalizeName } from './core/names';
import { LOCALES, ROLES, USERNAME_MAX, USERNAME_MIN } from './core/values';
import { defineMutation } from './sync';

/**
 * Accounts: the request bodies of the /api/auth calls with the spec's validation messages
 * (accounts spec sections 5 and 7, play spec section 5), and the user as the client reads it.
 * The same schemas validate the forms in the app and the requests on the server.
 */

/**
 * The addresses of the accounts' routes (a pattern under API_PREFIX, schema/core/paths.ts): signing
 * in and out, the e-mail and password flows, the permissions, and the first visit's assessment.
 */
export const accountPaths = {
  login: '/auth/login',
  register: '/auth/register',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  changePassword: '/auth/change-password',
  sendVerification: '/auth/send-verification',
  verifyEmail: '/auth/verify-email',
  user: '/auth/user',
  logout: '/auth/logout',
  /** PUT: the account's language (issue 28), as the setLanguage mutation. */
  language: '/auth/language',
  /** GET /api/logout (spec): the browser goes there; it ends the session and redirects to the sign-in page. */
  logoutPage: '/logout',
  permissions: '/rbac/me',
  assessmentPuzzles: '/onboarding/puzzles',
  assessmentAttempt: '/onboarding/puzzle-attempt',
  completeOnboarding: '/onboarding/complete',
} as const;

export const PASSWORD_MIN = 6;
/** Bounds stored data; far above any real password or e-mail. */
export const PASSWORD_MAX = 200;
export const EMAIL_MAX = 254;

export const MESSAGES = {
  invalidEmail: ERROR_TEXTS.ERR_INVALID_EMAIL,
  passwordTooShort: ERROR_TEXTS.ERR_PASSWORD_TOO_SHORT,
  passwordsDontMatch: "Passwords don't match",
  usernameLength: ERROR_TEXTS.ERR_USERNAME_LENGTH,
  allPasswordFields: ERROR_TEXTS.ERR_ALL_PASSWORD_FIELDS,
  newPasswordsDontMatch: 'New passwords do not match',
  newPasswordTooShort: ERROR_TEXTS.ERR_NEW_PASSWORD_TOO_SHORT,
  notAuthenticated: ERROR_TEXTS.ERR_NOT_AUTHENTICATED,
  forbidden: ERROR_TEXTS.ERR_FORBIDDEN,
  notFound: ERROR_TEXTS.ERR_NOT_FOUND,
  invalidCredentials: ERROR_TEXTS.ERR_INVALID_CREDENTIALS,
  emailTaken: ERROR_TEXTS.ERR_EMAIL_TAKEN,
  usernameTaken: ERROR_TEXTS.ERR_USERNAME_TAKEN,
  /** Ours (issue 18, docs/decisions.md "Names"): the spec has no rule for invisible characters. */
  usernameInvisible: ERROR_TEXTS.ERR_USERNAME_INVISIBLE,
  resetLinkInvalid: ERROR_TEXTS.ERR_RESET_LINK_INVALID,
  currentPasswordWrong: ERROR_TEXTS.ERR_CURRENT_PASSWORD_WRONG,
  resetLinkSent: 'If an account exists for that email, a reset link has been sent.',
  passwordReset: 'Your password has been reset. You can now log in.',
  passwordUpdated: 'Password updated',
} as const;

export const emailSchema = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, { error: MESSAGES.invalidEmail })
  .pipe(z.email({ error: MESSAGES.invalidEmail }));

export const passwordSchema = z
  .string({ error: MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN, { error: MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters long` });

/**
 * A username as its owner types it: refused with invisible or control characters (zero-width,
 * bidi overrides, tabs, line breaks), else stored normalised (domain/names.ts: NFKC, one space
 * between words) and measured after that. The server also refuses one that looks like a taken
 * name (the confusable skeleton, sync-server/auth/users.ts).
 */
export const usernameSchema = z
  .string({ error: MESSAGES.usernameLength })
  .max(USERNAME_MAX * 10, { error: MESSAGES.usernameLength, abort: true })
  .refine((name) => !hasInvisibleCharacters(name), { error: MESSAGES.usernameInvisible, abort: true })
  .overwrite((name) => normalizeName(name))
  .min(USERNAME_MIN, { error: MESSAGES.usernameLength })
  .max(USERNAME_MAX, { error: MESSAGES.usernameLength });

/**
 * POST /api/auth/login: an e-mail address, or (issue 19) the username of a managed account made
 * by a teacher, which has no e-mail of its own. Exactly one of them.
 */
export const loginRequestSchema = z
  .strictObject({
    email: emailSchema.optional(),
    // Refused, as at registration, when it holds invisible characters (a zero-width space, a soft
    // hyphen): no username has them, so such a name could only be a way around the account's limit.
    username: z
      .string()
      .trim()
      .min(1, { error: MESSAGES.usernameLength })
      .max(USERNAME_MAX * 10, { error: MESSAGES.usernameLength })
      .refine((name) => !hasInvisibleCharacters(name), { error: MESSAGES.usernameInvisible })
      .optional(),
    password: passwordSchema,
  })
  .refine((body) => (body.email === undefined) !== (body.username === undefined), { error: MESSAGES.invalidEmail, path: ['email'] });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** POST /api/auth/register */
export const registerRequestSchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** Issue 28: the language chosen on this device before signing up; the account's from then on (and its e-mails'). */
  language: z.enum(LOCALES).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** Managed accounts (issue 19): made by a teacher, no e-mail of the child. */
export const MANAGED_ACCOUNT_MESSAGES = {
  noEmail: ERROR_TEXTS.ERR_MANAGED_NO_EMAIL,
} as const;

/** POST /api/auth/forgot-password */
export const forgotPasswordRequestSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** The reset token in links and requests: 32 random bytes as base64url. */
export const resetTokenSchema = z
  .string({ error: MESSAGES.resetLinkInvalid })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: MESSAGES.resetLinkInvalid });

/** POST /api/auth/reset-password */
export const resetPasswordRequestSchema = z.strictObject({
  token: resetTokenSchema,
  newPassword: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** The reset form (client only): both fields at least 6, and they must match. */
export const resetPasswordFormSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: passwordSchema })
  .refine((form) => form.newPassword === form.confirmPassword, {
    error: MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });

/**
 * E-mail verification (issue 12: roles are granted only to verified addresses). Not in the spec;
 * the words are ours (docs/decisions.md, "E-mail verification").
 */
export const VERIFY_MESSAGES = {
  verified: 'Your e-mail address is verified.',
  alreadyVerified: 'Your e-mail address is already verified.',
  linkInvalid: ERROR_TEXTS.ERR_VERIFY_LINK_INVALID,
  sent: 'A verification link has been sent to your e-mail address. It works for 24 hours.',
} as const;

export const verifyTokenSchema = z
  .string({ error: VERIFY_MESSAGES.linkInvalid })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: VERIFY_MESSAGES.linkInvalid });

/** POST /api/auth/verify-email (the link in the verification e-mail, opened in the app). */
export const verifyEmailRequestSchema = z.strictObject({ token: verifyTokenSchema });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

/** POST /api/auth/change-password */
export const changePasswordRequestSchema = z.strictObject({
  currentPassword: z.string({ error: MESSAGES.allPasswordFields }).min(1, { error: MESSAGES.allPasswordFields }).max(PASSWORD_MAX),
  newPassword: z
    .string({ error: MESSAGES.allPasswordFields })
    .min(PASSWORD_MIN, { error: MESSAGES.newPasswordTooShort })
    .max(PASSWORD_MAX),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The settings screen's Change Password form (client only). */
export const changePasswordFormSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .superRefine((form, ctx) => {
    if (!form.currentPassword || !form.newPassword || !form.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.allPasswordFields, path: ['currentPassword'] });
    } else if (form.newPassword !== form.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.newPasswordsDontMatch, path: ['confirmPassword'] });
    } else if (form.newPassword.length < PASSWORD_MIN) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.newPasswordTooShort, path: ['newPassword'] });
    }
  });

/** The signed-in user as GET /api/auth/user, login and register answer it (no secrets). */
export const authUserSchema = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  eloRating: z.number().int(),
  isEloCalibrated: z.boolean(),
  onboardingCompleted: z.boolean(),
  primaryRole: z.enum(ROLES),
  gamesWon: z.number().int(),
  gamesLost: z.number().int(),
  gamesDrawn: z.number().int(),
  totalGames: z.number().int(),
  createdAt: z.string(),
  /** A managed account (issue 19): made by a teacher, signs in with its username, no e-mail (`email` is ''). */
  isManaged: z.boolean().default(false),
  /** Issue 28: the language the account chose (on any device); null when none. Its e-mails are in it. */
  language: z.enum(LOCALES).nullable().default(null),
  /** When `language` was chosen (the choosing device's clock); null when never. */
  languageSetAt: z.string().nullable().default(null),
  /** The default language a teacher set on a class the student is in (the latest joined); null when none. */
  classLanguage: z.enum(LOCALES).nullable().default(null),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/**
 * PUT /api/auth/language and the setLanguage mutation (issue 28): the account's language (null:
 * none, the class's or the device's), chosen at `setAt` on the device's clock. A choice older
 * than the stored one (made on another device, pushed late) changes nothing.
 */
export const setLanguageArgsSchema = z.strictObject({ language: z.enum(LOCALES).nullable(), setAt: z.iso.datetime() });
export type SetLanguageArgs = z.infer<typeof setLanguageArgsSchema>;

/** The account's own mutations (issue 28). */
export const ACCOUNT_MUTATIONS = [defineMutation('setLanguage', setLanguageArgsSchema, ['setAt'])] as const;

/** The body of every answer that only carries a message (forgot, reset, change password). */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** GET /api/rbac/me */
export const rbacMeSchema = z.object({
  permissions: z.array(z.string()),
  roles: z.array(
    z.object({
      role: z.enum(ROLES),
      scope: z.string().nullable(),
      expiresAt: z.string().nullable(),
    }),
  ),
});
export type RbacMe = z.infer<typeof rbacMeSchema>;

/** GET /api/onboarding/puzzles item (accounts spec section 3, "Puzzle (assessment)"). */
export const onboardingPuzzleSchema = z.object({
  id: z.number().int().positive(),
  fen: z.string(),
  solution: z.array(z.object({ from: z.string(), to: z.string() })),
  rating: z.number().int(),
  tags: z.array(z.string()),
  description: z.string().nullable(),
});
export type OnboardingPuzzle = z.infer<typeof onboardingPuzzleSchema>;

const squareSchema = z.string().regex(/^[a-h][1-8]$/);

/** POST /api/onboarding/puzzle-attempt */
export const puzzleAttemptRequestSchema = z.strictObject({
  puzzleId: z.number().int().positive().max(2_147_483_647),
  solved: z.boolean(),
  timeSpent: z.number().int().min(0).max(24 * 60 * 60),
  attemptedMoves: z.array(z.strictObject({ from: squareSchema, to: squareSchema })).max(200),
});
export type PuzzleAttemptRequest = z.infer<typeof puzzleAttemptRequestSchema>;
