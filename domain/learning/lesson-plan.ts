/**
 * The personalised lesson order and the 'Why these lessons?' reasons (play spec sections 2 and 6).
 * Each lesson not yet completed gets a score; the highest comes first ('Next Up'), ties keep the
 * authored order; completed lessons go last, in authored order.
 * - Level fit: a lesson of the user's band scores 30; one level below 15 (revision); one level
 *   above 10 (the next stage); two levels away 0. Band: rating above 1200 advanced, above 1000
 *   intermediate, otherwise beginner.
 * - Weaknesses (from the reviews of their saved games) add 25 for each weakness the lesson
 *   trains: a blunder rate above 8% of moves (blunder-check, tactics), a motif missed at least
 *   twice (its lesson), a phase with accuracy under 70% (opening, endgame or tactics for the
 *   middlegame), the weakest phase first.
 */
import type { Difficulty, LessonSkill, TacticMotif, WeaknessProfile } from '../../schema';
import { GAME_PHASES, RATING_BAND_ADVANCED_ABOVE, RATING_BAND_INTERMEDIATE_ABOVE, type GamePhase } from '../../schema/core/values';

export const LEVEL_FIT_SCORE = { same: 30, below: 15, above: 10, far: 0 } as const;
export const WEAKNESS_SCORE = 25;
export const BLUNDER_RATE_WEAKNESS = 0.08;
export const MISSED_MOTIF_WEAKNESS = 2;
export const PHASE_ACCURACY_WEAKNESS = 70;

const LEVELS: readonly Difficulty[] = ['beginner', 'intermediate', 'advanced'];
export const BAND_LABELS: Readonly<Record<Difficulty, string>> = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' };

export function ratingBand(rating: number): Difficulty {
  if (rating > RATING_BAND_ADVANCED_ABOVE) return 'advanced';
  if (rating > RATING_BAND_INTERMEDIATE_ABOVE) return 'intermediate';
  return 'beginner';
}

const MOTIF_SKILLS: Readonly<Record<TacticMotif, LessonSkill[]>> = {
  fork: ['fork'],
  pin: ['pin'],
  skewer: ['skewer'],
  'discovered-attack': ['discovered-attack'],
  'mate-threat': ['checkmate'],
  checkmate: ['checkmate'],
  'free-capture': ['blunder-check', 'tactics'],
  hanging: ['blunder-check'],
  promotion: ['pawn-endgame'],
};
const MOTIF_NAMES: Readonly<Record<TacticMotif, string>> = {
  fork: 'forks',
  pin: 'pins',
  skewer: 'skewers',
  'discovered-attack': 'discovered attacks',
  'mate-threat': 'mating attacks',
  checkmate: 'checkmates',
  'free-capture': 'free pieces to take',
  hanging: 'pieces left hanging',
  promotion: 'pawn promotions',
};

/** What a lesson needs for planning (a server Lesson with skills, or the content). */
export interface PlannableLesson {
  id: number;
  title: string;
  difficulty: Difficulty;
  order: number;
  completed: boolean;
  skills?: readonly string[];
}

export interface Weakness {
  skills: LessonSkill[];
  reason: string;
}

/**
 * The 'Why these lessons?' sentences in one language (issue 28): English unless the app hands in
 * its own. `games` is how many reviewed games the sentence speaks of.
 */
export interface PlanWords {
  /** 'Your rating of 850 puts you at the Beginner level, so beginner lessons come first.' */
  level(rating: number, band: Difficulty): string;
  /** 'In your 4 reviewed games, 12% of your moves were blunders: …' */
  blunders(games: number, percent: number): string;
  /** 'You missed 3 pins in your 4 reviewed games.' */
  missed(motif: TacticMotif, count: number, games: number): string;
  /** 'Your endgame accuracy is 55%, so endgame lessons move up.' */
  weakPhase(phase: GamePhase, accuracy: number): string;
  /** Before any reviewed game: 'Play a game and review it: …' */
  noReviews(): string;
  /** 'No clear weakness in your 4 reviewed games: keep going at your level.' */
  noWeakness(games: number): string;
}

const reviewedGames = (games: number) => `${games} reviewed game${games === 1 ? '' : 's'}`;

export const ENGLISH_PLAN_WORDS: PlanWords = {
  level: (rating, band) => `Your rating of ${rating} puts you at the ${BAND_LABELS[band]} level, so ${band} lessons come first.`,
  blunders: (games, percent) => `In your ${reviewedGames(games)}, ${percent}% of your moves were blunders: checking for loose pieces before each move will help most.`,
  missed: (motif, count, games) => `You missed ${count} ${MOTIF_NAMES[motif]} in your ${reviewedGames(games)}.`,
  weakPhase: (phase, accuracy) => `Your ${phase} accuracy is ${accuracy}%, so ${phase} lessons move up.`,
  noReviews: () => 'Play a game and review it: we will find what you most need to practise and move those lessons up.',
  noWeakness: (games) => `No clear weakness in your ${reviewedGames(games)}: keep going at your level.`,
};

/** The user's weaknesses, most important first, each with the sentence that explains it. */
export function findWeaknesses(profile: WeaknessProfile, words: PlanWords = ENGLISH_PLAN_WORDS): Weakness[] {
  const games = profile.gamesAnalyzed;
  if (games === 0) return [];
  const out: Weakness[] = [];
  if (profile.blunderRate > BLUNDER_RATE_WEAKNESS) {
    out.push({ skills: ['blunder-check', 'tactics'], reason: words.blunders(games, Math.round(profile.blunderRate * 100)) });
  }
  const motifs = (Object.entries(profile.missedTactics) as [TacticMotif, number][])
    .filter(([, count]) => count >= MISSED_MOTIF_WEAKNESS)
    .sort((a, b) => b[1] - a[1]);
  for (const [motif, count] of motifs) {
    out.push({ skills: MOTIF_SKILLS[motif], reason: words.missed(motif, count, games) });
  }
  const phases = GAME_PHASES
    .map((phase) => ({ phase, accuracy: profile.phaseAccuracy[phase] }))
    .filter((p): p is { phase: GamePhase; accuracy: number } => p.accuracy !== null && p.accuracy < PHASE_ACCURACY_WEAKNESS)
    .sort((a, b) => a.accuracy - b.accuracy);
  for (const { phase, accuracy } of phases) {
    const skills: LessonSkill[] = phase === 'opening' ? ['opening'] : phase === 'endgame' ? ['endgame', 'pawn-endgame', 'rook-endgame'] : ['tactics', 'strategy'];
    out.push({ skills, reason: words.weakPhase(phase, Math.round(accuracy)) });
  }
  return out;
}

export interface LessonPlan<L extends PlannableLesson> {
  band: Difficulty;
  ordered: L[];
  /** The 'Why these lessons?' card, one sentence per line. */
  reasons: string[];
  /** The two-stage learning path: the current stage is Active, the next Locked. */
  stages: { current: { band: Difficulty; label: string }; next: { band: Difficulty; label: string } | null };
}

export function lessonScore(lesson: PlannableLesson, band: Difficulty, weaknesses: readonly Weakness[]): number {
  const distance = LEVELS.indexOf(lesson.difficulty) - LEVELS.indexOf(band);
  let score = distance === 0 ? LEVEL_FIT_SCORE.same : distance === -1 ? LEVEL_FIT_SCORE.below : distance === 1 ? LEVEL_FIT_SCORE.above : LEVEL_FIT_SCORE.far;
  const skills = new Set(lesson.skills ?? []);
  for (const weakness of weaknesses) if (weakness.skills.some((skill) => skills.has(skill))) score += WEAKNESS_SCORE;
  return score;
}

export function planLessons<L extends PlannableLesson>(
  lessons: readonly L[],
  user: { eloRating: number; weaknesses: WeaknessProfile; completedLessonIds?: readonly number[] },
  words: PlanWords = ENGLISH_PLAN_WORDS,
): LessonPlan<L> {
  const band = ratingBand(user.eloRating);
  const weaknesses = findWeaknesses(user.weaknesses, words);
  const done = new Set(user.completedLessonIds ?? []);
  const isDone = (lesson: L) => lesson.completed || done.has(lesson.id);
  const byOrder = [...lessons].sort((a, b) => a.order - b.order || a.id - b.id);
  const open = byOrder
    .filter((lesson) => !isDone(lesson))
    .map((lesson, index) => ({ lesson, index, score: lessonScore(lesson, band, weaknesses) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.lesson);
  const ordered = [...open, ...byOrder.filter(isDone)];

  const reasons = [words.level(user.eloRating, band)];
  for (const weakness of weaknesses.slice(0, 3)) reasons.push(weakness.reason);
  if (user.weaknesses.gamesAnalyzed === 0) reasons.push(words.noReviews());
  else if (weaknesses.length === 0) reasons.push(words.noWeakness(user.weaknesses.gamesAnalyzed));
  const next = LEVELS[LEVELS.indexOf(band) + 1];
  return {
    band,
    ordered,
    reasons,
    stages: { current: { band, label: BAND_LABELS[band] }, next: next === undefined ? null : { band: next, label: BAND_LABELS[next] } },
  };
}
