import type { Kysely } from 'kysely';
import { ACHIEVEMENTS, evaluateAchievements, type AchievementMetrics } from '../../domain/learning/achievements';
import { ratingBand } from '../../domain/learning/lesson-plan';
import { dayStreak, gamesToRating, ratingHistory, skillScore, WEEKLY_GAMES_GOAL } from '../../domain/learning/progress';
import { SKILL_AREA_LABELS, STARTING_ELO, type AchievementProgress, type ProgressGoal, type ProgressResponse } from '../../schema';
import type { Database, UserRow } from '../core/db/types';
import { recentGames } from '../games/history';
import { analysisSummaries, weaknessProfile } from './analysis';
import { listLessons } from './lessons';

const WEEK_MS = 7 * 86_400_000;

/**
 * The /progress figures from the user's own data. Skill areas (0..100): Opening, Endgame and
 * Strategy (the middlegame) are the mean accuracy of the user's moves in that phase over their
 * reviewed games; Tactics is 100 less 10 per missed tactic per game and less 2 per percent of
 * blunders, within 0..100. Each stays null until a reviewed game measures it.
 */
export async function progressFor(db: Kysely<Database>, user: UserRow, now: Date): Promise<ProgressResponse> {
  const { games, lessonRows, tipRows, solved } = await activityRows(db, user.id);
  const summaries = await analysisSummaries(db, user.id);
  const profile = await weaknessProfile(db, user.id);

  const lessonMinutes = lessonRows.reduce((sum, row) => {
    try {
      return sum + Number((JSON.parse(row.content ?? '{}') as { estimatedTime?: number }).estimatedTime ?? 0);
    } catch {
      return sum;
    }
  }, 0);
  const playSeconds = games.reduce((sum, game) => sum + (game.gameDuration ?? 0), 0);
  const tipSeconds = tipRows.reduce((sum, row) => sum + (row.estimatedReadTime ?? 0), 0);
  const activity = [
    ...games.map((g) => g.createdAt),
    ...lessonRows.flatMap((r) => (r.completedAt ? [r.completedAt] : [])),
    ...tipRows.flatMap((r) => (r.completedAt ? [r.completedAt] : [])),
  ];
  const streak = dayStreak(activity, now);
  const gamesLast7Days = games.filter((g) => Date.parse(g.createdAt) > now.getTime() - WEEK_MS).length;
  const bestAccuracy = Math.max(0, ...summaries.map((s) => s.averageAccuracy ?? 0));
  const skills = skillsFrom(summaries, profile);
  const goals = await goalsFor(db, user, gamesLast7Days);

  const metrics: AchievementMetrics = {
    totalGames: user.totalGames,
    gamesWon: user.gamesWon,
    gamesLast7Days,
    lessonsCompleted: lessonRows.length,
    tipsCompleted: tipRows.length,
    puzzlesSolved: solved.length,
    dayStreak: streak,
    bestAccuracy,
  };
  const achievements = await syncAchievements(db, user.id, metrics, now);
  const totalFinished = user.gamesWon + user.gamesLost + user.gamesDrawn;
  const history = await ratingHistoryOf(db, user, games);
  return {
    eloRating: user.eloRating,
    ratingHistory: history,
    winRate: totalFinished === 0 ? null : Math.round((100 * user.gamesWon) / totalFinished),
    gamesWon: user.gamesWon,
    totalGames: user.totalGames,
    studyTimeMinutes: Math.round(playSeconds / 60 + lessonMinutes + tipSeconds / 60),
    dayStreak: streak,
    skills,
    goals,
    recentGames: await recentGames(db, user.id),
    achievements,
    lessonsCompleted: lessonRows.length,
    tipsCompleted: tipRows.length,
    gamesAnalyzed: summaries.length,
  };
}

/** The user's games, completed lessons and tips, and solved puzzles. */
async function activityRows(db: Kysely<Database>, userId: number) {
  const games = await db
    .selectFrom('games')
    .select(['createdAt', 'eloChange', 'gameDuration', 'result'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  const lessonRows = await db
    .selectFrom('userLessonProgress as p')
    .innerJoin('lessons as l', 'l.id', 'p.lessonId')
    .select(['p.completedAt', 'l.content'])
    .where('p.userId', '=', userId)
    .where('p.completed', '=', 1)
    .execute();
  const tipRows = await db
    .selectFrom('userTipProgress as p')
    .innerJoin('dailyTips as t', 't.id', 'p.tipId')
    .select(['p.completedAt', 't.estimatedReadTime'])
    .where('p.userId', '=', userId)
    .where('p.completed', '=', 1)
    .execute();
  const solved = await db
    .selectFrom('puzzleAttempts')
    .select('puzzleId')
    .distinct()
    .where('userId', '=', userId)
    .where('solved', '=', 1)
    .execute();
  return { games, lessonRows, tipRows, solved };
}

/** The four skill areas' scores (see progressFor). */
function skillsFrom(summaries: Awaited<ReturnType<typeof analysisSummaries>>, profile: Awaited<ReturnType<typeof weaknessProfile>>): ProgressResponse['skills'] {
  const missedPerGame = summaries.length === 0 ? 0 : summaries.reduce((n, s) => n + s.missedTactics.length, 0) / summaries.length;
  const tactics = summaries.length === 0 ? null : Math.max(0, Math.min(100, Math.round(100 - 10 * missedPerGame - 200 * profile.blunderRate)));
  return [
    { area: 'opening' as const, score: skillScore(profile.phaseAccuracy.opening) },
    { area: 'tactics' as const, score: tactics },
    { area: 'endgame' as const, score: skillScore(profile.phaseAccuracy.endgame) },
    { area: 'strategy' as const, score: skillScore(profile.phaseAccuracy.middlegame) },
  ].map((s) => ({ ...s, label: SKILL_AREA_LABELS[s.area] }));
}

/** The next rating, this week's games and the user's level's lessons. */
async function goalsFor(db: Kysely<Database>, user: UserRow, gamesLast7Days: number): Promise<ProgressGoal[]> {
  const nextRating = (Math.floor(user.eloRating / 100) + 1) * 100;
  const aboutGames = gamesToRating(user.eloRating, nextRating);
  const lessons = await listLessons(db, user.id);
  const band = ratingBand(user.eloRating);
  const levelLessons = lessons.filter((l) => l.difficulty === band);
  return [
    { key: 'rating', title: `Reach ${nextRating} ELO`, description: `About ${aboutGames} games`, current: user.eloRating, target: nextRating },
    { key: 'weekly-games', title: `Play ${WEEKLY_GAMES_GOAL} games this week`, description: 'Regular practice builds skill fastest.', current: Math.min(gamesLast7Days, WEEKLY_GAMES_GOAL), target: WEEKLY_GAMES_GOAL },
    {
      key: 'level-lessons',
      title: `Finish the ${band} lessons`,
      description: `${levelLessons.length} lessons at your level`,
      current: levelLessons.filter((l) => l.completed).length,
      target: levelLessons.length,
    },
  ];
}

/**
 * The chart starts at the spec's 1200 when the account was made; the assessment (dated by its
 * last attempt) sets the starting rating; then each rated game moves it.
 */
async function ratingHistoryOf(db: Kysely<Database>, user: UserRow, games: Awaited<ReturnType<typeof activityRows>>['games']): Promise<ProgressResponse['ratingHistory']> {
  const lastAttempt = user.onboardingCompleted
    ? await db.selectFrom('puzzleAttempts').select('createdAt').where('userId', '=', user.id).orderBy('id', 'desc').limit(1).executeTakeFirst()
    : undefined;
  const history = ratingHistory(
    user.eloRating,
    games.filter((g) => g.result !== 'abandoned').map((g) => ({ date: g.createdAt, eloChange: g.eloChange })),
    lastAttempt?.createdAt ?? user.createdAt,
  );
  if (lastAttempt !== undefined && history[0] !== undefined && history[0].rating !== STARTING_ELO) {
    history.unshift({ date: user.createdAt, rating: STARTING_ELO });
  }
  return history;
}

/** Evaluates the achievements, stores each user's row (unlocked once, with its time) and reads them back. */
async function syncAchievements(db: Kysely<Database>, userId: number, metrics: AchievementMetrics, now: Date): Promise<AchievementProgress[]> {
  const stored = await db.selectFrom('achievements').selectAll().where('isActive', '=', 1).execute();
  const byKey = new Map(stored.map((row) => [row.key, row]));
  const states = evaluateAchievements(metrics, ACHIEVEMENTS.filter((a) => byKey.has(a.key)));
  const mine = new Map(
    (await db.selectFrom('userAchievements').selectAll().where('userId', '=', userId).execute()).map((row) => [row.achievementId, row]),
  );
  const out: AchievementProgress[] = [];
  for (const state of states) {
    const achievement = byKey.get(state.key)!;
    const existing = mine.get(achievement.id);
    const unlockedAt = existing?.unlockedAt ?? (state.isUnlocked ? now.toISOString() : null);
    const isUnlocked = Boolean(existing?.isUnlocked) || state.isUnlocked;
    const values = { progress: isUnlocked ? 100 : state.progress, isUnlocked: isUnlocked ? 1 : 0, unlockedAt, currentValue: state.currentValue, targetValue: state.targetValue };
    if (existing) await db.updateTable('userAchievements').set(values).where('id', '=', existing.id).execute();
    else await db.insertInto('userAchievements').values({ userId, achievementId: achievement.id, ...values }).execute();
    out.push({
      id: achievement.id,
      key: state.key,
      name: achievement.name,
      description: achievement.description ?? '',
      category: achievement.category ?? '',
      points: achievement.points,
      rarity: achievement.rarity,
      currentValue: state.currentValue,
      targetValue: state.targetValue,
      progress: values.progress,
      isUnlocked,
      unlockedAt,
    });
  }
  return out;
}
