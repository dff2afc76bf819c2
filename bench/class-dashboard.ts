/**
 * bench/class-dashboard: the class dashboard's call for a big class (issue 19), against the real
 * server as `npm start` runs it (`tsx sync-server/server.ts`, its own process, SQLite). A
 * verified teacher (an organiser whose own school is the class's) makes a class of `--students`
 * managed accounts through the API; each student's `--games` games (half of them reviewed, with
 * phases and missed tactics), lessons, tips and puzzle attempts are written straight into the
 * server's database file (the API would replay every game; the dashboard only reads them). Then
 * `--calls` sequential GET /api/classes/{id}/dashboard and as many GET /api/classes/{id}/students/{userId}
 * (students in turn): their p50/p99 in ms, timed at the client.
 *
 *   npx tsx bench/class-dashboard.ts [--port 4392] [--students 100] [--games 200] [--calls 200]
 *
 * The machine has 2 cores shared with other work; the client runs on them too.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { TACTIC_MOTIFS, classCredentialsSchema, classDashboardSchema, classStudentPageSchema, classSummarySchema } from '../schema';
import { openDatabase } from '../sync-server/core/db/connect';
import { expectStatus, startServer, verifiedOrganiser } from './server-process';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4392' },
    students: { type: 'string', default: '100' },
    games: { type: 'string', default: '200' },
    calls: { type: 'string', default: '200' },
  },
});
const STUDENTS = Number(values.students);
const GAMES = Number(values.games);
const CALLS = Number(values.calls);
const DAY_MS = 86_400_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

const server = await startServer({ port: Number(values.port), name: 'class-dashboard', apiOnly: true });
try {
  const teacher = await verifiedOrganiser(server, 'BenchTeacher', 'bench-teacher@example.org');

  // The school, and the teacher's own school set to it (an unscoped organiser is staff at home).
  const seedDb = await openDatabase({ dataDir: server.dataDir, migrate: false });
  const organizationId = (await seedDb.db.insertInto('organizations').values({ name: 'Bench School', type: 'elementary_school' }).returning('id').executeTakeFirstOrThrow()).id;
  await seedDb.db.updateTable('users').set({ schoolId: organizationId }).where('email', '=', 'bench-teacher@example.org').execute();

  const made = await server.call('POST', '/api/classes', { organizationId, name: 'Bench class', maxMembers: Math.max(STUDENTS, 1) }, teacher);
  expectStatus(made, 201, 'create class');
  const classId = classSummarySchema.parse(JSON.parse(made.body)).id;
  const userIds: number[] = [];
  for (let start = 0; start < STUDENTS; start += 100) {
    const names = Array.from({ length: Math.min(100, STUDENTS - start) }, (_, k) => `Student${start + k} Bench`);
    const added = await server.call('POST', `/api/classes/${classId}/students`, { names }, teacher);
    expectStatus(added, 201, 'add students');
    userIds.push(...classCredentialsSchema.parse(JSON.parse(added.body)).credentials.map((card) => card.userId));
  }

  // The students' work, written as the routes would store it.
  const seedStart = performance.now();
  const now = Date.now();
  const lessons = (await seedDb.db.selectFrom('lessons').select('id').orderBy('id').limit(10).execute()).map((row) => row.id);
  const tips = (await seedDb.db.selectFrom('dailyTips').select('id').orderBy('id').limit(10).execute()).map((row) => row.id);
  const puzzles = (await seedDb.db.selectFrom('puzzles').select('id').orderBy('id').limit(20).execute()).map((row) => row.id);
  await seedDb.db.transaction().execute(async (trx) => {
    for (const [index, userId] of userIds.entries()) {
      await trx.updateTable('users').set({ onboardingCompleted: 1, eloRating: 800 + (index % 40) * 10 }).where('id', '=', userId).execute();
      const games = Array.from({ length: GAMES }, (_, k) => ({
        userId,
        clientGameId: randomUUID(),
        opponent: 'Computer',
        result: (['win', 'loss', 'draw', 'win', 'abandoned'] as const)[k % 5] as string,
        moves: JSON.stringify(['e4', 'e5', 'Nf3', 'Nc6']),
        pgn: null,
        finalFen: null,
        openingName: 'King’s Knight Opening',
        openingEco: 'C40',
        totalMoves: 40,
        gameMode: 'pvc',
        difficulty: 'beginner',
        playerColor: k % 2 === 0 ? 'white' : 'black',
        timeControl: null,
        gameDuration: 180 + (k % 7) * 30,
        syncVersion: 1,
        // Spread over the last 60 days, so about a tenth falls in the last week.
        createdAt: new Date(now - ((k * 60) / GAMES) * DAY_MS - index * 1000).toISOString(),
      }));
      const gameIds: number[] = [];
      for (let start = 0; start < games.length; start += 400) {
        gameIds.push(...(await trx.insertInto('games').values(games.slice(start, start + 400)).returning('id').execute()).map((row) => row.id));
      }
      const reviewed = gameIds.filter((_, k) => k % 2 === 0);
      for (let start = 0; start < reviewed.length; start += 400) {
        const slice = reviewed.slice(start, start + 400);
        await trx
          .insertInto('gameAnalysis')
          .values(
            slice.map((gameId, k) => ({
              userId,
              gameId,
              movesAnalyzed: 20,
              playerMoves: 20,
              averageAccuracy: 60 + ((k * 7 + index) % 35),
              blunders: k % 3,
              mistakes: 1,
              inaccuracies: 2,
              bestMovePercentage: 40,
              analysisCompleted: 1,
              missedTactics: JSON.stringify(k % 4 === 0 ? [] : [TACTIC_MOTIFS[(k + index) % TACTIC_MOTIFS.length], TACTIC_MOTIFS[index % TACTIC_MOTIFS.length]]),
              createdAt: new Date(now).toISOString(),
            })),
          )
          .execute();
        await trx
          .insertInto('gamePhaseAnalysis')
          .values(
            slice.map((gameId, k) => ({
              userId,
              gameId,
              openingAccuracy: 70 + (k % 20),
              openingMoves: 8,
              middlegameAccuracy: 60 + ((k + index) % 25),
              middlegameMoves: 8,
              endgameAccuracy: k % 3 === 0 ? null : 50 + (index % 30),
              endgameMoves: k % 3 === 0 ? 0 : 4,
              createdAt: new Date(now).toISOString(),
            })),
          )
          .execute();
      }
      const done = lessons.slice(0, index % (lessons.length + 1));
      if (done.length > 0) await trx.insertInto('userLessonProgress').values(done.map((lessonId) => ({ userId, lessonId, completed: 1, score: 80, completedAt: new Date(now - DAY_MS).toISOString() }))).execute();
      const read = tips.slice(0, index % (tips.length + 1));
      if (read.length > 0) await trx.insertInto('userTipProgress').values(read.map((tipId) => ({ userId, tipId, completed: 1, completedAt: new Date(now - 2 * DAY_MS).toISOString(), viewedAt: null, rating: null }))).execute();
      if (puzzles.length > 0) {
        await trx
          .insertInto('puzzleAttempts')
          .values(puzzles.map((puzzleId, k) => ({ userId, puzzleId, solved: k % 3 === 0 ? 0 : 1, timeSpent: 20, attemptedMoves: '[]', createdAt: new Date(now - 3 * DAY_MS).toISOString() })))
          .execute();
      }
    }
  });
  await seedDb.close();
  console.log(`class of ${userIds.length} students, ${GAMES} games each (${GAMES / 2} reviewed), seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  // Warm-up (statement caches, JIT), and a check that the figures are there.
  const first = await server.call('GET', `/api/classes/${classId}/dashboard`, undefined, teacher);
  expectStatus(first, 200, 'dashboard');
  const dashboard = classDashboardSchema.parse(JSON.parse(first.body));
  if (dashboard.students.length !== STUDENTS || dashboard.students.some((student) => student.gamesTotal !== GAMES || student.gamesReviewed !== GAMES / 2)) {
    throw new Error('the dashboard does not show the seeded figures');
  }
  console.log(`answer: ${(first.body.length / 1024).toFixed(0)} KiB, e.g. ${JSON.stringify(dashboard.students[7])}`);
  for (let k = 0; k < 10; k++) await server.call('GET', `/api/classes/${classId}/dashboard`, undefined, teacher);

  const time = async (path: (k: number) => string, check: (body: string) => void): Promise<number[]> => {
    const times: number[] = [];
    for (let k = 0; k < CALLS; k++) {
      const started = performance.now();
      const answer = await server.call('GET', path(k), undefined, teacher);
      times.push(performance.now() - started);
      expectStatus(answer, 200, path(k));
      if (k === 0) check(answer.body);
    }
    return times.sort((a, b) => a - b);
  };
  const load = loadavg()[0] ?? 0;
  const dashboardTimes = await time(
    () => `/api/classes/${classId}/dashboard`,
    (body) => classDashboardSchema.parse(JSON.parse(body)),
  );
  const studentTimes = await time(
    (k) => `/api/classes/${classId}/students/${userIds[k % userIds.length]}`,
    (body) => classStudentPageSchema.parse(JSON.parse(body)),
  );
  console.log(`load average before timing: ${load.toFixed(2)} (2 cores)`);
  console.log(`GET /api/classes/{id}/dashboard (${STUDENTS} students x ${GAMES} games), ${CALLS} calls: p50 ${ms(percentile(dashboardTimes, 0.5))}, p99 ${ms(percentile(dashboardTimes, 0.99))}, max ${ms(dashboardTimes.at(-1) ?? NaN)}`);
  console.log(`GET /api/classes/{id}/students/{userId}, ${CALLS} calls: p50 ${ms(percentile(studentTimes, 0.5))}, p99 ${ms(percentile(studentTimes, 0.99))}, max ${ms(studentTimes.at(-1) ?? NaN)}`);
} finally {
  await server.stop();
}
