import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { parseUci } from '../../../domain';
import { positionAfter } from '../../../domain/puzzles/solution';
import { PUZZLE_THEMES, type AuthUser, type OwnPuzzle, type PuzzleMode, type PuzzleTheme, type TrainerPuzzle } from '../../../schema';
import { choosePuzzle, ownAsPuzzle, type PuzzleRequest, type ReviewItem } from './puzzles';
import { PUZZLE_THEME_NAMES } from './theme-names';

/** How long the puzzle's position shows before the opponent's first move is played (ms). */
export const OPPONENT_MOVE_DELAY_MS = 600;
/** The opponent's replies inside the solution. */
export const REPLY_DELAY_MS = 400;

export type Status = 'setup' | 'solving' | 'solved' | 'failed';

export interface Current {
  puzzle: TrainerPuzzle;
  mode: PuzzleMode | 'own';
  /** Shown in the app's language when it is rendered, so a change of language reaches it. */
  title: MessageDescriptor;
  own: OwnPuzzle | null;
  /** The review card's item, when it came from 'Review'. */
  reviewItem: string | null;
  streakStart: boolean;
  /** How long choosing and showing it took (ms), for the < 100 ms offline figure. */
  loadMs: number;
}

type Picked = Omit<Current, 'loadMs'>;

export type Choice = { kind: 'rated' } | { kind: 'theme'; theme: PuzzleTheme } | { kind: 'daily' } | { kind: 'streak' } | { kind: 'review'; skip?: string } | { kind: 'retry'; puzzle: TrainerPuzzle };

export interface Streak {
  index: number;
  used: string[];
  over: boolean;
}

/** What the attempt on the board has used so far, read when it is recorded. */
export interface Flags {
  wrong: boolean;
  hint: boolean;
  solution: boolean;
  moves: string[];
  startedAt: number;
  recorded: boolean;
}

/** The board's position, the solver's progress through the solution, and the words around it. */
export function usePuzzleBoard() {
  const [fen, setFen] = useState('');
  const [index, setIndex] = useState(0);
  const [status, setStatus] = useState<Status>('setup');
  const [lastMove, setLastMove] = useState<{ from: string; to: string } | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [explanation, setExplanation] = useState<string | null>(null);
  const [change, setChange] = useState<number | null>(null);
  // An attempt being recorded: the streak moves on only once it is, so Next puzzle waits for it.
  const [recording, setRecording] = useState(false);
  const flags = useRef<Flags>({ wrong: false, hint: false, solution: false, moves: [], startedAt: 0, recorded: false });

  /** A new puzzle on the board: its position before the opponent's first move, nothing used yet. */
  const reset = useCallback((puzzle: TrainerPuzzle) => {
    flags.current = { wrong: false, hint: false, solution: false, moves: [], startedAt: Date.now(), recorded: false };
    setFen(puzzle.fen);
    setIndex(0);
    setStatus('setup');
    setLastMove(null);
    setHint(null);
    setExplanation(null);
    setChange(null);
  }, []);

  const playFirstMove = useCallback((puzzle: TrainerPuzzle) => {
    const game = positionAfter(puzzle, 1);
    const move = parseUci(puzzle.moves[0] ?? '');
    if (game === null || move === null) return;
    setFen(game.fen());
    setLastMove({ from: move.from, to: move.to });
    setIndex(1);
    setStatus('solving');
  }, []);

  return { fen, setFen, index, setIndex, status, setStatus, lastMove, setLastMove, hint, setHint, explanation, setExplanation, change, setChange, recording, setRecording, flags, reset, playFirstMove };
}

export type PuzzleBoard = ReturnType<typeof usePuzzleBoard>;

/** A puzzle already at hand: one tried before, or the first review card due (but `skip`). */
function pickKept(choice: Extract<Choice, { kind: 'retry' | 'review' }>, reviews: ReviewItem[] | undefined, rating: number | undefined): Picked | null {
  if (choice.kind === 'retry') return { puzzle: choice.puzzle, mode: 'retry', title: msg`Try again`, own: null, reviewItem: null, streakStart: false };
  // The item just on the board is skipped: `reviews` may not show its new schedule yet.
  const item: ReviewItem | undefined = reviews?.find((r) => r.itemId !== choice.skip);
  if (item?.kind === 'own') return { puzzle: ownAsPuzzle(item.own, rating ?? 1200), mode: 'own', title: msg`Your mistake`, own: item.own, reviewItem: item.itemId, streakStart: false };
  if (item?.kind === 'puzzle') return { puzzle: item.puzzle, mode: 'review', title: msg`Review`, own: null, reviewItem: item.itemId, streakStart: false };
  return null;
}

/** A puzzle chosen from the pack in Dexie, with the streak it moves on (for a streak's puzzle). */
async function pickFromPack(user: AuthUser, choice: Exclude<Choice, { kind: 'retry' | 'review' }>, streak: Streak | null, showing: string | undefined): Promise<{ picked: Picked; streak: Streak | null } | null> {
  const streakNow = choice.kind === 'streak' ? (streak && !streak.over ? streak : { index: 0, used: [], over: false }) : null;
  const request: PuzzleRequest = choice.kind === 'theme' ? { mode: 'theme', theme: choice.theme } : choice.kind === 'streak' ? { mode: 'streak', index: streakNow!.index, used: streakNow!.used } : { mode: choice.kind };
  const puzzle = await choosePuzzle(user, request, showing);
  if (!puzzle) return null;
  const streakIndex = streakNow?.index ?? 0;
  const title = choice.kind === 'theme' ? PUZZLE_THEME_NAMES[choice.theme] : choice.kind === 'daily' ? msg`Today's puzzle` : choice.kind === 'streak' ? msg`Puzzle Streak: ${streakIndex}` : msg`Puzzle`;
  return {
    picked: { puzzle, mode: choice.kind, title, own: null, reviewItem: null, streakStart: choice.kind === 'streak' && streakNow!.index === 0 },
    streak: choice.kind === 'streak' ? { index: streakNow!.index, used: [...streakNow!.used, puzzle.id], over: false } : null,
  };
}

/** The puzzle on the board (or why there is none), the streak, and `start` to choose the next one. */
export function usePuzzleChooser(user: AuthUser | null, rating: number | undefined, reviews: ReviewItem[] | undefined, reset: PuzzleBoard['reset']) {
  const [current, setCurrent] = useState<Current | null>(null);
  const [empty, setEmpty] = useState<MessageDescriptor | null>(null);
  const [streak, setStreak] = useState<Streak | null>(null);

  const start = useCallback(
    async (choice: Choice) => {
      if (user === null) return;
      const began = performance.now();
      let picked: Picked | null;
      // Retry and review pick at once, without waiting, as they always have.
      if (choice.kind === 'retry' || choice.kind === 'review') picked = pickKept(choice, reviews, rating);
      else {
        const found = await pickFromPack(user, choice, streak, current?.puzzle.id);
        picked = found?.picked ?? null;
        if (found?.streak) setStreak(found.streak);
      }
      if (picked === null) {
        setCurrent(null);
        setEmpty(choice.kind === 'review' ? msg`Nothing to review right now.` : msg`No more puzzles here on this device. Connect to the internet to get more.`);
        return;
      }
      setEmpty(null);
      reset(picked.puzzle);
      setCurrent({ ...picked, loadMs: performance.now() - began });
    },
    [user, reviews, rating, streak, current?.puzzle.id, reset],
  );

  return { current, empty, streak, setStreak, start };
}

/** The first puzzle on arrival (the review, from Lessons' 'Start review'). */
export function useFirstPuzzle(user: AuthUser | null, reviews: ReviewItem[] | undefined, start: (choice: Choice) => Promise<void>) {
  const [params] = useSearchParams();
  const started = useRef(false);
  useEffect(() => {
    if (started.current || user === null || reviews === undefined) return;
    started.current = true;
    // Homework links here with ?theme= (issue 19): the puzzles of that theme.
    const theme = PUZZLE_THEMES.find((each) => each === params.get('theme'));
    void start(params.get('review') === '1' && reviews.length > 0 ? { kind: 'review' } : theme !== undefined ? { kind: 'theme', theme } : { kind: 'rated' });
  }, [user, start, reviews, params]);
}

/** The opponent's first move, after a moment. */
export function useOpponentFirstMove(current: Current | null, status: Status, playFirstMove: PuzzleBoard['playFirstMove']) {
  useEffect(() => {
    if (current === null || status !== 'setup') return;
    const timer = window.setTimeout(() => playFirstMove(current.puzzle), OPPONENT_MOVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [current, status, playFirstMove]);
}
