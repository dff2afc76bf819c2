import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { useNavigate } from 'react-router';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { parseFen, parseSquare, playMove, speakMove, type Move, type Square } from '../../../domain';
import { ASSESSMENT_ADVANCE_MS, type OnboardingPuzzle } from '../../../schema';
import { useToast, type ToastMessage } from '../../shared/components/Toast';
import { writeRecord } from '../../shared/db';
import { chessWords } from '../../shared/i18n/chess-words';
import { assessmentProgressRecord, type AssessmentProgress } from './assessment-record';
import { getSpeech } from '../speech';
import { finishAssessment, recordAttempt, type PuzzleAttempt } from './assessment';
import { assessmentVerdictText, type AssessmentVerdict } from './assessment-verdict';

export type PuzzleStatus = 'solving' | 'solved' | 'revealed';
type Tried = { from: string; to: string }[];
type Toast = (toast: ToastMessage) => void;

/** Completes the assessment once (a second tap while it is on its way does nothing), then goes home. */
function useCompletion(userId: number | null, attempts: MutableRefObject<PuzzleAttempt[]>, toast: Toast, i18n: I18n) {
  const navigate = useNavigate();
  const finishing = useRef(false);
  return async () => {
    if (userId === null || finishing.current) return;
    finishing.current = true;
    try {
      const rating = await finishAssessment(userId, attempts.current);
      await writeRecord(assessmentProgressRecord, null);
      toast({ title: i18n._(msg`Assessment Complete!`), description: i18n._(msg`Your starting Elo rating is ${rating}.`), variant: 'success' });
      void navigate('/', { replace: true });
    } catch (error) {
      console.error('Completing onboarding failed.', error);
      finishing.current = false;
      toast({ title: i18n._(msg`Error`), description: i18n._(msg`Failed to complete onboarding`), variant: 'destructive' });
    }
  };
}

/** The puzzle shown, its position and status, the attempts so far, and the place kept on this device. */
export function useAssessment(puzzles: OnboardingPuzzle[], userId: number | null, saved: AssessmentProgress | null) {
  const toast = useToast();
  const { i18n } = useLingui();
  const [index, setIndex] = useState(saved?.index ?? 0);
  const [fen, setFen] = useState<string | null>(null);
  const [status, setStatus] = useState<PuzzleStatus>('solving');
  const [lastMove, setLastMove] = useState<{ from: Square; to: Square } | null>(null);
  // The last try's verdict for the move log, a new id each time so a repeated one is heard again.
  const [verdict, setVerdict] = useState<{ id: number; text: string } | null>(null);
  const say = (said: AssessmentVerdict) => setVerdict((current) => ({ id: (current?.id ?? 0) + 1, text: assessmentVerdictText(said, i18n) }));
  const attempts = useRef<PuzzleAttempt[]>(
    (saved?.attempts ?? []).flatMap(({ puzzleId, ...rest }) => {
      const found = puzzles.find((p) => p.id === puzzleId);
      return found ? [{ puzzle: found, ...rest }] : [];
    }),
  );
  const tried = useRef<Tried>([]);
  const resumeTried = useRef(saved?.tried ?? []);
  const startedAt = useRef(Date.now() - (saved?.spent ?? 0) * 1000);
  const complete = useCompletion(userId, attempts, toast, i18n);

  /** Keeps the place on this device: the puzzle, the attempts and the moves tried on it. */
  const save = (at: number, triedHere: Tried = tried.current) => {
    if (userId === null) return;
    void writeRecord(assessmentProgressRecord, {
      userId,
      puzzleIds: puzzles.map((p) => p.id),
      index: at,
      attempts: attempts.current.map(({ puzzle: p, ...rest }) => ({ puzzleId: p.id, ...rest })),
      tried: at === index ? [...triedHere] : [],
      spent: at === index ? Math.max(0, (Date.now() - startedAt.current) / 1000) : 0,
    });
  };

  const goTo = (next: number) => {
    if (next >= puzzles.length) {
      void complete();
      return;
    }
    save(next);
    setVerdict(null); // a new puzzle starts with nothing to say
    setIndex(next);
  };

  return { puzzles, userId, toast, i18n, index, fen, setFen, status, setStatus, lastMove, setLastMove, verdict, say, attempts, tried, resumeTried, startedAt, save, complete, goTo };
}

export type AssessmentState = ReturnType<typeof useAssessment>;

/** A new puzzle: its position (an invalid one is skipped), a fresh timer and attempt. */
export function usePuzzleShown(a: AssessmentState) {
  const puzzle = a.puzzles[a.index];
  useEffect(() => {
    if (!puzzle) return;
    const game = parseFen(puzzle.fen);
    if (!game.ok || puzzle.solution.length === 0) {
      a.toast({ title: a.i18n._(msg`Puzzle Error`), description: a.i18n._(msg`This puzzle has an invalid position. Skipping to next puzzle.`), variant: 'destructive' });
      a.goTo(a.index + 1);
      return;
    }
    a.setFen(puzzle.fen);
    a.setStatus('solving');
    a.setLastMove(null);
    // The first puzzle shown after a reload keeps the moves and the time it had.
    a.tried.current = a.resumeTried.current;
    a.resumeTried.current = [];
    if (a.tried.current.length === 0) a.startedAt.current = Date.now();
  }, [a.index]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** A correct move advances after 1.5 s. */
export function useAdvanceWhenSolved(a: AssessmentState) {
  useEffect(() => {
    if (a.status !== 'solved') return;
    const timer = window.setTimeout(() => a.goTo(a.index + 1), ASSESSMENT_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [a.status, a.index]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** The assessment with a puzzle on the board: what its moves and buttons read. */
export interface OnBoard extends AssessmentState {
  puzzle: OnboardingPuzzle;
  answer: { from: string; to: string };
  fen: string;
}

function record(a: OnBoard, solved: boolean) {
  const { puzzle, index, tried } = a;
  const attempt: PuzzleAttempt = { puzzle, solved, timeSpent: (Date.now() - a.startedAt.current) / 1000, attemptedMoves: [...tried.current] };
  a.attempts.current = [...a.attempts.current.filter((each) => each.puzzle.id !== puzzle.id), attempt];
  // A reload now goes on to the next puzzle; on the last, the answer counts as tried (no retry for credit).
  if (index + 1 < a.puzzles.length) a.save(index + 1);
  else a.save(index, [...tried.current, a.answer]);
  if (a.userId !== null) {
    recordAttempt(a.userId, attempt).catch((error: unknown) => {
      console.error('Recording the attempt failed.', error);
      a.toast({ title: a.i18n._(msg`Error`), description: a.i18n._(msg`Failed to record attempt`), variant: 'destructive' });
    });
  }
}

/** Plays a move on the shown position, a pawn reaching the last rank becoming a queen. */
function play(fen: string, from: string, to: string): { fen: string; move: Move } | null {
  const game = parseFen(fen);
  if (!game.ok) return null;
  const square = parseSquare(from);
  const promotion = /^[18]$/.test(to[1] ?? '') && square !== null && game.value.get(square)?.type === 'p' ? 'q' : undefined;
  const played = playMove(game.value, promotion ? { from, to, promotion } : { from, to });
  return played.ok ? { fen: game.value.fen(), move: played.value } : null;
}

export function onMove(a: OnBoard, from: Square, to: Square) {
  const { answer } = a;
  if (a.status !== 'solving') return;
  a.tried.current.push({ from, to });
  if (from === answer.from && to === answer.to) {
    const next = play(a.fen, from, to);
    if (next) a.setFen(next.fen);
    a.setLastMove({ from, to });
    a.setStatus('solved');
    a.say({ kind: 'solved' });
    // Solved only at the first try: after a wrong move the hint named the answer (domain rule).
    record(a, a.tried.current.length === 1);
    a.toast({ title: a.i18n._(msg`Correct!`), description: a.i18n._(msg`Well done! Moving to next puzzle.`), variant: 'success' });
    return;
  }
  const { from: answerFrom, to: answerTo } = answer;
  const hint = a.i18n._(msg`Try moving the piece on ${answerFrom} to ${answerTo}.`);
  const wrong = play(a.fen, from, to);
  a.say({ kind: 'wrong', move: wrong ? speakMove(wrong.move, chessWords(a.i18n)) : a.i18n._(msg`${from} to ${to}`) });
  a.save(a.index);
  a.toast({ title: a.i18n._(msg`Not quite right`), description: hint });
  getSpeech().speak(a.i18n._(msg`Not quite right. ${hint}`), { hint: true });
}

export function reset(a: OnBoard) {
  const game = parseFen(a.puzzle.fen);
  if (!game.ok) {
    a.toast({ title: a.i18n._(msg`Error`), description: a.i18n._(msg`Unable to reset puzzle`), variant: 'destructive' });
    return;
  }
  a.setFen(a.puzzle.fen);
  a.setStatus('solving');
  a.setLastMove(null);
  a.startedAt.current = Date.now();
  a.toast({ title: a.i18n._(msg`Puzzle Reset`) });
}

export function showSolution(a: OnBoard) {
  const { answer } = a;
  const next = play(a.fen, answer.from, answer.to);
  if (!next) {
    a.toast({ title: a.i18n._(msg`Error`), description: a.i18n._(msg`Unable to show solution - invalid move data`), variant: 'destructive' });
    return;
  }
  a.setFen(next.fen);
  const from = parseSquare(answer.from);
  const to = parseSquare(answer.to);
  a.setLastMove(from !== null && to !== null ? { from, to } : null);
  a.setStatus('revealed');
  a.say({ kind: 'shown' });
  record(a, false);
  a.toast({ title: a.i18n._(msg`Solution Shown`) });
}
