import { z } from 'zod';
import { ERROR_TEXTS } from './core/errors';
import { defineMutation } from './sync';
import { nameField } from './names';

/**
 * Class tournaments (issue 19): a tournament made from a class (and other classes of the same
 * school), their students entered as confirmed players, their real names shown in it to the
 * classes' staff and students only (docs/decisions.md, "Class tournaments (issue 19)").
 */

/** The formats a class tournament offers: every player meets the others, or a Swiss of a few rounds. */
/** Class tournaments' API addresses (issue 27): registered by sync-server/tournaments/class-tournament-routes.ts, filled by the app with apiPath. */
export const classTournamentPaths = {
  fromClass: '/classes/:id/tournament',
  classes: '/tournaments/:id/classes',
} as const;

export const CLASS_TOURNAMENT_FORMATS = ['swiss', 'round_robin'] as const;
export type ClassTournamentFormat = (typeof CLASS_TOURNAMENT_FORMATS)[number];

/** Classes in one request: the class itself and up to this many others. */
export const CLASS_TOURNAMENT_MAX_CLASSES = 20;

export const CLASS_TOURNAMENT_MESSAGES = {
  nameRequired: 'Tournament name is required',
  sameSchool: ERROR_TEXTS.ERR_CLASS_TOURNAMENT_SAME_SCHOOL,
  full: ERROR_TEXTS.ERR_CLASS_TOURNAMENT_FULL,
  started: ERROR_TEXTS.ERR_CLASS_TOURNAMENT_STARTED,
  noStudents: ERROR_TEXTS.ERR_CLASS_TOURNAMENT_NO_STUDENTS,
  dateRequired: 'Choose the day of the tournament',
} as const;

const id = z.number().int().positive().max(2_147_483_647);
const day = z
  .string({ error: CLASS_TOURNAMENT_MESSAGES.dateRequired })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: CLASS_TOURNAMENT_MESSAGES.dateRequired })
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), { error: CLASS_TOURNAMENT_MESSAGES.dateRequired });

/** POST /api/classes/{id}/tournament */
export const createClassTournamentRequestSchema = z.strictObject({
  name: nameField(CLASS_TOURNAMENT_MESSAGES.nameRequired, 200),
  format: z.enum(CLASS_TOURNAMENT_FORMATS).default('swiss'),
  /** Swiss only (a round robin has one round fewer than its players); default from the field's size. */
  rounds: z.number().int().min(1).max(20).nullable().optional(),
  /** The day it is played (yyyy-mm-dd). */
  date: day,
  /** Other classes of the same school to enter too. */
  otherClassIds: z.array(id).max(CLASS_TOURNAMENT_MAX_CLASSES - 1).default([]),
});
export type CreateClassTournamentRequest = z.input<typeof createClassTournamentRequestSchema>;

/** The answer to creating a class tournament or adding a class: the tournament and how many players were entered. */
export const classTournamentResultSchema = z.object({ tournamentId: z.number().int(), added: z.number().int() });
export type ClassTournamentResult = z.infer<typeof classTournamentResultSchema>;

/** POST /api/tournaments/{id}/classes and the addClassToTournament mutation. */
export const addClassToTournamentRequestSchema = z.strictObject({ classId: id });
export const addClassToTournamentArgsSchema = z.strictObject({ tournamentId: id, classId: id });
export type AddClassToTournamentArgs = z.infer<typeof addClassToTournamentArgsSchema>;

/** GET /api/tournaments/{id}/classes: the classes of its school the viewer runs, and whether each plays in it. */
export const tournamentClassesSchema = z.object({
  classes: z.array(z.object({ id: z.number().int(), name: z.string(), studentCount: z.number().int(), added: z.boolean() })),
});
export type TournamentClasses = z.infer<typeof tournamentClassesSchema>;

/** Adding a class to a tournament (issue 19); making the tournament is online, like any new tournament. */
export const CLASS_TOURNAMENT_MUTATIONS = [defineMutation('addClassToTournament', addClassToTournamentArgsSchema)] as const;
