import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { rankMissedTactics, skillScores, weakestSkill, type ReviewTotals } from '../../domain/class-dashboard';
import {
  DASHBOARD_WEEK_DAYS,
  TACTIC_MOTIFS,
  type ClassDashboard,
  type ClassStudentPage,
  type ClassSummary,
  type StudentFigures,
  type TacticMotif,
} from '../../schema';
import type { Database, UserRow } from '../core/db/types';
import { recentGames } from '../games/history';
import { httpError } from '../core/plugins/errors';
import { loadAccess, type Access } from '../core/rbac/tenancy';
import { isStaffOf, openClass, summaries } from './service';

/**
 * The class dashboard (issue 19): per student of a class the figures a teacher follows, for the
 * class's staff only (a student of the class gets 403, anyone else the class's 404). Every figure
 * is a grouped aggregate over the class's user ids: eight queries whatever the class's size
 * (games, reviews, phases, missed tactics, lessons, tips, puzzles, the roster), never one per student.
 */

const DAY_MS = 86_400_000;
const TACTICS: ReadonlySet<string> = new Set(TACTIC_MOTIFS);
const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
const latest = (...dates: (string | null | undefined)[]): string | null =>
  dates.reduce<string | null>((best, date) => (date && (best === null || date > best) ? date : best), null);

interface Roster {
  userId: number;
  username: string;
  realName: string | null;
  eloRating: number;
  onboardingCompleted: number;
}

interface Figures {
  student: StudentFigures;
  totals: ReviewTotals;
  missed: Partial<Record<TacticMotif, number>>;
}

/** The figures of `students` (all of one class), in their order; `since` starts the week. */
async function computeFigures(db: Kysely<Database>, students: readonly Roster[], since: string): Promise<Figures[]> {
  if (students.length === 0) return [];
  const ids = students.map((student) => student.userId);
  const [games, reviews, phases, missedRows, lessons, tips, puzzles] = await Promise.all([
    gameCounts(db, ids, since),
    reviewCounts(db, ids),
    phaseSums(db, ids),
    missedTacticCounts(db, ids),
    db
      .selectFrom('userLessonProgress')
      .select((eb) => ['userId', eb.fn.countAll<number>().as('count'), eb.fn.max('completedAt').as('last')])
      .where('userId', 'in', ids)
      .where('completed', '=', 1)
      .groupBy('userId')
      .execute(),
    db
      .selectFrom('userTipProgress')
      .select((eb) => ['userId', eb.fn.countAll<number>().as('count'), eb.fn.max('completedAt').as('last')])
      .where('userId', 'in', ids)
      .where('completed', '=', 1)
      .groupBy('userId')
      .execute(),
    puzzleCounts(db, ids),
  ]);
  const byUser = <T extends { userId: number }>(rows: readonly T[]) => new Map(rows.map((row) => [row.userId, row]));
  const gameBy = byUser(games);
  const reviewBy = byUser(reviews);
  const phaseBy = byUser(phases);
  const lessonBy = byUser(lessons);
  const tipBy = byUser(tips);
  const puzzleBy = byUser(puzzles);
  const missedBy = missedByUser(missedRows);

  return students.map((roster) => {
    const game = gameBy.get(roster.userId);
    const review = reviewBy.get(roster.userId);
    const phase = phaseBy.get(roster.userId);
    const missed = missedBy.get(roster.userId) ?? {};
    const weighted = (total: unknown, moves: unknown) => (num(moves) === 0 ? null : Math.round((10 * num(total)) / num(moves)) / 10);
    const totals: ReviewTotals = {
      gamesReviewed: num(review?.reviewed),
      moves: num(review?.moves),
      blunders: num(review?.blunders),
      missedTactics: Object.values(missed).reduce((sum, count) => sum + count, 0),
      phaseAccuracy: {
        opening: weighted(phase?.openingSum, phase?.openingMoves),
        middlegame: weighted(phase?.middlegameSum, phase?.middlegameMoves),
        endgame: weighted(phase?.endgameSum, phase?.endgameMoves),
      },
    };
    // The rating before the games that moved it is the assessment's (as the Progress chart reads it).
    const assessmentRating = roster.onboardingCompleted ? roster.eloRating - num(game?.eloChange) : null;
    const accuracy = review?.accuracy === null || review?.accuracy === undefined ? null : Math.round(10 * Number(review.accuracy)) / 10;
    const student: StudentFigures = {
      userId: roster.userId,
      username: roster.username,
      realName: roster.realName,
      rating: roster.eloRating,
      assessmentRating,
      ratingChange: assessmentRating === null ? null : roster.eloRating - assessmentRating,
      gamesThisWeek: num(game?.week),
      gamesTotal: num(game?.total),
      secondsThisWeek: Math.round(num(game?.weekSeconds)),
      lessonsCompleted: num(lessonBy.get(roster.userId)?.count),
      tipsRead: num(tipBy.get(roster.userId)?.count),
      puzzlesSolved: num(puzzleBy.get(roster.userId)?.solved),
      averageAccuracy: accuracy === null ? null : Math.min(100, Math.max(0, accuracy)),
      gamesReviewed: totals.gamesReviewed,
      weakestSkill: weakestSkill(skillScores(totals)),
      mostMissedTactic: rankMissedTactics(missed)[0]?.motif ?? null,
      lastActive: latest(game?.lastGame, lessonBy.get(roster.userId)?.last, tipBy.get(roster.userId)?.last, puzzleBy.get(roster.userId)?.last),
    };
    return { student, totals, missed };
  });
}

/** Per student: all games, this week's games and their seconds, the rating the games moved, the last game. */
function gameCounts(db: Kysely<Database>, ids: readonly number[], since: string) {
  return db
    .selectFrom('games')
    .select((eb) => [
      'userId',
      eb.fn.countAll<number>().as('total'),
      sql<number>`sum(case when created_at >= ${since} then 1 else 0 end)`.as('week'),
      sql<number>`sum(case when created_at >= ${since} then coalesce(game_duration, 0) else 0 end)`.as('weekSeconds'),
      sql<number>`sum(case when result <> 'abandoned' then elo_change else 0 end)`.as('eloChange'),
      eb.fn.max('createdAt').as('lastGame'),
    ])
    .where('userId', 'in', ids)
    .groupBy('userId')
    .execute();
}

/** Per student: the reviewed games, their mean accuracy, blunders and moves. */
function reviewCounts(db: Kysely<Database>, ids: readonly number[]) {
  return db
    .selectFrom('gameAnalysis')
    .select((eb) => [
      'userId',
      eb.fn.countAll<number>().as('reviewed'),
      eb.fn.avg<number>('averageAccuracy').as('accuracy'),
      eb.fn.sum<number>('blunders').as('blunders'),
      eb.fn.sum<number>('playerMoves').as('moves'),
    ])
    .where('userId', 'in', ids)
    .groupBy('userId')
    .execute();
}

/** Each phase's accuracy weighted by its moves, as measureWeaknesses does for the Progress page. */
function phaseSums(db: Kysely<Database>, ids: readonly number[]) {
  return db
    .selectFrom('gamePhaseAnalysis')
    .select([
      'userId',
      sql<number>`sum(case when opening_accuracy is not null and opening_moves > 0 then opening_accuracy * opening_moves else 0 end)`.as('openingSum'),
      sql<number>`sum(case when opening_accuracy is not null and opening_moves > 0 then opening_moves else 0 end)`.as('openingMoves'),
      sql<number>`sum(case when middlegame_accuracy is not null and middlegame_moves > 0 then middlegame_accuracy * middlegame_moves else 0 end)`.as('middlegameSum'),
      sql<number>`sum(case when middlegame_accuracy is not null and middlegame_moves > 0 then middlegame_moves else 0 end)`.as('middlegameMoves'),
      sql<number>`sum(case when endgame_accuracy is not null and endgame_moves > 0 then endgame_accuracy * endgame_moves else 0 end)`.as('endgameSum'),
      sql<number>`sum(case when endgame_accuracy is not null and endgame_moves > 0 then endgame_moves else 0 end)`.as('endgameMoves'),
    ])
    .where('userId', 'in', ids)
    .groupBy('userId')
    .execute();
}

/** Per student: the puzzles solved and the last attempt. */
function puzzleCounts(db: Kysely<Database>, ids: readonly number[]) {
  return db
    .selectFrom('puzzleAttempts')
    .select((eb) => [
      'userId',
      sql<number>`count(distinct case when solved = ${1} then puzzle_id end)`.as('solved'),
      eb.fn.max('createdAt').as('last'),
    ])
    .where('userId', 'in', ids)
    .groupBy('userId')
    .execute();
}

/** The counted motifs per student (a motif no longer known is left out). */
function missedByUser(missedRows: readonly { userId: number; motif: string; count: number }[]): Map<number, Partial<Record<TacticMotif, number>>> {
  const missedBy = new Map<number, Partial<Record<TacticMotif, number>>>();
  for (const row of missedRows) {
    if (!TACTICS.has(row.motif)) continue;
    const counts = missedBy.get(row.userId) ?? {};
    counts[row.motif as TacticMotif] = num(row.count);
    missedBy.set(row.userId, counts);
  }
  return missedBy;
}

/**
 * Missed tactics per student and motif, counted in the database from each review's JSON list
 * (json_each on SQLite, jsonb_array_elements_text on PostgreSQL): at most students x motifs rows
 * come back, not one row per review.
 */
async function missedTacticCounts(db: Kysely<Database>, ids: readonly number[]): Promise<{ userId: number; motif: string; count: number }[]> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const motifs = postgres ? sql`jsonb_array_elements_text(a.missed_tactics::jsonb) as m(value)` : sql`json_each(a.missed_tactics) as m`;
  const result = await sql<{ userId: number; motif: string; count: number }>`
    select a.user_id, m.value as motif, count(*) as count
    from game_analysis as a, ${motifs}
    where a.user_id in (${sql.join(ids)}) and a.missed_tactics <> '[]'
    group by a.user_id, m.value`.execute(db);
  return result.rows;
}

function roster(db: Kysely<Database>, classId: number, userId?: number): Promise<Roster[]> {
  let query = db
    .selectFrom('teamMembers')
    .innerJoin('users', 'users.id', 'teamMembers.userId')
    .select(['users.id as userId', 'users.username', 'users.realName', 'users.eloRating', 'users.onboardingCompleted'])
    .where('teamMembers.teamId', '=', classId)
    .where('teamMembers.isActive', '=', 1);
  if (userId !== undefined) query = query.where('teamMembers.userId', '=', userId);
  return query.orderBy(sql`lower(users.username)`).orderBy('users.id').execute();
}

const weekStart = (now: Date) => new Date(now.getTime() - DASHBOARD_WEEK_DAYS * DAY_MS).toISOString();

/** The class and its summary, for its staff only (403 for its students, 404 for anyone else). */
async function staffClass(db: Kysely<Database>, access: Access, classId: number): Promise<ClassSummary> {
  const { row } = await openClass(db, access, classId, true);
  const [summary] = await summaries(db, [row], access);
  return summary as ClassSummary;
}

/** GET /api/classes/{id}/dashboard */
export async function classDashboard(db: Kysely<Database>, user: UserRow, classId: number, now: Date): Promise<ClassDashboard> {
  const access = await loadAccess(db, user, now);
  const summary = await staffClass(db, access, classId);
  const figures = await computeFigures(db, await roster(db, classId), weekStart(now));
  return { class: summary, generatedAt: now.toISOString(), students: figures.map((each) => each.student) };
}

/** GET /api/classes/{id}/students/{userId}: one student's page (progress, recent games, lessons done). */
export async function classStudentPage(db: Kysely<Database>, user: UserRow, classId: number, userId: number, now: Date): Promise<ClassStudentPage> {
  const access = await loadAccess(db, user, now);
  const summary = await staffClass(db, access, classId);
  const [student] = await roster(db, classId, userId);
  if (!student) throw httpError(404, 'ERR_CLASS_STUDENT_NOT_FOUND');
  const [figures] = await computeFigures(db, [student], weekStart(now));
  if (!figures) throw new Error('no figures for a student of the roster');
  const lessons = await db
    .selectFrom('userLessonProgress as p')
    .innerJoin('lessons as l', 'l.id', 'p.lessonId')
    .select(['p.lessonId', 'l.title', 'p.completedAt', 'p.score'])
    .where('p.userId', '=', userId)
    .where('p.completed', '=', 1)
    .orderBy('p.completedAt', 'desc')
    .orderBy('p.lessonId')
    .limit(500)
    .execute();
  return {
    class: summary,
    generatedAt: now.toISOString(),
    student: figures.student,
    skills: skillScores(figures.totals),
    missedTactics: rankMissedTactics(figures.missed),
    recentGames: await recentGames(db, userId),
    lessons: lessons.map((lesson) => ({ lessonId: lesson.lessonId, title: lesson.title, completedAt: lesson.completedAt, score: lesson.score === null ? null : Number(lesson.score) })),
  };
}

/**
 * Whether the viewer may open the games (replay, PGN) of `ownerId`: their own, or a student's of
 * an active class the viewer is staff of (the teacher follows them from the dashboard). The
 * games routes answer anything else 404, like a missing game.
 */
export async function mayViewGamesOf(db: Kysely<Database>, user: UserRow, ownerId: number, now: Date): Promise<boolean> {
  if (ownerId === user.id) return true;
  const classes = await db
    .selectFrom('teamMembers')
    .innerJoin('teams', 'teams.id', 'teamMembers.teamId')
    .select('teams.organizationId')
    .where('teamMembers.userId', '=', ownerId)
    .where('teamMembers.isActive', '=', 1)
    .where('teams.isClass', '=', 1)
    .where('teams.isActive', '=', 1)
    .execute();
  if (classes.length === 0) return false;
  const access = await loadAccess(db, user, now);
  return classes.some((each) => isStaffOf(access, each.organizationId));
}
