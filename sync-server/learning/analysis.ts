import type { Kysely } from 'kysely';
import { findWeaknesses, planLessons } from '../../domain/learning/lesson-plan';
import { measureWeaknesses } from '../../domain/learning/weaknesses';
import { GAME_PHASES, MESSAGES, TACTIC_MOTIFS, type GameAnalysisSummary, type GamePhase, type PhaseSummary, type TacticMotif, type WeaknessProfile } from '../../schema';
import { parseStringList } from '../core/db/json';
import type { Database, UserRow } from '../core/db/types';
import { httpError } from '../core/plugins/errors';
import { listLessons } from './lessons';

export const GAME_NOT_FOUND = MESSAGES.notFound;
const TACTICS: ReadonlySet<string> = new Set(TACTIC_MOTIFS);

/** The user's analysed games, read back as the summaries the client sent. */
export async function analysisSummaries(db: Kysely<Database>, userId: number): Promise<GameAnalysisSummary[]> {
  const rows = await db
    .selectFrom('gameAnalysis as a')
    .leftJoin('gamePhaseAnalysis as p', (join) => join.onRef('p.gameId', '=', 'a.gameId').onRef('p.userId', '=', 'a.userId'))
    .selectAll('a')
    .select([
      'p.openingAccuracy', 'p.openingBlunders', 'p.openingMoves', 'p.openingTimeSpent',
      'p.middlegameAccuracy', 'p.middlegameBlunders', 'p.middlegameMoves', 'p.middlegameTimeSpent',
      'p.endgameAccuracy', 'p.endgameBlunders', 'p.endgameMoves', 'p.endgameTimeSpent', 'p.turningPoint',
    ])
    .where('a.userId', '=', userId)
    .orderBy('a.id')
    .execute();
  return rows.map((row) => {
    const phase = (name: GamePhase): PhaseSummary => ({
      accuracy: row[`${name}Accuracy`] === null || row[`${name}Accuracy`] === undefined ? null : Number(row[`${name}Accuracy`]),
      moves: Number(row[`${name}Moves`] ?? 0),
      blunders: Number(row[`${name}Blunders`] ?? 0),
      timeSpent: row[`${name}TimeSpent`] ?? null,
    });
    return {
      movesAnalyzed: row.playerMoves,
      averageAccuracy: row.averageAccuracy === null ? null : Number(row.averageAccuracy),
      blunders: row.blunders,
      mistakes: row.mistakes,
      inaccuracies: row.inaccuracies,
      bestMovePercentage: Number(row.bestMovePercentage ?? 0),
      missedTactics: parseStringList(row.missedTactics).filter((m): m is TacticMotif => TACTICS.has(m)),
      phases: { opening: phase('opening'), middlegame: phase('middlegame'), endgame: phase('endgame') },
      turningPoint: row.turningPoint ?? null,
    };
  });
}

export async function weaknessProfile(db: Kysely<Database>, userId: number): Promise<WeaknessProfile> {
  return measureWeaknesses(await analysisSummaries(db, userId));
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
/** A phase strength on the rating scale: the rating moved 8 points per accuracy point away from 75%. */
const strength = (rating: number, accuracy: number | null) => (accuracy === null ? rating : Math.round(clamp(rating + (accuracy - 75) * 8, 100, 3000)));

/** The game_analysis row's judgement of one game: its counts, what it did well and badly, and the lessons it suggests. */
async function judgement(db: Kysely<Database>, user: UserRow, analysis: GameAnalysisSummary) {
  const single = measureWeaknesses([analysis]);
  const weaknesses = findWeaknesses(single).map((w) => w.reason);
  const strengths: string[] = [];
  for (const name of GAME_PHASES) {
    const accuracy = analysis.phases[name].accuracy;
    if (accuracy !== null && accuracy >= 85) strengths.push(`Strong ${name}: ${Math.round(accuracy)}% accuracy.`);
  }
  if (analysis.blunders === 0 && analysis.movesAnalyzed >= 10) strengths.push('No blunders in the whole game.');
  const plan = planLessons(await listLessons(db, user.id), { eloRating: user.eloRating, weaknesses: single });
  return {
    movesAnalyzed: analysis.movesAnalyzed,
    playerMoves: analysis.movesAnalyzed,
    analysisEngine: 'stockfish',
    averageAccuracy: analysis.averageAccuracy,
    blunders: analysis.blunders,
    mistakes: analysis.mistakes,
    inaccuracies: analysis.inaccuracies,
    bestMovePercentage: analysis.bestMovePercentage,
    analysisCompleted: 1,
    weaknessesFound: JSON.stringify(weaknesses),
    strengthsFound: JSON.stringify(strengths),
    suggestedLessons: JSON.stringify(plan.ordered.slice(0, 3).map((lesson) => lesson.id)),
    missedTactics: JSON.stringify(analysis.missedTactics),
  };
}

/** The game's game_phase_analysis row, replacing an earlier review's. */
async function storePhases(db: Kysely<Database>, userId: number, gameId: number, analysis: GameAnalysisSummary, now: Date): Promise<void> {
  const phases = analysis.phases;
  const accuracies = GAME_PHASES.map((name) => ({ name, accuracy: phases[name].accuracy })).filter(
    (p): p is { name: GamePhase; accuracy: number } => p.accuracy !== null,
  );
  const dominance = accuracies.sort((a, b) => b.accuracy - a.accuracy)[0]?.name ?? null;
  await db.deleteFrom('gamePhaseAnalysis').where('userId', '=', userId).where('gameId', '=', gameId).execute();
  await db
    .insertInto('gamePhaseAnalysis')
    .values({
      userId,
      gameId,
      openingAccuracy: phases.opening.accuracy,
      openingBlunders: phases.opening.blunders,
      openingMoves: phases.opening.moves,
      openingTimeSpent: phases.opening.timeSpent,
      middlegameAccuracy: phases.middlegame.accuracy,
      middlegameBlunders: phases.middlegame.blunders,
      middlegameMoves: phases.middlegame.moves,
      middlegameTimeSpent: phases.middlegame.timeSpent,
      endgameAccuracy: phases.endgame.accuracy,
      endgameBlunders: phases.endgame.blunders,
      endgameMoves: phases.endgame.moves,
      endgameTimeSpent: phases.endgame.timeSpent,
      turningPoint: analysis.turningPoint,
      phaseDominance: dominance,
      createdAt: now.toISOString(),
    })
    .execute();
}

/** The user's user_skill_analytics, measured again from all their analysed games; answers their weakness profile. */
async function updateSkillAnalytics(db: Kysely<Database>, user: UserRow, now: Date): Promise<WeaknessProfile> {
  const summaries = await analysisSummaries(db, user.id);
  const profile = measureWeaknesses(summaries);
  const accuracyList = summaries.flatMap((s) => (s.averageAccuracy === null ? [] : [s.averageAccuracy]));
  const mean = (list: number[]) => (list.length === 0 ? null : list.reduce((a, b) => a + b, 0) / list.length);
  const overall = mean(accuracyList);
  const recent = mean(accuracyList.slice(-3));
  const earlier = mean(accuracyList.slice(0, -3));
  const form = recent === null || earlier === null ? 'stable' : recent > earlier + 3 ? 'improving' : recent < earlier - 3 ? 'declining' : 'stable';
  const missedPerGame = summaries.reduce((n, s) => n + s.missedTactics.length, 0) / Math.max(1, summaries.length);
  const spread = accuracyList.length < 2 || overall === null ? 0 : Math.sqrt(mean(accuracyList.map((a) => (a - overall) ** 2)) ?? 0);
  const skill = {
    openingStrength: strength(user.eloRating, profile.phaseAccuracy.opening),
    middlegameStrength: strength(user.eloRating, profile.phaseAccuracy.middlegame),
    endgameStrength: strength(user.eloRating, profile.phaseAccuracy.endgame),
    tacticalStrength: Math.round(clamp(user.eloRating - missedPerGame * 50 - profile.blunderRate * 1000 + 50, 100, 3000)),
    positionalStrength: strength(user.eloRating, profile.phaseAccuracy.middlegame),
    calculationStrength: strength(user.eloRating, overall),
    blunderFrequency: Math.round(profile.blunderRate * 100) / 100,
    averageAccuracy: overall === null ? 0.8 : Math.round(overall) / 100,
    consistencyScore: Math.round(clamp(1 - spread / 50, 0, 1) * 100) / 100,
    improvementVelocity: recent === null || earlier === null ? 0 : Math.round(clamp((recent - earlier) / 100, -9, 9) * 100) / 100,
    recentForm: form,
    peakPerformance: Math.max(user.eloRating, ...accuracyList.map((a) => strength(user.eloRating, a))),
    gamesAnalyzed: summaries.length,
    updatedAt: now.toISOString(),
  };
  const existing = await db.selectFrom('userSkillAnalytics').select('id').where('userId', '=', user.id).executeTakeFirst();
  if (existing) await db.updateTable('userSkillAnalytics').set(skill).where('id', '=', existing.id).execute();
  else await db.insertInto('userSkillAnalytics').values({ userId: user.id, ...skill }).execute();
  return profile;
}

/**
 * Stores a reviewed game's analysis (the POST route and the saveGameAnalysis mutation):
 * game_analysis and game_phase_analysis for the game (replaced when reviewed again), then the
 * user's user_skill_analytics from all their analysed games.
 */
export async function saveGameAnalysis(
  db: Kysely<Database>,
  user: UserRow,
  clientGameId: string,
  analysis: GameAnalysisSummary,
  now: Date,
): Promise<WeaknessProfile> {
  const game = await db
    .selectFrom('games')
    .select('id')
    .where('clientGameId', '=', clientGameId.toLowerCase())
    .where('userId', '=', user.id)
    .executeTakeFirst();
  if (!game) throw httpError(404, 'ERR_NOT_FOUND');
  const values = await judgement(db, user, analysis);
  await db.deleteFrom('gameAnalysis').where('userId', '=', user.id).where('gameId', '=', game.id).execute();
  await db.insertInto('gameAnalysis').values({ userId: user.id, gameId: game.id, ...values, createdAt: now.toISOString() }).execute();
  await storePhases(db, user.id, game.id, analysis, now);
  return updateSkillAnalytics(db, user, now);
}
