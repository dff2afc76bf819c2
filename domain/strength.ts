/**
 * How the computer plays at each difficulty: the search it asks of the engine and how it picks
 * among the candidate moves found. Pure maths, no side effects; randomness is injected so a
 * seeded generator makes every choice reproducible. Design and evidence: docs/decisions.md,
 * "Engine strength levels".
 */
import type { Difficulty } from '../schema';
import { winPercent, type EngineScore } from './winning';

export interface StrengthLevel {
  /** Search depth cap (UCI `go depth`). */
  depth: number;
  /** Candidate moves scored by the search (UCI MultiPV). */
  multiPv: number;
  /** Time cap of the search (UCI `go movetime`): the engine answers with its best so far. */
  movetimeMs: number;
  /**
   * Softmax temperature in Win% points: a candidate that is `temperature` points worse than the
   * best is e (2.72) times less likely. 0 always plays the best candidate.
   */
  temperature: number;
  /** Chance, per move, of choosing only among the candidates that lose `blunderMinLoss` or more. */
  blunderChance: number;
  /** Win% points below the best candidate from which a move counts as a blunder. */
  blunderMinLoss: number;
  /**
   * Chance of playing the nearest mate when the search found one. Needed because Win% saturates:
   * far ahead, a mate in 1 and a quiet move differ by a point or two, so the softmax alone would
   * shuffle instead of mating.
   */
  mateChance: number;
}

export const STRENGTH_LEVELS: Readonly<Record<Difficulty, StrengthLevel>> = {
  beginner: {
    depth: 5,
    multiPv: 30,
    movetimeMs: 500,
    temperature: 12,
    blunderChance: 0.15,
    blunderMinLoss: 15,
    mateChance: 0.5,
  },
  intermediate: {
    depth: 10,
    multiPv: 4,
    movetimeMs: 1000,
    temperature: 3,
    blunderChance: 0,
    blunderMinLoss: 15,
    mateChance: 1,
  },
  advanced: {
    depth: 18,
    multiPv: 1,
    movetimeMs: 1000,
    temperature: 0,
    blunderChance: 0,
    blunderMinLoss: 15,
    mateChance: 1,
  },
};

/** A move the engine scored, from the side to move's point of view. */
export interface Candidate {
  move: string;
  score: EngineScore;
}

/** A number in [0, 1), like Math.random. */
export type RandomSource = () => number;

/**
 * Relative chances of each candidate: exp((Win% - best Win%) / temperature), so the best has
 * weight 1. With temperature 0 only the first best candidate has weight 1: candidates come in
 * the engine's order, and Win% cannot tell a mate in 2 from a mate in 9 (both are the clamp),
 * so on a tie the engine's own preference decides.
 */
export function candidateWeights(winPercents: readonly number[], temperature: number): number[] {
  const best = Math.max(...winPercents);
  if (temperature <= 0) {
    const first = winPercents.indexOf(best);
    return winPercents.map((_, i) => (i === first ? 1 : 0));
  }
  return winPercents.map((w) => Math.exp((w - best) / temperature));
}

/** Index drawn with probability proportional to its weight (weights need not sum to 1). */
export function weightedIndex(weights: readonly number[], random: RandomSource): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let threshold = random() * total;
  for (let i = 0; i < weights.length; i++) {
    threshold -= weights[i]!;
    if (threshold < 0) return i;
  }
  // Only reached through rounding when random() is just below 1: the last weighted candidate.
  let last = weights.length - 1;
  while (last > 0 && weights[last]! <= 0) last--;
  return last;
}

/**
 * The exact chance of each candidate being played at a level (they sum to 1). With
 * `blunderChance` the choice is made only among the blunders (when there are any); otherwise
 * among all candidates. Within either group the nearest mate gets `mateChance` when the group
 * has a mate, and the softmax over Win% shares out the rest.
 */
export function candidateChances(candidates: readonly Candidate[], level: StrengthLevel): number[] {
  const wins = candidates.map((c) => winPercent(c.score));
  const best = Math.max(...wins);
  const all = candidates.map((_, i) => i);
  const blunders = all.filter((i) => best - wins[i]! >= level.blunderMinLoss);
  const chances = candidates.map(() => 0);
  const share = (group: number[], mass: number) => {
    const mates = group.filter((i) => isMateFor(candidates[i]!.score));
    let rest = mass;
    if (mates.length > 0) {
      const nearest = mates.reduce((a, b) => (candidates[b]!.score.value < candidates[a]!.score.value ? b : a));
      chances[nearest]! += mass * level.mateChance;
      rest = mass * (1 - level.mateChance);
    }
    const weights = candidateWeights(group.map((i) => wins[i]!), level.temperature);
    const total = weights.reduce((sum, w) => sum + w, 0);
    group.forEach((i, k) => (chances[i]! += (rest * weights[k]!) / total));
  };
  if (blunders.length > 0 && level.blunderChance > 0) {
    share(blunders, level.blunderChance);
    share(all, 1 - level.blunderChance);
  } else {
    share(all, 1);
  }
  return chances;
}

const isMateFor = (score: EngineScore) => score.kind === 'mate' && score.value > 0;

/** The candidate the computer plays at a level (one draw of random()), or null when there is none. */
export function chooseCandidate<C extends Candidate>(
  candidates: readonly C[],
  level: StrengthLevel,
  random: RandomSource,
): C | null {
  if (candidates.length === 0) return null;
  return candidates[weightedIndex(candidateChances(candidates, level), random)]!;
}

/** A small seeded generator (mulberry32) for reproducible games in tests and the bench. */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
