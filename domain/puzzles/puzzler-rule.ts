/**
 * lichess-puzzler's published acceptance rule (github.com/ornicar/lichess-puzzler,
 * generator/generator.py version 50: is_valid_attack, is_valid_mate_in_one, cook_mate and
 * cook_advantage; generator/util.py win_chances), re-expressed from its logic in our own terms
 * (no code copied). It is the independent judge of every shipped puzzle (scripts/puzzles-check.ts),
 * run at a deeper search than the generator's own; accept.ts is the generator's older, laxer gate.
 *
 * - Winning chances: 2 / (1 + e^(−0.00368208 · cp)) − 1 on the raw centipawns (no clamp); any
 *   mate for the side to move is +1, being mated −1.
 * - A solver move is "the only one" (is_valid_attack) when there is no second legal move, or the
 *   best line is a valid mate in one, or the best line's winning chances beat the second's by
 *   more than 0.7.
 * - A mate in one is valid when the second move's winning chances are at most 0.6; when the
 *   second move mates in one too, when the best move that does not mate at once is at most 0.6
 *   (or every line mates in one).
 * - A mating line: at every solver step the best line mates within 15 moves.
 * - An advantage line: at every solver step the best line is at least +2.00 (the puzzle is
 *   decisive), else the whole puzzle is rejected.
 * Pure: engine lines in, verdicts out.
 */
import type { PvLineLike } from '../coach/engine-port';

/** The best move's winning chances must beat the second's by more than this. */
export const PUZZLER_ONLY_MOVE_GAP = 0.7;
/** A mate in one is unique when the best non-mating move keeps at most these winning chances. */
export const PUZZLER_MATE_IN_ONE_OTHER_MAX = 0.6;
/** Every solver step of an advantage puzzle must keep at least this (Cp(200)). */
export const PUZZLER_ADVANTAGE_MIN_CP = 200;
/** Mates further than this are not puzzles (Mate(15)). */
export const PUZZLER_MATE_SOON = 15;

const MULTIPLIER = -0.00368208;

/** lichess-puzzler's win_chances: −1..+1 from the side to move's view; mates count ±1. */
export function puzzlerWinChances(line: Pick<PvLineLike, 'scoreCp' | 'mate'>): number {
  if (line.mate !== null) return line.mate > 0 ? 1 : -1;
  return 2 / (1 + Math.exp(MULTIPLIER * (line.scoreCp ?? 0))) - 1;
}

const isMateInOne = (line: PvLineLike | undefined): boolean => line?.mate === 1;

/**
 * The best line mates in one and no other move keeps much: `lines` are the MultiPV lines, best
 * first. When the second line mates in one as well the caller must have asked for one line more
 * than there are mates in one, so that the best non-mating move is among `lines`.
 */
export function isValidMateInOne(lines: readonly PvLineLike[]): boolean {
  const [best, second] = lines;
  if (!isMateInOne(best)) return false;
  if (!second || puzzlerWinChances(second) <= PUZZLER_MATE_IN_ONE_OTHER_MAX) return true;
  if (!isMateInOne(second)) return false;
  const last = lines.at(-1)!;
  if (isMateInOne(last)) return true; // every move given mates at once
  return puzzlerWinChances(last) <= PUZZLER_MATE_IN_ONE_OTHER_MAX;
}

/** is_valid_attack: the best line's first move is the only one (best line first). */
export function isValidAttack(lines: readonly PvLineLike[]): boolean {
  const [best, second] = lines;
  if (!best?.pv[0]) return false;
  if (!second?.pv[0]) return true;
  return isValidMateInOne(lines) || puzzlerWinChances(best) > puzzlerWinChances(second) + PUZZLER_ONLY_MOVE_GAP;
}

/** The lines need one more search (MultiPV `mates + 1`) to judge a mate in one that has rivals. */
export const needsMoreLines = (lines: readonly PvLineLike[]): boolean => isMateInOne(lines[0]) && isMateInOne(lines[1]) && isMateInOne(lines.at(-1));

/** One solver step of a shipped puzzle, as the check saw it. */
export interface PuzzlerStep {
  /** The engine's lines there, best first. */
  lines: readonly PvLineLike[];
  /** The puzzle's move at this step (UCI). */
  solution: string;
  /** The puzzle's move gives mate at once (any mating move is then as good as the engine's). */
  solutionMates: boolean;
}

export type PuzzlerVerdict = { ok: true } | { ok: false; step: number; reason: string };

/**
 * A whole puzzle under lichess-puzzler's rule: at each solver step the puzzle's move is the
 * engine's best (any mate where it mates at once) and the only one (isValidAttack); a mating
 * puzzle's best line mates within 15 at every step; an advantage puzzle is at least +2.00 at every
 * step when `decisive` (required of our generated puzzles; Lichess's own set also holds
 * "equality" puzzles, where the only move saves the game).
 */
export function judgePuzzle(steps: readonly PuzzlerStep[], options: { decisive: boolean }): PuzzlerVerdict {
  const mating = steps.at(-1)?.solutionMates ?? false;
  for (const [i, step] of steps.entries()) {
    const best = step.lines[0];
    if (!best?.pv[0]) return { ok: false, step: i, reason: 'no legal move' };
    if (!step.solutionMates && best.pv[0] !== step.solution) return { ok: false, step: i, reason: `engine prefers ${best.pv[0]} to ${step.solution}` };
    if (step.solutionMates && !isMateInOne(best)) return { ok: false, step: i, reason: 'the engine sees no mate in one' };
    if (!isValidAttack(step.lines)) {
      const second = isMateInOne(best) && isMateInOne(step.lines[1]) ? step.lines.at(-1)! : step.lines[1]!;
      return { ok: false, step: i, reason: `not unique: ${second.pv[0]} keeps ${describe(second)} against ${describe(best)}` };
    }
    if (mating && !(best.mate !== null && best.mate > 0 && best.mate <= PUZZLER_MATE_SOON)) return { ok: false, step: i, reason: `no mate within ${PUZZLER_MATE_SOON}: ${describe(best)}` };
    if (!mating && options.decisive && best.mate === null && (best.scoreCp ?? 0) < PUZZLER_ADVANTAGE_MIN_CP) return { ok: false, step: i, reason: `not decisive: ${describe(best)}` };
    if (!mating && best.mate !== null && best.mate < 0) return { ok: false, step: i, reason: `losing: ${describe(best)}` };
  }
  return { ok: true };
}

function describe(line: PvLineLike): string {
  if (line.mate !== null) return `mate ${line.mate}`;
  const cp = line.scoreCp ?? 0;
  return `${cp >= 0 ? '+' : ''}${(cp / 100).toFixed(2)}`;
}
