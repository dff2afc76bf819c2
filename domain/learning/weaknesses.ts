/**
 * What a game review says about the player, and their weaknesses over many reviews: the blunder
 * rate, the tactics they missed by motif, and their accuracy in each phase. The summary of one
 * game goes to the server (saveGameAnalysis); the profile orders the lessons (lesson-plan.ts).
 */
import type { GameAnalysisSummary, PhaseSummary, TacticMotif, WeaknessProfile } from '../../schema';
import { TACTIC_MOTIFS } from '../../schema/core/values';
import type { GameReview } from '../coach/review';
import { findMotifs } from '../coach/motifs';

const BEST_CATEGORIES = new Set(['brilliant', 'great', 'best', 'book']);
/** A missed tactic: the move lost this much (a mistake, a miss or a blunder) and the best move had a motif. */
const MISSED_CATEGORIES = new Set(['mistake', 'miss', 'blunder']);
const TACTIC_SET: ReadonlySet<string> = new Set(TACTIC_MOTIFS);

const mean = (values: readonly number[]): number | null =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
const round1 = (value: number) => Math.round(value * 10) / 10;

/** The player's side of a review, as the saveGameAnalysis mutation carries it. */
export function summarizeReview(review: GameReview, playerColor: 'w' | 'b'): GameAnalysisSummary {
  const mine = review.moves.filter((move) => move.color === playerColor);
  const phases = { opening: [] as number[], middlegame: [] as number[], endgame: [] as number[] };
  const phaseBlunders = { opening: 0, middlegame: 0, endgame: 0 };
  const missedTactics: TacticMotif[] = [];
  let best = 0;
  const count = { blunder: 0, mistake: 0, inaccuracy: 0 };
  for (const move of mine) {
    const c = move.classification;
    phases[c.gamePhase].push(c.accuracy);
    if (BEST_CATEGORIES.has(c.category)) best += 1;
    if (c.category === 'blunder') {
      count.blunder += 1;
      phaseBlunders[c.gamePhase] += 1;
    }
    if (c.category === 'mistake') count.mistake += 1;
    if (c.category === 'inaccuracy') count.inaccuracy += 1;
    const bestUci = c.alternativeMoves[0]?.uci;
    if (MISSED_CATEGORIES.has(c.category) && bestUci !== undefined && bestUci !== move.uci) {
      const kinds = new Set(findMotifs(move.fenBefore, bestUci).map((motif) => motif.kind));
      for (const kind of kinds) if (TACTIC_SET.has(kind)) missedTactics.push(kind as TacticMotif);
    }
  }
  const phase = (name: keyof typeof phases): PhaseSummary => {
    const accuracy = mean(phases[name]);
    return { accuracy: accuracy === null ? null : round1(accuracy), moves: phases[name].length, blunders: phaseBlunders[name], timeSpent: null };
  };
  const accuracy = review.accuracy[playerColor];
  const turning = review.keyMoments[0] ?? null;
  return {
    movesAnalyzed: mine.length,
    averageAccuracy: accuracy === null ? null : round1(Math.min(100, Math.max(0, accuracy))),
    blunders: count.blunder,
    mistakes: count.mistake,
    inaccuracies: count.inaccuracy,
    bestMovePercentage: mine.length === 0 ? 0 : round1((100 * best) / mine.length),
    missedTactics,
    phases: { opening: phase('opening'), middlegame: phase('middlegame'), endgame: phase('endgame') },
    turningPoint: turning,
  };
}

/** The weaknesses over many analysed games (each game's summary, any order). */
export function measureWeaknesses(summaries: readonly GameAnalysisSummary[]): WeaknessProfile {
  const moves = summaries.reduce((sum, s) => sum + s.movesAnalyzed, 0);
  const blunders = summaries.reduce((sum, s) => sum + s.blunders, 0);
  const missedTactics: Partial<Record<TacticMotif, number>> = {};
  for (const summary of summaries) for (const motif of summary.missedTactics) missedTactics[motif] = (missedTactics[motif] ?? 0) + 1;
  // Each phase's accuracy is the mean over its moves in all games (a game weighs by its moves there).
  const phaseAccuracy = (name: 'opening' | 'middlegame' | 'endgame') => {
    let total = 0;
    let weight = 0;
    for (const summary of summaries) {
      const p = summary.phases[name];
      if (p.accuracy !== null && p.moves > 0) {
        total += p.accuracy * p.moves;
        weight += p.moves;
      }
    }
    return weight === 0 ? null : round1(total / weight);
  };
  return {
    gamesAnalyzed: summaries.length,
    blunderRate: moves === 0 ? 0 : Math.round((1000 * blunders) / moves) / 1000,
    missedTactics,
    phaseAccuracy: { opening: phaseAccuracy('opening'), middlegame: phaseAccuracy('middlegame'), endgame: phaseAccuracy('endgame') },
  };
}
