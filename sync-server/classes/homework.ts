import type { Kysely, Selectable, Transaction } from 'kysely';
import { checkDueDate, homeworkStatus, tallyHomework, type HomeworkFact } from '../../domain/homework';
import {
  DIFFICULTIES,
  PUZZLE_THEMES,
  type AssignHomeworkArgs,
  type CancelHomeworkArgs,
  type ClassHomeworkList,
  type HomeworkProgress,
  type HomeworkTask,
  type StudentHomeworkList,
  HOMEWORK_NOTE_MAX,
} from '../../schema';
import { parseStringList } from '../core/db/json';
import type { Database, HomeworkAssignmentsTable, UserRow } from '../core/db/types';
import { httpError } from '../core/plugins/errors';
import { loadAccess, type Access } from '../core/rbac/tenancy';
import { openClass } from './service';

/**
 * Homework (issue 19; docs/decisions.md, "Homework"). The class's staff (org:roster for its
 * organization, classes/service.ts openClass) set it; a student's progress is derived from the
 * facts their device already pushes, each stored exactly once by its own key: a lesson completed
 * (user_lesson_progress, and the completeLesson service's note below for a lesson done again),
 * trainer puzzle attempts (by attempt key) and games against the computer (by game id). A
 * completion, once reached, is kept in homework_completions with its time, attempts and seconds,
 * by the transaction that stored the fact (./homework-events.ts) or set the homework; reading
 * the lists writes nothing (issue 27).
 */

type Db = Kysely<Database> | Transaction<Database>;
type AssignmentRow = Selectable<HomeworkAssignmentsTable>;

/** A teacher offline for long: the homework counts from at most this long before it reached the server. */
const ASSIGNED_AT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** What a student's list holds: assignments set in the last 120 days, at most 100. */
const STUDENT_WINDOW_MS = 120 * 24 * 60 * 60 * 1000;
const LIST_LIMIT = 100;

const DIFFICULTY_SET: ReadonlySet<string> = new Set(DIFFICULTIES);
const THEME_SET: ReadonlySet<string> = new Set(PUZZLE_THEMES);

function taskOf(row: AssignmentRow): HomeworkTask {
  if (row.kind === 'puzzles' && THEME_SET.has(row.puzzleTheme ?? '')) {
    return { kind: 'puzzles', theme: row.puzzleTheme as (typeof PUZZLE_THEMES)[number], count: row.targetCount };
  }
  if (row.kind === 'games' && DIFFICULTY_SET.has(row.engineLevel ?? '')) {
    return { kind: 'games', level: row.engineLevel as (typeof DIFFICULTIES)[number], count: row.targetCount };
  }
  return { kind: 'lesson', lessonId: row.lessonId ?? 0 };
}

const targetOf = (task: HomeworkTask) => (task.kind === 'lesson' ? 1 : task.count);

/**
 * POST /api/classes/{id}/homework and the assignHomework mutation. The same key is stored once
 * (a retried request or the same assignment queued twice answers the first one's id).
 */
export async function assignHomework(db: Db, user: UserRow, args: AssignHomeworkArgs, now: Date): Promise<number> {
  const access = await loadAccess(db, user, now);
  const { row: klass } = await openClass(db, access, args.classId, true);
  const repeat = await db.selectFrom('homeworkAssignments').select(['id', 'classId']).where('clientKey', '=', args.key).executeTakeFirst();
  if (repeat) {
    if (repeat.classId !== args.classId) throw httpError(409, 'ERR_HOMEWORK_OTHER_CLASS');
    return repeat.id;
  }
  const due = checkDueDate(args.dueAt, now);
  if (!due.ok) throw httpError(400, due.error.code === 'ERR_DUE_PAST' ? 'ERR_HOMEWORK_DUE_IN_PAST' : 'ERR_HOMEWORK_DUE_TOO_FAR');
  if (args.note.length > 280) throw httpError(400, 'ERR_HOMEWORK_NOTE_LENGTH', { most: HOMEWORK_NOTE_MAX });
  if (args.task.kind === 'lesson') {
    const lesson = await db.selectFrom('lessons').select('id').where('id', '=', args.task.lessonId).executeTakeFirst();
    if (!lesson) throw httpError(400, 'ERR_LESSON_NOT_FOUND');
  }
  const studentIds = args.studentIds === null ? null : [...new Set(args.studentIds)];
  if (studentIds !== null) {
    const members = await db
      .selectFrom('teamMembers')
      .select('userId')
      .where('teamId', '=', args.classId)
      .where('isActive', '=', 1)
      .where('userId', 'in', studentIds)
      .execute();
    if (members.length !== studentIds.length) throw httpError(400, 'ERR_HOMEWORK_STUDENTS');
  }
  // The device's time of setting it (facts from then on count), never later than now and not far back.
  const assignedAt = new Date(Math.min(now.getTime(), Math.max(Date.parse(args.assignedAt), now.getTime() - ASSIGNED_AT_MAX_AGE_MS))).toISOString();
  const task = args.task;
  const created = await db
    .insertInto('homeworkAssignments')
    .values({
      classId: args.classId,
      organizationId: klass.organizationId,
      createdBy: user.id,
      clientKey: args.key,
      kind: task.kind,
      lessonId: task.kind === 'lesson' ? task.lessonId : null,
      puzzleTheme: task.kind === 'puzzles' ? task.theme : null,
      engineLevel: task.kind === 'games' ? task.level : null,
      targetCount: targetOf(task),
      dueAt: new Date(args.dueAt).toISOString(),
      note: args.note,
      allStudents: studentIds === null ? 1 : 0,
      assignedAt,
      createdAt: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (studentIds !== null) {
    await db
      .insertInto('homeworkTargets')
      .values(studentIds.map((userId) => ({ assignmentId: created.id, userId })))
      .execute();
  }
  // Facts already stored from its setting time on (a teacher's device offline for a while) count at once.
  const row = await db.selectFrom('homeworkAssignments').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
  await keepReached(db, [row], await targetsOf(db, [row]));
  return created.id;
}

/** DELETE /api/classes/{id}/homework/{homeworkId} and the cancelHomework mutation: it leaves every list. */
export async function cancelHomework(db: Db, user: UserRow, args: CancelHomeworkArgs, now: Date): Promise<void> {
  const access = await loadAccess(db, user, now);
  await openClass(db, access, args.classId, true);
  const row = await db.selectFrom('homeworkAssignments').select(['id', 'cancelledAt']).where('id', '=', args.homeworkId).where('classId', '=', args.classId).executeTakeFirst();
  if (!row) throw httpError(404, 'ERR_HOMEWORK_NOT_FOUND');
  if (row.cancelledAt === null) await db.updateTable('homeworkAssignments').set({ cancelledAt: now.toISOString() }).where('id', '=', row.id).execute();
}

/** Each assignment's students now: the class's active members, or the chosen ones still in it. */
async function targetsOf(db: Db, rows: readonly AssignmentRow[]): Promise<Map<number, number[]>> {
  const targets = new Map<number, number[]>(rows.map((row) => [row.id, []]));
  if (rows.length === 0) return targets;
  const classIds = [...new Set(rows.map((row) => row.classId))];
  const members = await db.selectFrom('teamMembers').select(['teamId', 'userId']).where('teamId', 'in', classIds).where('isActive', '=', 1).execute();
  const chosen = rows.filter((row) => !row.allStudents).map((row) => row.id);
  const picked = chosen.length === 0 ? [] : await db.selectFrom('homeworkTargets').select(['assignmentId', 'userId']).where('assignmentId', 'in', chosen).execute();
  for (const row of rows) {
    const inClass = members.filter((member) => member.teamId === row.classId).map((member) => member.userId);
    const list = row.allStudents ? inClass : picked.filter((pick) => pick.assignmentId === row.id && inClass.includes(pick.userId)).map((pick) => pick.userId);
    targets.set(row.id, list);
  }
  return targets;
}

const progressKey = (assignmentId: number, userId: number) => `${assignmentId}:${userId}`;

type Pair = { row: AssignmentRow; userId: number };

/** The kept completions of the pairs, and the pairs still open. */
async function keptAndOpen(db: Db, rows: readonly AssignmentRow[], targets: Map<number, number[]>) {
  const ids = rows.map((row) => row.id);
  const kept = ids.length === 0 ? [] : await db.selectFrom('homeworkCompletions').selectAll().where('assignmentId', 'in', ids).execute();
  const done: (Pair & { completion: (typeof kept)[number] })[] = [];
  const open: Pair[] = [];
  for (const row of rows) {
    for (const userId of targets.get(row.id) ?? []) {
      const completion = kept.find((each) => each.assignmentId === row.id && each.userId === userId);
      if (completion) done.push({ row, userId, completion });
      else open.push({ row, userId });
    }
  }
  return { done, open };
}

/**
 * Every target's progress, read only (issue 27: no read writes): a kept completion as it was
 * kept; otherwise tallied from the facts (domain/homework.ts tallyHomework).
 */
async function progressOf(db: Db, rows: readonly AssignmentRow[], targets: Map<number, number[]>, now: Date): Promise<Map<string, HomeworkProgress>> {
  const progress = new Map<string, HomeworkProgress>();
  const { done, open } = await keptAndOpen(db, rows, targets);
  for (const { row, userId, completion } of done) {
    const status = homeworkStatus(row.dueAt, completion.completedAt, now);
    const target = row.targetCount;
    progress.set(progressKey(row.id, userId), { done: target, target, completedAt: completion.completedAt, attempts: completion.attempts, timeSpent: completion.timeSpent, status });
  }
  if (open.length === 0) return progress;
  const facts = await factsFor(db, open);
  for (const { row, userId } of open) {
    const tally = tallyHomework(facts(row, userId), row.assignedAt, row.targetCount);
    progress.set(progressKey(row.id, userId), { ...tally, status: homeworkStatus(row.dueAt, tally.completedAt, now) });
  }
  return progress;
}

/**
 * Keeps the completion of every open pair that has reached its target (once: the primary key, and
 * `on conflict do nothing` when two writers reach it together), with its time, attempts and seconds.
 */
async function keepReached(db: Db, rows: readonly AssignmentRow[], targets: Map<number, number[]>): Promise<void> {
  const { open } = await keptAndOpen(db, rows, targets);
  if (open.length === 0) return;
  const facts = await factsFor(db, open);
  for (const { row, userId } of open) {
    const tally = tallyHomework(facts(row, userId), row.assignedAt, row.targetCount);
    if (tally.completedAt === null) continue;
    await db
      .insertInto('homeworkCompletions')
      .values({ assignmentId: row.id, userId, completedAt: tally.completedAt, attempts: tally.attempts, timeSpent: tally.timeSpent })
      .onConflict((conflict) => conflict.columns(['assignmentId', 'userId']).doNothing())
      .execute();
  }
}

/**
 * Homework's answer to a fact of `kind` (a trainer puzzle attempted, games saved: ./homework-events.ts),
 * in the transaction that stored it: the student's open homework of that kind whose target is now
 * reached is kept as done.
 */
export async function settleHomework(db: Db, userId: number, kind: 'puzzles' | 'games'): Promise<void> {
  const memberOf = db.selectFrom('teamMembers').select('teamId').where('userId', '=', userId).where('isActive', '=', 1);
  const chosenForMe = db.selectFrom('homeworkTargets').select('assignmentId').where('userId', '=', userId);
  const doneByMe = db.selectFrom('homeworkCompletions').select('assignmentId').where('userId', '=', userId);
  const rows = await db
    .selectFrom('homeworkAssignments')
    .selectAll()
    .where('kind', '=', kind)
    .where('cancelledAt', 'is', null)
    .where('classId', 'in', memberOf)
    .where((eb) => eb.or([eb('allStudents', '=', 1), eb('id', 'in', chosenForMe)]))
    .where('id', 'not in', doneByMe)
    .execute();
  if (rows.length > 0) await keepReached(db, rows, new Map(rows.map((row) => [row.id, [userId]])));
}

/** Loads, in three queries at most, the facts of every open (assignment, student) and answers them by pair. */
async function factsFor(db: Db, open: readonly { row: AssignmentRow; userId: number }[]): Promise<(row: AssignmentRow, userId: number) => HomeworkFact[]> {
  const of = (kind: string) => open.filter((item) => item.row.kind === kind);
  const since = (items: readonly { row: AssignmentRow }[]) => items.map((item) => item.row.assignedAt).sort()[0] as string;
  const usersOf = (items: readonly { userId: number }[]) => [...new Set(items.map((item) => item.userId))];

  const lessonItems = of('lesson');
  const lessons =
    lessonItems.length === 0
      ? []
      : await db
          .selectFrom('userLessonProgress')
          .select(['userId', 'lessonId', 'completedAt'])
          .where('completed', '=', 1)
          .where('userId', 'in', usersOf(lessonItems))
          .where('lessonId', 'in', [...new Set(lessonItems.map((item) => item.row.lessonId ?? 0))])
          .execute();

  const puzzleItems = of('puzzles');
  const attempts =
    puzzleItems.length === 0
      ? []
      : await db
          .selectFrom('puzzleAttempts')
          .innerJoin('puzzles', 'puzzles.id', 'puzzleAttempts.puzzleId')
          .select(['puzzleAttempts.userId', 'puzzleAttempts.puzzleId', 'puzzleAttempts.solved', 'puzzleAttempts.timeSpent', 'puzzleAttempts.createdAt', 'puzzles.themes'])
          .where('puzzles.kind', '=', 'trainer')
          .where('puzzleAttempts.userId', 'in', usersOf(puzzleItems))
          .where('puzzleAttempts.createdAt', '>=', since(puzzleItems))
          .execute();

  const gameItems = of('games');
  const games =
    gameItems.length === 0
      ? []
      : await db
          .selectFrom('games')
          .select(['id', 'userId', 'difficulty', 'gameDuration', 'createdAt'])
          .where('gameMode', '=', 'pvc')
          .where('userId', 'in', usersOf(gameItems))
          .where('createdAt', '>=', since(gameItems))
          .execute();

  return (row, userId) => {
    if (row.kind === 'lesson') {
      return lessons
        .filter((lesson) => lesson.userId === userId && lesson.lessonId === row.lessonId && lesson.completedAt !== null)
        .map((lesson) => ({ at: lesson.completedAt as string, counts: 'lesson', seconds: null }));
    }
    if (row.kind === 'puzzles') {
      return attempts
        .filter((attempt) => attempt.userId === userId && parseStringList(attempt.themes).includes(row.puzzleTheme ?? ''))
        .map((attempt) => ({ at: attempt.createdAt, counts: attempt.solved ? `puzzle:${attempt.puzzleId}` : null, seconds: attempt.timeSpent }));
    }
    return games
      .filter((game) => game.userId === userId && game.difficulty === row.engineLevel)
      .map((game) => ({ at: game.createdAt, counts: `game:${game.id}`, seconds: game.gameDuration }));
  };
}

async function lessonTitles(db: Db, rows: readonly AssignmentRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.lessonId === null ? [] : [row.lessonId])))];
  if (ids.length === 0) return new Map();
  const lessons = await db.selectFrom('lessons').select(['id', 'title']).where('id', 'in', ids).execute();
  return new Map(lessons.map((lesson) => [lesson.id, lesson.title]));
}

function assignmentFields(row: AssignmentRow, titles: Map<number, string>) {
  return {
    id: row.id,
    key: row.clientKey,
    classId: row.classId,
    task: taskOf(row),
    lessonTitle: row.lessonId === null ? null : (titles.get(row.lessonId) ?? null),
    dueAt: row.dueAt,
    note: row.note,
    assignedAt: row.assignedAt,
  };
}

/** GET /api/classes/{id}/homework: every assignment of the class with each student's progress (its staff only). */
export async function classHomework(db: Db, access: Access, classId: number): Promise<ClassHomeworkList> {
  await openClass(db, access, classId, true);
  const rows = await db
    .selectFrom('homeworkAssignments')
    .selectAll()
    .where('classId', '=', classId)
    .where('cancelledAt', 'is', null)
    .orderBy('assignedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  const targets = await targetsOf(db, rows);
  const progress = await progressOf(db, rows, targets, access.now);
  const userIds = [...new Set([...targets.values()].flat())];
  const students = userIds.length === 0 ? [] : await db.selectFrom('users').select(['id', 'username', 'realName']).where('id', 'in', userIds).execute();
  const titles = await lessonTitles(db, rows);
  return {
    homework: rows.map((row) => ({
      ...assignmentFields(row, titles),
      allStudents: Boolean(row.allStudents),
      students: (targets.get(row.id) ?? [])
        .flatMap((userId) => {
          const student = students.find((candidate) => candidate.id === userId);
          const own = progress.get(progressKey(row.id, userId));
          return student && own ? [{ userId, username: student.username, realName: student.realName, progress: own }] : [];
        })
        .sort((a, b) => a.username.toLowerCase().localeCompare(b.username.toLowerCase())),
    })),
  };
}

/** GET /api/homework: the signed-in student's homework in every class they are in. */
export async function studentHomework(db: Db, user: UserRow, now: Date): Promise<StudentHomeworkList> {
  const classes = await db
    .selectFrom('teamMembers')
    .innerJoin('teams', 'teams.id', 'teamMembers.teamId')
    .select(['teams.id', 'teams.name'])
    .where('teamMembers.userId', '=', user.id)
    .where('teamMembers.isActive', '=', 1)
    .where('teams.isClass', '=', 1)
    .where('teams.isActive', '=', 1)
    .execute();
  if (classes.length === 0) return { homework: [] };
  const classIds = classes.map((klass) => klass.id);
  const chosenForMe = db.selectFrom('homeworkTargets').select('assignmentId').where('userId', '=', user.id);
  const rows = await db
    .selectFrom('homeworkAssignments')
    .selectAll()
    .where('classId', 'in', classIds)
    .where('cancelledAt', 'is', null)
    .where('assignedAt', '>=', new Date(now.getTime() - STUDENT_WINDOW_MS).toISOString())
    .where((eb) => eb.or([eb('allStudents', '=', 1), eb('id', 'in', chosenForMe)]))
    .orderBy('dueAt')
    .orderBy('id')
    .limit(LIST_LIMIT)
    .execute();
  const targets = new Map(rows.map((row) => [row.id, [user.id]]));
  const progress = await progressOf(db, rows, targets, now);
  const titles = await lessonTitles(db, rows);
  return {
    homework: rows.flatMap((row) => {
      const own = progress.get(progressKey(row.id, user.id));
      const className = classes.find((klass) => klass.id === row.classId)?.name ?? '';
      return own ? [{ ...assignmentFields(row, titles), className, progress: own }] : [];
    }),
  };
}

/**
 * Homework's answer to a lesson completed (./homework-events.ts; emitted by the completeLesson
 * service, the route's and the mutation's): the open homework of that lesson set before it is
 * kept as done, a lesson completed again after it was set too, though user_lesson_progress keeps
 * the first completion's time.
 */
export async function noteLessonForHomework(db: Db, userId: number, lessonId: number, completedAt: string): Promise<void> {
  const memberOf = db.selectFrom('teamMembers').select('teamId').where('userId', '=', userId).where('isActive', '=', 1);
  const chosenForMe = db.selectFrom('homeworkTargets').select('assignmentId').where('userId', '=', userId);
  const doneByMe = db.selectFrom('homeworkCompletions').select('assignmentId').where('userId', '=', userId);
  const rows = await db
    .selectFrom('homeworkAssignments')
    .select('id')
    .where('kind', '=', 'lesson')
    .where('lessonId', '=', lessonId)
    .where('cancelledAt', 'is', null)
    .where('assignedAt', '<=', completedAt)
    .where('classId', 'in', memberOf)
    .where((eb) => eb.or([eb('allStudents', '=', 1), eb('id', 'in', chosenForMe)]))
    .where('id', 'not in', doneByMe)
    .execute();
  for (const row of rows) {
    await db
      .insertInto('homeworkCompletions')
      .values({ assignmentId: row.id, userId, completedAt, attempts: 1, timeSpent: null })
      .onConflict((conflict) => conflict.columns(['assignmentId', 'userId']).doNothing())
      .execute();
  }
}
