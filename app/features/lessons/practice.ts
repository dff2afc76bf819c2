/**
 * The rules of a lesson's interactive section (play spec section 4, "Lesson interactive
 * section"), kept apart from the screen so they are tested alone. Pure.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isPromotionMove, parseFen, playMove, type PromotionPiece, type Square } from '../../../domain';
import { explainLine, type LineIdea } from '../../../domain/coach/line';
import { LESSON_ATTEMPTS_SHOWN_OUT_OF, LESSON_HINT_AFTER_FAILURES, type InteractiveSectionContent } from '../../../schema';

export interface PracticeState {
  fen: string;
  /** Wrong moves tried since the last reset. */
  attempts: number;
  done: boolean;
  /** The move that solved it, for the board's highlight. */
  lastMove: { from: Square; to: Square } | null;
}

export const startPractice = (section: InteractiveSectionContent): PracticeState => ({ fen: section.fen, attempts: 0, done: false, lastMove: null });

/** A move is correct only when its from-plus-to string is listed (a promotion counts by squares). */
export function isCorrectMove(section: InteractiveSectionContent, from: string, to: string): boolean {
  return section.correctMoves.some((move) => move.slice(0, 4) === `${from}${to}`);
}

/**
 * The learner's move. A correct one is played and marks the section done; a wrong one is not
 * played (silently) and counts an attempt. A move after the section is done changes nothing.
 */
export function tryMove(state: PracticeState, section: InteractiveSectionContent, from: Square, to: Square): PracticeState {
  if (state.done) return state;
  if (!isCorrectMove(section, from, to)) return { ...state, attempts: state.attempts + 1 };
  const game = parseFen(state.fen);
  if (!game.ok) return state;
  const listed = section.correctMoves.find((move) => move.slice(0, 4) === `${from}${to}`);
  // A pawn reaching the last rank becomes the listed piece, or a queen.
  const promotion = isPromotionMove(game.value, from, to) ? ((listed?.[4] as PromotionPiece | undefined) ?? 'q') : undefined;
  const played = playMove(game.value, promotion ? { from, to, promotion } : { from, to });
  if (!played.ok) return { ...state, attempts: state.attempts + 1 };
  return { ...state, fen: game.value.fen(), done: true, lastMove: { from, to } };
}

/**
 * The opponent's reply after a solved exercise: a random legal move (the spec's), or null when
 * the game is over. `random` is in [0, 1).
 */
export function replyTo(state: PracticeState, random: number): PracticeState | null {
  const game = parseFen(state.fen);
  if (!game.ok) return null;
  const moves = game.value.moves({ verbose: true });
  if (moves.length === 0) return null;
  const move = moves[Math.min(moves.length - 1, Math.floor(random * moves.length))]!;
  const played = playMove(game.value, move.san);
  if (!played.ok) return null;
  return { ...state, fen: game.value.fen(), lastMove: { from: played.value.from, to: played.value.to } };
}

/** Hints show from the third failed attempt: once two had failed before it. */
export const hintVisible = (state: PracticeState): boolean => !state.done && state.attempts > LESSON_HINT_AFTER_FAILURES;

/** 'Attempts: n/3', shown once a hint is. */
export function attemptsText(state: PracticeState, i18n: I18n): string {
  const { attempts } = state;
  const outOf = LESSON_ATTEMPTS_SHOWN_OUT_OF;
  return i18n._(msg`Attempts: ${attempts}/${outOf}`);
}

/**
 * Which hint to show: the first, then the next ones as failures go on; once the written hints
 * are used up, the coach's explanation of the solution (domain/coach/line.ts, the same words as
 * the Play screen's hint: 'Nc7+ forks the king and rook...'), when it names an idea.
 */
export function hintFor(section: InteractiveSectionContent, state: PracticeState, say: (idea: LineIdea) => string = (idea) => idea.text): string {
  const step = Math.max(0, state.attempts - LESSON_HINT_AFTER_FAILURES - 1);
  if (step >= section.hints.length) {
    const idea = solutionIdea(section);
    if (idea !== null) return say(idea);
  }
  return section.hints[Math.min(section.hints.length - 1, step)] ?? '';
}

const ideas = new Map<string, LineIdea | null>();

/** The coach's idea of the section's first correct move (its phrases and English), or null when it names no tactic. */
export function solutionIdea(section: InteractiveSectionContent): LineIdea | null {
  const move = section.correctMoves[0];
  if (move === undefined) return null;
  const key = `${section.fen}|${move}`;
  if (!ideas.has(key)) ideas.set(key, explainLine(section.fen, [move], null));
  return ideas.get(key)!;
}

/** The share of interactive sections solved without a hint, in percent (completeLesson's score). */
export function lessonScore(solvedWithoutHint: number, interactive: number): number {
  return interactive === 0 ? 100 : Math.round((solvedWithoutHint / interactive) * 100);
}
