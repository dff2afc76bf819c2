import { z } from 'zod';
import { ERROR_TEXTS } from './core/errors';
import { defineMutation } from './sync';
import { CLASS_MESSAGES } from './classes';

/**
 * Class codes (issue 19; docs/decisions.md, "Class codes, issue 19"): the sign-in code a teacher
 * shows on the board, after which a child picks their username and types their password; and a
 * class's join code, with which a student who already has an account asks to join (the teacher
 * approves or declines).
 */

/** The class codes' addresses (a pattern under API_PREFIX, schema/core/paths.ts). */
export const classCodePaths = {
  newSignInCode: '/classes/sign-in-code',
  signInCode: '/classes/:id/sign-in-code',
  lookUp: '/auth/class-code',
  joinPanel: '/classes/:id/join',
  newJoinCode: '/classes/:id/join-code',
  join: '/classes/join',
  joinRequest: '/classes/:id/join-requests/:userId',
} as const;

/** How a code stands (issue 26; domain/code-guessing.ts): working, past its end, or retired after many wrong guesses. */
export const CODE_STATES = ['live', 'expired', 'retired'] as const;
export type CodeState = (typeof CODE_STATES)[number];

export const CLASS_CODE_MESSAGES = {
  /** Unknown, expired, or not a code at all: the same words, so a guess learns nothing. */
  signInCodeUnknown: ERROR_TEXTS.ERR_SIGN_IN_CODE_UNKNOWN,
  joinCodeUnknown: ERROR_TEXTS.ERR_JOIN_CODE_UNKNOWN,
  managedCannotJoin: ERROR_TEXTS.ERR_MANAGED_CANNOT_JOIN,
  alreadyMember: ERROR_TEXTS.ERR_ALREADY_IN_CLASS,
  requestNotFound: ERROR_TEXTS.ERR_JOIN_REQUEST_ANSWERED,
  full: CLASS_MESSAGES.full,
} as const;

const id = z.number().int().positive().max(2_147_483_647);
/** What a child types: short, any case; the server reads it with normalizeClassCode. */
const typedCode = z.string({ error: CLASS_CODE_MESSAGES.signInCodeUnknown }).max(40, { error: CLASS_CODE_MESSAGES.signInCodeUnknown });

/** POST /api/classes/sign-in-code */
export const signInCodeRequestSchema = z.strictObject({ classId: id });
export const signInCodeSchema = z.object({
  code: z.string(),
  /** ISO 8601: the code works until then. */
  expiresAt: z.string(),
});
export type SignInCode = z.infer<typeof signInCodeSchema>;

/**
 * GET /api/classes/{id}/sign-in-code: how the class's sign-in code stands (issue 26), for the
 * board to say when its code has been retired after many wrong guesses, has ended or was replaced
 * (another code's expiresAt). 'none': no code (an ended one is deleted when any class makes a new one).
 */
export const signInCodeStatusSchema = z.object({
  state: z.enum(['none', ...CODE_STATES]),
  expiresAt: z.string().nullable(),
});
export type SignInCodeStatus = z.infer<typeof signInCodeStatusSchema>;

/** POST /api/auth/class-code: what a code on the board opens. */
export const classCodeLookupRequestSchema = z.strictObject({ code: typedCode });
export const classCodeLookupSchema = z.object({
  className: z.string(),
  /** The class's accounts made by the teacher, by username only (never a real name: the board is public). */
  students: z.array(z.object({ username: z.string() })),
});
export type ClassCodeLookup = z.infer<typeof classCodeLookupSchema>;

export const joinRequestSchema = z.object({
  userId: z.number().int(),
  /** The username only: joining reveals no real name (docs/decisions.md). */
  username: z.string(),
  requestedAt: z.string(),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;

/** GET /api/classes/{id}/join and POST /api/classes/{id}/join-code: the join code and the requests waiting. */
export const classJoinPanelSchema = z.object({
  joinCode: z.string().nullable(),
  /** Issue 26: when the join code ends, and whether it still works (absent from pages stored before). */
  joinCodeExpiresAt: z.string().nullable().default(null),
  joinCodeState: z.enum(CODE_STATES).nullable().default(null),
  requests: z.array(joinRequestSchema),
});
export type ClassJoinPanel = z.infer<typeof classJoinPanelSchema>;

/** POST /api/classes/join and the requestClassJoin mutation. */
export const requestClassJoinArgsSchema = z.strictObject({ code: typedCode });
export type RequestClassJoinArgs = z.infer<typeof requestClassJoinArgsSchema>;
export const classJoinResultSchema = z.object({ classId: z.number().int(), className: z.string(), status: z.enum(['pending', 'member']) });
export type ClassJoinResult = z.infer<typeof classJoinResultSchema>;

/** POST /api/classes/{id}/join-requests/{userId} and the answerClassJoin mutation. */
export const answerClassJoinRequestSchema = z.strictObject({ approve: z.boolean() });
export const answerClassJoinArgsSchema = z.strictObject({ classId: id, userId: id, approve: z.boolean() });
export type AnswerClassJoinArgs = z.infer<typeof answerClassJoinArgsSchema>;

/** Join codes (issue 19): asking to join a class and the teacher's answer. */
export const CLASS_CODE_MUTATIONS = [defineMutation('requestClassJoin', requestClassJoinArgsSchema), defineMutation('answerClassJoin', answerClassJoinArgsSchema)] as const;
