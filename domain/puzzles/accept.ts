/**
 * When is the solver's move "the only one"? The generator's first gate while it cooks a line
 * (cook.ts) and the depth-10 check (verify.ts), from the engine's two best lines (MultiPV 2) at a
 * solver's step: a laxer variant of lichess-puzzler's is_valid_attack (a gap of 0.42 in our
 * clamped Win%, mates judged apart). Issue 30 made lichess-puzzler's published rule itself
 * (puzzler-rule.ts: a gap of 0.7) the judge every shipped and newly generated puzzle must pass,
 * at depth 14 (scripts/puzzles-check.ts). Pure, no engine.
 */
import type { PvLineLike } from '../coach/engine-port';
import { CP_CLAMP, winningChances, type EngineScore } from '../winning';

/**
 * The best move must beat the second by this much in winning chances (−1..+1): lichess-puzzler's
 * 0.42, about 21 Win% points (e.g. +3.0 against +0.5, or +1.5 against −1.0).
 */
export const ONLY_MOVE_GAP = 0.42;
/** The second move of a mate in 2 must score below this (lichess-puzzler's Cp(500)). */
export const MATE_IN_2_SECOND_MAX_CP = 500;
/** The second move of a longer mate must score below this (lichess-puzzler's Cp(300)). */
export const LONG_MATE_SECOND_MAX_CP = 300;
/**
 * A puzzle starts where the solver's best move at least holds (a forced mate, or not below 0.00)
 * and every other move falls ONLY_MOVE_GAP behind it. Lichess's set has such "equality"
 * puzzles (the only move that saves the game) beside the winning ones; the generator keeps
 * only decisive wins (isDecisive).
 */
export const START_MIN_CP = 0;
/** A decisive win: a forced mate, or at least +2.00 (Win% 67.6). */
export const DECISIVE_MIN_CP = 200;
/** Mates longer than this are not puzzles (lichess-puzzler's mate_soon, Mate(15)). */
export const MATE_SOON = 15;

export const scoreOf = (line: PvLineLike): EngineScore =>
  line.mate !== null ? { kind: 'mate', value: line.mate } : { kind: 'cp', value: line.scoreCp ?? 0 };

const cpOf = (line: PvLineLike): number =>
  line.mate !== null ? (line.mate > 0 ? CP_CLAMP : -CP_CLAMP) : (line.scoreCp ?? 0);

/** The side to move forces mate (in at most MATE_SOON moves) on this line. */
export const forcesMate = (line: PvLineLike | undefined): boolean =>
  line !== undefined && line.mate !== null && line.mate > 0 && line.mate <= MATE_SOON;

/**
 * The best line's first move is the only one, given the engine's best two lines (best first,
 * side to move's view). Any mate in one counts (a second mate in one does not spoil it); a
 * longer mate must leave the second move far from winning; otherwise the winning chances must
 * drop by ONLY_MOVE_GAP from the best move to the second. With one legal move there is no
 * second line and the move is trivially the only one (the caller decides if that is a puzzle).
 */
export function isOnlyMove(lines: readonly PvLineLike[]): boolean {
  const [best, second] = lines;
  if (!best?.pv[0]) return false;
  if (!second?.pv[0]) return true;
  if (best.mate !== null && best.mate > 0) {
    if (best.mate === 1) return true;
    if (second.mate !== null && second.mate > 0) return false;
    return cpOf(second) < (best.mate === 2 ? MATE_IN_2_SECOND_MAX_CP : LONG_MATE_SECOND_MAX_CP);
  }
  return winningChances(scoreOf(best)) > winningChances(scoreOf(second)) + ONLY_MOVE_GAP;
}

/** The position is a puzzle's start: the best move holds (mate soon, or at least 0.00) and is the only one. */
export function isPuzzleStart(lines: readonly PvLineLike[]): boolean {
  const [best, second] = lines;
  if (!best || !second) return false; // one legal move: nothing to find
  const wins = forcesMate(best) || (best.mate === null && (best.scoreCp ?? 0) >= START_MIN_CP);
  return wins && isOnlyMove(lines);
}

/** The best line wins decisively: a forced mate soon, or at least DECISIVE_MIN_CP. */
export const isDecisive = (lines: readonly PvLineLike[]): boolean =>
  forcesMate(lines[0]) || (lines[0]?.mate === null && (lines[0].scoreCp ?? 0) >= DECISIVE_MIN_CP);
