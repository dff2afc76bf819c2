import { z } from 'zod';
import { ERROR_TEXTS, errorText } from './core/errors';
import { defineMutation } from './sync';
import { PUZZLE_THEMES } from './puzzles';
import { DIFFICULTIES, HOMEWORK_COUNT_MAX, HOMEWORK_NOTE_MAX, HOMEWORK_STATUSES } from './core/values';

/**
 * Homework (issue 19): a class's teacher sets a lesson, a number of puzzles of a theme or a
 * number of games against the computer at a level, for the whole class or chosen students, with a
 * due date and a short note. Completion is derived on the server from what the students' outboxes
 * already push (completeLesson, recordTrainerAttempt, saveGame); docs/decisions.md, "Homework".
 */

/** Homework's addresses (a pattern under API_PREFIX, schema/core/paths.ts); `ofClass` is read with GET and set with POST. */
export const homeworkPaths = {
  mine: '/homework',
  ofClass: '/classes/:id/homework',
  assignment: '/classes/:id/homework/:homeworkId',
} as const;


export const HOMEWORK_MESSAGES = {
  lessonNotFound: ERROR_TEXTS.ERR_LESSON_NOT_FOUND,
  dueInPast: ERROR_TEXTS.ERR_HOMEWORK_DUE_IN_PAST,
  dueTooFar: ERROR_TEXTS.ERR_HOMEWORK_DUE_TOO_FAR,
  note: errorText('ERR_HOMEWORK_NOTE_LENGTH', { most: HOMEWORK_NOTE_MAX }),
  students: ERROR_TEXTS.ERR_HOMEWORK_STUDENTS,
  notFound: ERROR_TEXTS.ERR_HOMEWORK_NOT_FOUND,
} as const;

const id = z.number().int().positive().max(2_147_483_647);
const count = z.number().int().min(1).max(HOMEWORK_COUNT_MAX);

/** What is set: one lesson, N puzzles of a theme, or N games against the computer at a level. */
export const homeworkTaskSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('lesson'), lessonId: id }),
  z.strictObject({ kind: z.literal('puzzles'), theme: z.enum(PUZZLE_THEMES), count }),
  z.strictObject({ kind: z.literal('games'), level: z.enum(DIFFICULTIES), count }),
]);
export type HomeworkTask = z.infer<typeof homeworkTaskSchema>;

const homeworkFields = {
  task: homeworkTaskSchema,
  dueAt: z.iso.datetime(),
  note: z.string().trim().max(HOMEWORK_NOTE_MAX, { error: HOMEWORK_MESSAGES.note }).default(''),
  /** null: every student of the class (those who join later too); else the chosen ones. */
  studentIds: z.array(id).min(1, { error: HOMEWORK_MESSAGES.students }).max(200, { error: HOMEWORK_MESSAGES.students }).nullable(),
};

/** POST /api/classes/{id}/homework: `key` is the device's id for it (the same key is set once). */
export const assignHomeworkRequestSchema = z.strictObject({ key: z.uuid(), ...homeworkFields });
export type AssignHomeworkRequest = z.input<typeof assignHomeworkRequestSchema>;

/** The assignHomework mutation: the route's body with the class and when the teacher set it. */
export const assignHomeworkArgsSchema = z.strictObject({ classId: id, key: z.uuid(), ...homeworkFields, assignedAt: z.iso.datetime() });
export type AssignHomeworkArgs = z.infer<typeof assignHomeworkArgsSchema>;

/** The cancelHomework mutation and DELETE /api/classes/{id}/homework/{homeworkId}. */
export const cancelHomeworkArgsSchema = z.strictObject({ classId: id, homeworkId: id });
export type CancelHomeworkArgs = z.infer<typeof cancelHomeworkArgsSchema>;

/** A student's progress on one assignment. */
export const homeworkProgressSchema = z.object({
  /** Puzzles solved or games played so far (0 or 1 for a lesson). */
  done: z.number().int().nonnegative(),
  target: z.number().int().positive(),
  completedAt: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  /** Seconds, where the facts carry a time (puzzles, games); null for a lesson. */
  timeSpent: z.number().int().nonnegative().nullable(),
  status: z.enum(HOMEWORK_STATUSES),
});
export type HomeworkProgress = z.infer<typeof homeworkProgressSchema>;

const assignmentBase = {
  id: z.number().int(),
  key: z.string(),
  classId: z.number().int(),
  task: homeworkTaskSchema,
  /** The lesson's title for a lesson task (what the list shows). */
  lessonTitle: z.string().nullable(),
  dueAt: z.string(),
  note: z.string(),
  assignedAt: z.string(),
};

/** GET /api/homework: one of the signed-in student's assignments. */
export const studentHomeworkSchema = z.object({ ...assignmentBase, className: z.string(), progress: homeworkProgressSchema });
export type StudentHomework = z.infer<typeof studentHomeworkSchema>;
export const studentHomeworkListSchema = z.object({ homework: z.array(studentHomeworkSchema) });
export type StudentHomeworkList = z.infer<typeof studentHomeworkListSchema>;

/** GET /api/classes/{id}/homework: every assignment with each target student's progress (staff only). */
export const classHomeworkSchema = z.object({
  ...assignmentBase,
  allStudents: z.boolean(),
  students: z.array(z.object({ userId: z.number().int(), username: z.string(), realName: z.string().nullable(), progress: homeworkProgressSchema })),
});
export type ClassHomework = z.infer<typeof classHomeworkSchema>;
export const classHomeworkListSchema = z.object({ homework: z.array(classHomeworkSchema) });
export type ClassHomeworkList = z.infer<typeof classHomeworkListSchema>;

/** Setting and cancelling homework (issue 19); completion needs no mutation of its own (derived). */
export const HOMEWORK_MUTATIONS = [
  defineMutation('assignHomework', assignHomeworkArgsSchema, ['assignedAt']),
  defineMutation('cancelHomework', cancelHomeworkArgsSchema),
] as const;
