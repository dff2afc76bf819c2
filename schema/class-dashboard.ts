import { z } from 'zod';
import { classSummarySchema } from './classes';
import { recentGameItemSchema } from './history';
import { SKILL_AREAS } from './learning';
import { TACTIC_MOTIFS } from './core/values';

/**
 * The class dashboard (issue 19): per student of a class, the figures a teacher follows, in one
 * call for the whole class and one for a student's page. Only the class's staff read them
 * (docs/decisions.md, "Class dashboard (issue 19)").
 */

/**
 * The class dashboard's address (a pattern under API_PREFIX, schema/core/paths.ts); a student's
 * page is GET on classPaths.student (./classes.ts), the class's address of that student.
 */
export const classDashboardPaths = { dashboard: '/classes/:id/dashboard' } as const;

/** 'This week' is the last 7 days up to the answer's `generatedAt` (as the Progress page's weekly goal). */
export const DASHBOARD_WEEK_DAYS = 7;

const percent = z.number().min(0).max(100);

export const studentFiguresSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  /** The real name the teacher pasted (managed accounts); null for ordinary accounts. */
  realName: z.string().nullable(),
  /** The current rating. */
  rating: z.number().int(),
  /** The rating the skill assessment gave; null until the student finished it. */
  assessmentRating: z.number().int().nullable(),
  /** rating - assessmentRating; null without an assessment. */
  ratingChange: z.number().int().nullable(),
  gamesThisWeek: z.number().int().nonnegative(),
  gamesTotal: z.number().int().nonnegative(),
  /** Seconds of play in the games of the last 7 days. */
  secondsThisWeek: z.number().int().nonnegative(),
  lessonsCompleted: z.number().int().nonnegative(),
  tipsRead: z.number().int().nonnegative(),
  puzzlesSolved: z.number().int().nonnegative(),
  /** Mean accuracy over the reviewed games, percent, one decimal; null without a reviewed game. */
  averageAccuracy: percent.nullable(),
  gamesReviewed: z.number().int().nonnegative(),
  /** The lowest of the Progress page's four skill areas; null until a reviewed game measures one. */
  weakestSkill: z.enum(SKILL_AREAS).nullable(),
  /** The tactic the reviews found missed most often; null when none was missed. */
  mostMissedTactic: z.enum(TACTIC_MOTIFS).nullable(),
  /** The latest game, lesson, tip or puzzle (ISO); null when the student has done nothing yet. */
  lastActive: z.string().nullable(),
});
export type StudentFigures = z.infer<typeof studentFiguresSchema>;

/** GET /api/classes/{id}/dashboard */
export const classDashboardSchema = z.object({
  class: classSummarySchema,
  /** When the server computed it (ISO): the week ends here; offline copies show it. */
  generatedAt: z.string(),
  students: z.array(studentFiguresSchema),
});
export type ClassDashboard = z.infer<typeof classDashboardSchema>;

export const skillScoreSchema = z.object({ area: z.enum(SKILL_AREAS), score: percent.nullable() });

/** GET /api/classes/{id}/students/{userId}: one student's page for the class's staff. */
export const classStudentPageSchema = z.object({
  class: classSummarySchema,
  generatedAt: z.string(),
  student: studentFiguresSchema,
  /** The four skill areas, 0..100 (the Progress page's measures). */
  skills: z.array(skillScoreSchema),
  /** Missed tactics by motif over the reviewed games, most first. */
  missedTactics: z.array(z.object({ motif: z.enum(TACTIC_MOTIFS), count: z.number().int().positive() })),
  /** The newest finished games; their ids open /games/{id}/replay. */
  recentGames: z.array(recentGameItemSchema),
  lessons: z.array(z.object({ lessonId: z.number().int(), title: z.string(), completedAt: z.string().nullable(), score: z.number().nullable() })),
});
export type ClassStudentPage = z.infer<typeof classStudentPageSchema>;
