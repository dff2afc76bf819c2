import { z } from 'zod';
import { ERROR_TEXTS } from './core/errors';
import { defineMutation } from './sync';
import { CLASS_PASTE_MAX, LOCALES, REAL_NAME_MAX } from './core/values';
import { MESSAGES, usernameSchema } from './accounts';
import { nameField, optionalNameField } from './names';

/**
 * Classes (issue 19): a class is a team of an organization (teams.is_class) whose students may
 * be managed accounts, made by the teacher from pasted real names, with no e-mail of the child
 * (docs/decisions.md, "Classes (issue 19)").
 */

/**
 * The classes' addresses (a pattern under API_PREFIX, schema/core/paths.ts): `classes` lists (GET)
 * and makes (POST) them, `class` reads and changes one, `student` renames (PATCH) and removes
 * (DELETE) a student and is also the class dashboard's page of one student (GET).
 */
export const classPaths = {
  classes: '/classes',
  class: '/classes/:id',
  students: '/classes/:id/students',
  student: '/classes/:id/students/:userId',
  resetPassword: '/classes/:id/students/:userId/reset-password',
  restoreStudent: '/classes/:id/students/:userId/restore',
} as const;

export const CLASS_SKILL_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type ClassSkillLevel = (typeof CLASS_SKILL_LEVELS)[number];
export const CLASS_SKILL_LABELS: Record<ClassSkillLevel, string> = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' };
export const CLASS_MAX_MEMBERS = 200;
export const CLASS_MAX_MEMBERS_DEFAULT = 40;

export const CLASS_MESSAGES = {
  nameRequired: 'Class name is required',
  names: `Paste between 1 and ${CLASS_PASTE_MAX} names, one a line`,
  nameLength: `Each name must be at most ${REAL_NAME_MAX} characters long`,
  full: ERROR_TEXTS.ERR_CLASS_FULL,
  /** The same words as for any missing record: a class one may not see is not there. */
  notFound: MESSAGES.notFound,
  studentNotFound: ERROR_TEXTS.ERR_CLASS_STUDENT_NOT_FOUND,
  notManaged: ERROR_TEXTS.ERR_CLASS_NOT_MANAGED,
  chooseOrganization: 'Choose the school of this class',
  maxMembers: `A class takes between 1 and ${CLASS_MAX_MEMBERS} students`,
  /** Editing a class: maxMembers may not go below the students it has now. */
  maxBelowCount: ERROR_TEXTS.ERR_CLASS_MAX_BELOW_COUNT,
} as const;

const id = z.number().int().positive().max(2_147_483_647);

/** POST /api/classes */
export const createClassRequestSchema = z.strictObject({
  organizationId: id,
  name: nameField(CLASS_MESSAGES.nameRequired, 100),
  gradeLevel: optionalNameField(40),
  skillLevel: z.enum(CLASS_SKILL_LEVELS).nullable().optional(),
  maxMembers: z.number().int().min(1).max(CLASS_MAX_MEMBERS).default(CLASS_MAX_MEMBERS_DEFAULT),
});
export type CreateClassRequest = z.input<typeof createClassRequestSchema>;

/** POST /api/classes/{id}/students: real names, one account each. */
export const addStudentsRequestSchema = z.strictObject({
  names: z
    .array(nameField(CLASS_MESSAGES.nameLength, REAL_NAME_MAX), { error: CLASS_MESSAGES.names })
    .min(1, { error: CLASS_MESSAGES.names })
    .max(CLASS_PASTE_MAX, { error: CLASS_MESSAGES.names }),
});
export type AddStudentsRequest = z.infer<typeof addStudentsRequestSchema>;

export const classSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  gradeLevel: z.string().nullable(),
  skillLevel: z.enum(CLASS_SKILL_LEVELS).nullable(),
  maxMembers: z.number().int(),
  studentCount: z.number().int(),
  /** The viewer is staff of this class (may add students, reset passwords, read real names). */
  canManage: z.boolean(),
  /** For its staff: the key the device that made it gave it (the createClass mutation), if made so. */
  classKey: z.string().optional(),
  /** Issue 28: the language its students see when they chose none; null when the class sets none. */
  language: z.enum(LOCALES).nullable().default(null),
});
export type ClassSummary = z.infer<typeof classSummarySchema>;

export const classStudentSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  /** Only for the class's staff; null for everyone else (and for ordinary accounts). */
  realName: z.string().nullable(),
  isManaged: z.boolean(),
});
export type ClassStudent = z.infer<typeof classStudentSchema>;

/** GET /api/classes/{id} */
export const classDetailSchema = z.object({
  class: classSummarySchema,
  students: z.array(classStudentSchema),
  /** For the class's staff only: the students removed from it (they may be put back). */
  removedStudents: z.array(classStudentSchema).optional(),
});
export type ClassDetail = z.infer<typeof classDetailSchema>;

/** GET /api/classes: the viewer's classes and the organizations where they may create one. */
export const classListSchema = z.object({
  classes: z.array(classSummarySchema),
  organizations: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ClassList = z.infer<typeof classListSchema>;

/** A login card's data: shown once, right after the account was made or its password reset. */
export const classCredentialSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  realName: z.string(),
  password: z.string(),
});
export type ClassCredential = z.infer<typeof classCredentialSchema>;

/** POST /api/classes/{id}/students and POST /api/classes/{id}/students/{userId}/reset-password */
export const classCredentialsSchema = z.object({ class: classSummarySchema, credentials: z.array(classCredentialSchema) });
export type ClassCredentials = z.infer<typeof classCredentialsSchema>;

/** PATCH /api/classes/{id}/students/{userId} and the renameClassStudent mutation: a new username. */
export const renameClassStudentRequestSchema = z.strictObject({ username: usernameSchema });
export const renameClassStudentArgsSchema = z.strictObject({ classId: id, userId: id, username: usernameSchema });
export type RenameClassStudentArgs = z.infer<typeof renameClassStudentArgsSchema>;

const maxMembersField = z.number({ error: CLASS_MESSAGES.maxMembers }).int({ error: CLASS_MESSAGES.maxMembers }).min(1, { error: CLASS_MESSAGES.maxMembers }).max(CLASS_MAX_MEMBERS, { error: CLASS_MESSAGES.maxMembers });

/** PATCH /api/classes/{id}: the class's name, grade, level, size (never below its students now) and language. */
export const updateClassRequestSchema = z.strictObject({
  name: nameField(CLASS_MESSAGES.nameRequired, 100),
  /** Empty or missing: no grade. */
  gradeLevel: optionalNameField(40),
  skillLevel: z.enum(CLASS_SKILL_LEVELS).nullable(),
  maxMembers: maxMembersField,
  /** Issue 28: the students' default language (null: none). Missing: unchanged (changes queued before it existed). */
  language: z.enum(LOCALES).nullable().optional(),
});
export type UpdateClassRequest = z.infer<typeof updateClassRequestSchema>;
/** The updateClass mutation: the same fields, naming the class. */
export const updateClassArgsSchema = updateClassRequestSchema.extend({ classId: id });
export type UpdateClassArgs = z.infer<typeof updateClassArgsSchema>;

/**
 * DELETE /api/classes/{id}/students/{userId}, POST /api/classes/{id}/students/{userId}/restore and
 * the setClassStudentActive mutation: a student removed from the class (the membership made
 * inactive; the account and its games stay) or put back.
 */
export const setClassStudentActiveArgsSchema = z.strictObject({ classId: id, userId: id, active: z.boolean() });
export type SetClassStudentActiveArgs = z.infer<typeof setClassStudentActiveArgsSchema>;

/**
 * Managing a class through the outbox (issue 19): renaming a student, the class's details, removing
 * or putting back a student. Resetting a password is online only (the new password is shown at
 * once); making a class and its accounts are ./class-outbox.ts's.
 */
export const CLASS_MUTATIONS = [
  defineMutation('renameClassStudent', renameClassStudentArgsSchema),
  defineMutation('updateClass', updateClassArgsSchema),
  defineMutation('setClassStudentActive', setClassStudentActiveArgsSchema),
] as const;
