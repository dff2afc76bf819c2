import type { Dispatch, SetStateAction } from 'react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { hintFor } from '../../../domain/coach';
import { parseUci, type Notation, type PromotionPiece, type Square } from '../../../domain';
import { coachText } from '../../shared/i18n/coach-words';
import { judgeMove, positionAfter } from '../../../domain/puzzles/solution';
import type { AuthUser, PuzzleTheme, TrainerPuzzle } from '../../../schema';
import type { ToastMessage } from '../../shared/components/Toast';
import { recordOwnAttempt, recordTrainerAttempt, type ReviewItem } from './puzzles';
import { REPLY_DELAY_MS, type Choice, type Current, type PuzzleBoard, type Streak } from './useTrainer';

/** Everything the trainer's buttons and board moves read and set, gathered each render. */
export interface TrainerContext extends PuzzleBoard {
  user: AuthUser;
  current: Current | null;
  streak: Streak | null;
  setStreak: Dispatch<SetStateAction<Streak | null>>;
  start: (choice: Choice) => Promise<void>;
  theme: PuzzleTheme;
  reviews: ReviewItem[] | undefined;
  toast: (toast: ToastMessage) => void;
  /** The app's language, for the toasts and the hint. */
  i18n: I18n;
  /** How the learner writes moves, for the coach's words. */
  notation: Notation;
}

export const sideToMove = (fen: string) => (fen.split(' ')[1] === 'b' ? 'Black' : 'White');
const mateIn = (puzzle: TrainerPuzzle) => (puzzle.themes.includes('mateIn1') ? 1 : puzzle.themes.includes('mateIn2') ? 2 : puzzle.themes.includes('mateIn3') ? 3 : null);

/** The coach's words on the solver's move at `index` of the solution (the hint card's explanation, domain/coach), in the app's language. */
function coachHint({ i18n, notation }: TrainerContext, puzzle: TrainerPuzzle, index: number): { nudge: string; text: string } | null {
  const game = positionAfter(puzzle, index);
  const move = puzzle.moves[index];
  if (game === null || move === undefined) return null;
  try {
    const hint = hintFor(game.fen(), move, index === 1 ? mateIn(puzzle) : null, puzzle.moves.slice(index));
    return { nudge: coachText(i18n, hint.nudgeWords, hint.nudge, notation), text: coachText(i18n, hint.textWords, hint.text, notation) };
  } catch {
    return null;
  }
}

/** Records the attempt once: the explanation shows, the rating change and the streak follow the server's verdict. */
async function finish(t: TrainerContext, solvedOnBoard: boolean) {
  const { current, user } = t;
  if (current === null || t.flags.current.recorded) return;
  t.flags.current.recorded = true;
  const f = t.flags.current;
  const words = coachHint(t, current.puzzle, 1);
  t.setExplanation(current.own ? current.own.explanation : (words?.text ?? null));
  if (current.mode === 'own') {
    await recordOwnAttempt(user.id, current.own!, solvedOnBoard && !f.wrong && !f.hint && !f.solution);
    return;
  }
  t.setRecording(true);
  try {
    const result = await recordTrainerAttempt(user, current.puzzle, current.mode, {
      solved: solvedOnBoard && !f.wrong,
      moves: f.moves,
      hintUsed: f.hint,
      solutionShown: f.solution,
      timeSpent: (Date.now() - f.startedAt) / 1000,
      streakStart: current.streakStart,
    });
    if (result.rated) t.setChange(result.ratingAfter - result.ratingBefore);
    if (current.mode === 'streak') {
      if (result.solved) t.setStreak((s) => (s ? { ...s, index: s.index + 1 } : s));
      else t.setStreak((s) => (s ? { ...s, over: true } : s));
    }
  } finally {
    t.setRecording(false);
  }
}

/** A wrong move: noted once, and the end of a streak. */
function wrongMove(t: TrainerContext, current: Current, uci: string) {
  if (!t.flags.current.wrong) t.flags.current.moves.push(uci);
  t.flags.current.wrong = true;
  const { i18n } = t;
  t.toast({ title: i18n._(msg`Not quite right`), description: i18n._(current.mode === 'streak' ? msg`That ends the streak.` : msg`Try another move.`) });
  if (current.mode === 'streak') {
    t.setStatus('failed');
    void finish(t, false);
  }
}

/** The solver's move on the board: judged against the solution, then the opponent's reply or the end. */
export function onMove(t: TrainerContext, from: Square, to: Square, promotion?: PromotionPiece) {
  const { current, status, fen, index } = t;
  if (current === null || status !== 'solving') return;
  const board = positionAfter({ fen, moves: [] }, 0);
  const piece = board?.get(from);
  // A move on the board promotes to a queen; a typed one to the piece it names.
  const uci = `${from}${to}${piece?.type === 'p' && /[18]$/.test(to) ? (promotion ?? 'q') : ''}`;
  const verdict = judgeMove(current.puzzle, index, uci);
  if (verdict === 'wrong') return wrongMove(t, current, uci);
  if (!t.flags.current.wrong) t.flags.current.moves.push(uci);
  t.setHint(null);
  const afterGame = verdict === 'mate' ? positionAfter({ fen, moves: [uci] }, 1) : positionAfter(current.puzzle, index + 1);
  if (afterGame) t.setFen(afterGame.fen());
  t.setLastMove({ from, to });
  const done = verdict === 'mate' || index + 1 >= current.puzzle.moves.length;
  if (done) {
    const clean = !t.flags.current.wrong && !t.flags.current.hint;
    t.setStatus(clean ? 'solved' : 'failed');
    const { i18n } = t;
    t.toast(
      clean
        ? { title: i18n._(msg`Correct!`), description: i18n._(msg`Well done!`), variant: 'success' }
        : { title: i18n._(msg`Solved`), description: i18n._(msg`Solved with help: it counts as a miss and comes back for review.`) },
    );
    void finish(t, true);
    return;
  }
  // The opponent's reply.
  const replyIndex = index + 1;
  t.setIndex(replyIndex + 1);
  window.setTimeout(() => {
    const replied = positionAfter(current.puzzle, replyIndex + 1);
    const reply = parseUci(current.puzzle.moves[replyIndex] ?? '');
    if (replied && reply) {
      t.setFen(replied.fen());
      t.setLastMove({ from: reply.from, to: reply.to });
    }
  }, REPLY_DELAY_MS);
}

export function showHint(t: TrainerContext) {
  const { current, index } = t;
  if (current === null || t.status !== 'solving') return;
  t.flags.current.hint = true;
  const words = current.own && index === 1 ? null : coachHint(t, current.puzzle, index);
  const move = parseUci(current.puzzle.moves[index] ?? '');
  const square = move?.from;
  t.setHint(words?.nudge ?? (square ? t.i18n._(msg`Look at the piece on ${square}.`) : null));
}

export function showSolution(t: TrainerContext) {
  const { current } = t;
  if (current === null || t.status !== 'solving') return;
  t.flags.current.solution = true;
  const rest = current.puzzle.moves.length;
  const game = positionAfter(current.puzzle, rest);
  const move = parseUci(current.puzzle.moves[rest - 1] ?? '');
  if (game) t.setFen(game.fen());
  if (move) t.setLastMove({ from: move.from, to: move.to });
  t.setIndex(rest);
  t.setStatus('failed');
  t.toast({ title: t.i18n._(msg`Solution Shown`) });
  void finish(t, false);
}

/** Next puzzle: the one left unsolved counts as shown, then the next of the same kind. */
export async function next(t: TrainerContext) {
  const { current, streak, start } = t;
  if (current && !t.flags.current.recorded && t.status === 'solving') {
    t.flags.current.solution = true;
    await finish(t, false);
  }
  if (current?.mode === 'streak' && streak && !streak.over) void start({ kind: 'streak' });
  else if (current?.mode === 'theme') void start({ kind: 'theme', theme: t.theme });
  else if (current?.mode === 'review' || current?.mode === 'own') {
    const skip = current.reviewItem ?? undefined;
    void start(t.reviews?.some((r) => r.itemId !== skip) ? { kind: 'review', skip } : { kind: 'rated' });
  }
  else void start({ kind: 'rated' });
}
