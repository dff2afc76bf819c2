import { z } from 'zod';
import { ERROR_TEXTS } from './core/errors';
import { defineMutation } from './sync';
import { emailSchema, MESSAGES } from './accounts';
import { gameHistoryItemSchema } from './history';
import { BREAK_REMINDER_OPTIONS, DAILY_PLAY_TIME_OPTIONS, DIFFICULTIES } from './core/values';

/**
 * Parents (issue 19; docs/decisions.md "Parents"): a parent account linked to a child by a
 * one-time code the teacher prints, who sees the child's progress and play time and sets the
 * child's Parental Controls (the setChildControls mutation), hands them back (releaseChildControls)
 * or ends the link (unlinkChild).
 */

/**
 * The parents' addresses (a pattern under API_PREFIX, schema/core/paths.ts). `parentEmail` is read
 * with GET and set with PATCH; `childControls` is changed with PATCH and handed back with DELETE.
 */
export const parentPaths = {
  newParentCode: '/classes/:id/students/:userId/parent-code',
  parentLetters: '/classes/:id/parent-codes',
  link: '/parents/link',
  linkByEmail: '/parents/link-by-email',
  suggestions: '/parents/suggestions',
  parentEmail: '/me/parent-email',
  children: '/parents/children',
  child: '/parents/children/:id',
  childControls: '/parents/children/:id/controls',
} as const;

export const PARENT_MESSAGES = {
  codeFormat: ERROR_TEXTS.ERR_PARENT_CODE_FORMAT,
  codeUnknown: ERROR_TEXTS.ERR_PARENT_CODE_UNKNOWN,
  codeUsed: ERROR_TEXTS.ERR_PARENT_CODE_USED,
  codeExpired: ERROR_TEXTS.ERR_PARENT_CODE_EXPIRED,
  alreadyLinked: ERROR_TEXTS.ERR_PARENT_ALREADY_LINKED,
  notForChildren: ERROR_TEXTS.ERR_PARENT_NOT_FOR_CHILDREN,
  ownAccount: ERROR_TEXTS.ERR_PARENT_OWN_ACCOUNT,
  /** The same words as any missing record: a child who is not yours is not there. */
  childNotFound: MESSAGES.notFound,
  noControls: ERROR_TEXTS.ERR_PARENT_NO_CONTROLS,
  /** Linking by a child's parentEmail: only an address the account has proved is theirs. */
  verifyFirst: ERROR_TEXTS.ERR_PARENT_VERIFY_FIRST,
  ownEmail: ERROR_TEXTS.ERR_PARENT_OWN_EMAIL,
  managedParentEmail: ERROR_TEXTS.ERR_PARENT_EMAIL_MANAGED,
} as const;

const id = z.number().int().positive().max(2_147_483_647);

/** POST /api/classes/{id}/students/{userId}/parent-code: a new one-time code for the child's parent. */
export const parentCodeSchema = z.object({
  userId: id,
  /** As printed: 'ACDE-FGHJ'. Answered once; the server keeps its hash only. */
  code: z.string(),
  expiresAt: z.string(),
});
export type ParentCode = z.infer<typeof parentCodeSchema>;

/** A letter's code: still usable, used by a parent, past its end (or cancelled), or retired after many wrong guesses (issue 26). */
export const PARENT_CODE_STATES = ['usable', 'used', 'expired', 'retired'] as const;
export type ParentCodeState = (typeof PARENT_CODE_STATES)[number];

/**
 * GET /api/classes/{id}/parent-codes: each child's newest letter, for the class's staff: still
 * usable, used by a parent, expired (or cancelled by a newer letter), or retired after many wrong
 * guesses (issue 26). Never the code itself: only its hash is kept.
 */
export const parentLetterSchema = z.object({
  userId: id,
  state: z.enum(PARENT_CODE_STATES),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
});
export const parentLettersSchema = z.object({ letters: z.array(parentLetterSchema) });
export type ParentLetter = z.infer<typeof parentLetterSchema>;

/** POST /api/parents/link */
export const linkChildRequestSchema = z.strictObject({ code: z.string().max(40, PARENT_MESSAGES.codeFormat) });
export type LinkChildRequest = z.infer<typeof linkChildRequestSchema>;

/** The Parental Controls a parent sets (a part of the child's settings; schema/settings.ts). */
export const childControlsSchema = z.strictObject({
  dailyPlayTime: z.number().int().refine((value) => (DAILY_PLAY_TIME_OPTIONS as readonly number[]).includes(value), 'Choose one of the daily play times offered'),
  breakReminders: z.number().int().refine((value) => (BREAK_REMINDER_OPTIONS as readonly number[]).includes(value), 'Choose one of the break reminders offered'),
  hintsEnabled: z.boolean(),
  difficulty: z.enum(DIFFICULTIES),
});
export type ChildControls = z.infer<typeof childControlsSchema>;

/** The setChildControls mutation (and PATCH /api/parents/children/{id}/controls): the changed controls. */
export const setChildControlsArgsSchema = z.strictObject({
  childId: id,
  controls: childControlsSchema.partial().refine((controls) => Object.keys(controls).length > 0, PARENT_MESSAGES.noControls),
});
export type SetChildControlsArgs = z.infer<typeof setChildControlsArgsSchema>;

/**
 * The releaseChildControls mutation (and DELETE /api/parents/children/{id}/controls): the parent
 * hands the controls back; their values stay, and the child may change them again.
 */
export const releaseChildControlsArgsSchema = z.strictObject({ childId: id });
export type ReleaseChildControlsArgs = z.infer<typeof releaseChildControlsArgsSchema>;

/**
 * The unlinkChild mutation (and DELETE /api/parents/children/{id}): the parent's link to the child
 * ends (and the controls go back to the child when this parent set them).
 */
export const unlinkChildArgsSchema = z.strictObject({ childId: id });
export type UnlinkChildArgs = z.infer<typeof unlinkChildArgsSchema>;

/** One game as the parent's play time counts it (domain/parents.ts playTimeSummary). */
export const playedGameSchema = z.object({ finishedAt: z.string(), durationSeconds: z.number().int().nonnegative() });

/** One linked child as their parent sees them. */
export const linkedChildSchema = z.object({
  userId: id,
  username: z.string(),
  /** The name the teacher typed (managed accounts), else the profile's name; null when none. */
  realName: z.string().nullable(),
  rating: z.number().int(),
  lessonsCompleted: z.number().int().nonnegative(),
  puzzlesSolved: z.number().int().nonnegative(),
  gamesPlayed: z.number().int().nonnegative(),
  recentGames: z.array(gameHistoryItemSchema),
  /** The games finished in the last eight days, for play time today and this week. */
  playedGames: z.array(playedGameSchema),
  controls: childControlsSchema,
  /** When a parent last set the controls (null: never; the child's own settings). */
  controlsSetAt: z.string().nullable(),
});
export type LinkedChild = z.infer<typeof linkedChildSchema>;

/** GET /api/parents/children */
export const linkedChildrenSchema = z.object({ children: z.array(linkedChildSchema) });
export type LinkedChildren = z.infer<typeof linkedChildrenSchema>;


/** The setParentEmail mutation (and PATCH /api/me/parent-email): an ordinary account names its parent's e-mail (null clears it). */
export const setParentEmailArgsSchema = z.strictObject({ email: emailSchema.nullable() });
export type SetParentEmailArgs = z.infer<typeof setParentEmailArgsSchema>;

/** GET and PATCH /api/me/parent-email */
export const parentEmailSchema = z.object({ parentEmail: z.string().nullable() });
export type ParentEmail = z.infer<typeof parentEmailSchema>;

/** GET /api/parents/suggestions: ordinary accounts that named the parent's verified e-mail, not yet linked (usernames only). */
export const parentSuggestionsSchema = z.object({ suggestions: z.array(z.object({ userId: id, username: z.string() })) });
export type ParentSuggestions = z.infer<typeof parentSuggestionsSchema>;

/** POST /api/parents/link-by-email */
export const linkByEmailRequestSchema = z.strictObject({ childId: id });
export type LinkByEmailRequest = z.infer<typeof linkByEmailRequestSchema>;

/**
 * The parents' mutations (issue 19): the same services as PATCH and DELETE
 * /api/parents/children/{id}/controls and DELETE /api/parents/children/{id}.
 */
export const PARENT_MUTATIONS = [
  defineMutation('setChildControls', setChildControlsArgsSchema),
  defineMutation('releaseChildControls', releaseChildControlsArgsSchema),
  defineMutation('unlinkChild', unlinkChildArgsSchema),
  defineMutation('setParentEmail', setParentEmailArgsSchema),
] as const;
