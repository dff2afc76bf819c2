import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { parseFen, parseSquare, playMove, type Square } from '../../../domain';
import { ASSESSMENT_ADVANCE_MS, puzzleTagLabel, type OnboardingPuzzle } from '../../../schema';
import { ReviewBoard } from '../../shared/components/ReviewBoard';
import { LoadError } from '../../shared/components/LoadError';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { useToast } from '../../shared/components/Toast';
import { finishAssessment, recordAttempt, usePuzzles, type PuzzleAttempt } from './assessment';
import { useAuth } from '../auth';
import { readRecord, writeRecord } from '../../shared/db';
import { assessmentProgressRecord, type AssessmentProgress } from './assessment-record';
import { getSpeech } from '../speech';
import './onboarding.css';

type PuzzleStatus = 'solving' | 'solved' | 'revealed';

/**
 * The skill assessment (accounts spec sections 2 and 4): the puzzles in order; a correct first
 * move advances after 1.5 s; Show Solution locks the board and offers Next Puzzle or Complete
 * Assessment; every attempt and the completion go through the outbox.
 */
export default function OnboardingScreen() {
  const puzzles = usePuzzles();
  if (puzzles.status === 'loading') return <PageSkeleton />;
  if (puzzles.status !== 'ready') {
    return (
      <main id="main" className="page assessment">
        <h1>Skill Assessment</h1>
        <LoadError message="The puzzles could not be loaded. Check the connection and try again." onRetry={puzzles.reload} />
      </main>
    );
  }
  return <Resumed puzzles={puzzles.value} />;
}

/** The same user's assessment of the same puzzles, as saved on this device (null: start afresh). */
function savedFor(saved: AssessmentProgress | null, userId: number | null, puzzles: OnboardingPuzzle[]): AssessmentProgress | null {
  if (saved === null || saved.userId !== userId || saved.index >= puzzles.length) return null;
  if (saved.puzzleIds.length !== puzzles.length || saved.puzzleIds.some((id, i) => puzzles[i]?.id !== id)) return null;
  return saved;
}

/** Reads where this user's assessment was (a reload does not go back to '1 of 10'), then shows it. */
function Resumed({ puzzles }: { puzzles: OnboardingPuzzle[] }) {
  const auth = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  const [saved, setSaved] = useState<{ value: AssessmentProgress | null } | null>(null);
  // Read once per user and puzzle list (the list is parsed afresh on every render).
  const latest = useRef(puzzles);
  latest.current = puzzles;
  const ids = puzzles.map((p) => p.id).join(',');
  useEffect(() => {
    let live = true;
    void readRecord(assessmentProgressRecord).then((value) => {
      if (live) setSaved({ value: savedFor(value, userId, latest.current) });
    });
    return () => {
      live = false;
    };
  }, [userId, ids]);
  if (saved === null) return <PageSkeleton />;
  return <Assessment puzzles={puzzles} userId={userId} saved={saved.value} />;
}

function Assessment({ puzzles, userId, saved }: { puzzles: OnboardingPuzzle[]; userId: number | null; saved: AssessmentProgress | null }) {
  const toast = useToast();
  const navigate = useNavigate();
  const [index, setIndex] = useState(saved?.index ?? 0);
  const [fen, setFen] = useState<string | null>(null);
  const [status, setStatus] = useState<PuzzleStatus>('solving');
  const [lastMove, setLastMove] = useState<{ from: Square; to: Square } | null>(null);
  const attempts = useRef<PuzzleAttempt[]>(
    (saved?.attempts ?? []).flatMap(({ puzzleId, ...rest }) => {
      const found = puzzles.find((p) => p.id === puzzleId);
      return found ? [{ puzzle: found, ...rest }] : [];
    }),
  );
  const tried = useRef<{ from: string; to: string }[]>([]);
  const resumeTried = useRef(saved?.tried ?? []);
  const startedAt = useRef(Date.now() - (saved?.spent ?? 0) * 1000);
  const finishing = useRef(false);
  const puzzle = puzzles[index];

  /** Keeps the place on this device: the puzzle, the attempts and the moves tried on it. */
  const save = (at: number, triedHere: { from: string; to: string }[] = tried.current) => {
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

  const complete = async () => {
    if (userId === null || finishing.current) return;
    finishing.current = true;
    try {
      const rating = await finishAssessment(userId, attempts.current);
      await writeRecord(assessmentProgressRecord, null);
      toast({ title: 'Assessment Complete!', description: `Your starting Elo rating is ${rating}.`, variant: 'success' });
      void navigate('/', { replace: true });
    } catch (error) {
      console.error('Completing onboarding failed.', error);
      finishing.current = false;
      toast({ title: 'Error', description: 'Failed to complete onboarding', variant: 'destructive' });
    }
  };

  const goTo = (next: number) => {
    if (next >= puzzles.length) {
      void complete();
      return;
    }
    save(next);
    setIndex(next);
  };

  // A new puzzle: its position (an invalid one is skipped), a fresh timer and attempt.
  useEffect(() => {
    if (!puzzle) return;
    const game = parseFen(puzzle.fen);
    if (!game.ok || puzzle.solution.length === 0) {
      toast({ title: 'Puzzle Error', description: 'This puzzle has an invalid position. Skipping to next puzzle.', variant: 'destructive' });
      goTo(index + 1);
      return;
    }
    setFen(puzzle.fen);
    setStatus('solving');
    setLastMove(null);
    // The first puzzle shown after a reload keeps the moves and the time it had.
    tried.current = resumeTried.current;
    resumeTried.current = [];
    if (tried.current.length === 0) startedAt.current = Date.now();
  }, [index]); // eslint-disable-line react-hooks/exhaustive-deps

  // A correct move advances after 1.5 s.
  useEffect(() => {
    if (status !== 'solved') return;
    const timer = window.setTimeout(() => goTo(index + 1), ASSESSMENT_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [status, index]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!puzzle || fen === null) return <PageSkeleton />;
  const answer = puzzle.solution[0]!;
  // The side the puzzle is for: it stays once the answer is on the board.
  const toMove = puzzle.fen.split(' ')[1] === 'b' ? 'Black to move' : 'White to move';

  const record = (solved: boolean) => {
    const attempt: PuzzleAttempt = { puzzle, solved, timeSpent: (Date.now() - startedAt.current) / 1000, attemptedMoves: [...tried.current] };
    attempts.current = [...attempts.current.filter((a) => a.puzzle.id !== puzzle.id), attempt];
    // A reload now goes on to the next puzzle; on the last, the answer counts as tried (no retry for credit).
    if (index + 1 < puzzles.length) save(index + 1);
    else save(index, [...tried.current, answer]);
    if (userId !== null) {
      recordAttempt(userId, attempt).catch((error: unknown) => {
        console.error('Recording the attempt failed.', error);
        toast({ title: 'Error', description: 'Failed to record attempt', variant: 'destructive' });
      });
    }
  };

  /** Plays a move on the shown position, a pawn reaching the last rank becoming a queen. */
  const play = (from: string, to: string): string | null => {
    const game = parseFen(fen);
    if (!game.ok) return null;
    const square = parseSquare(from);
    const promotion = /^[18]$/.test(to[1] ?? '') && square !== null && game.value.get(square)?.type === 'p' ? 'q' : undefined;
    const played = playMove(game.value, promotion ? { from, to, promotion } : { from, to });
    return played.ok ? game.value.fen() : null;
  };

  const onMove = (from: Square, to: Square) => {
    if (status !== 'solving') return;
    tried.current.push({ from, to });
    if (from === answer.from && to === answer.to) {
      const next = play(from, to);
      if (next) setFen(next);
      setLastMove({ from, to });
      setStatus('solved');
      // Solved only at the first try: after a wrong move the hint named the answer (domain rule).
      record(tried.current.length === 1);
      toast({ title: 'Correct!', description: 'Well done! Moving to next puzzle.', variant: 'success' });
      return;
    }
    const hint = `Try moving the piece on ${answer.from} to ${answer.to}.`;
    save(index);
    toast({ title: 'Not quite right', description: hint });
    getSpeech().speak(`Not quite right. ${hint}`, { hint: true });
  };

  const reset = () => {
    const game = parseFen(puzzle.fen);
    if (!game.ok) {
      toast({ title: 'Error', description: 'Unable to reset puzzle', variant: 'destructive' });
      return;
    }
    setFen(puzzle.fen);
    setStatus('solving');
    setLastMove(null);
    startedAt.current = Date.now();
    toast({ title: 'Puzzle Reset' });
  };

  const showSolution = () => {
    const next = play(answer.from, answer.to);
    if (!next) {
      toast({ title: 'Error', description: 'Unable to show solution - invalid move data', variant: 'destructive' });
      return;
    }
    setFen(next);
    const from = parseSquare(answer.from);
    const to = parseSquare(answer.to);
    setLastMove(from !== null && to !== null ? { from, to } : null);
    setStatus('revealed');
    record(false);
    toast({ title: 'Solution Shown' });
  };

  const last = index === puzzles.length - 1;
  return (
    <main id="main" className="page assessment">
      <h1>Skill Assessment</h1>
      <p className="page__lead">Solve these puzzles so we can find the right starting level for you.</p>
      <div className="assessment__progress">
        <span>{index + 1} of {puzzles.length}</span>
        <progress max={puzzles.length} value={index + 1} aria-label="Assessment progress" />
      </div>
      <section className="card assessment__puzzle" aria-labelledby="puzzle-title">
        <div className="assessment__head">
          <h2 id="puzzle-title">Puzzle {index + 1}</h2>
          <span className="badge">Rating {puzzle.rating}</span>
          <span className="badge badge--turn" data-testid="to-move">{toMove}</span>
        </div>
        {puzzle.description && <p>{puzzle.description}</p>}
        {puzzle.tags.length > 0 && (
          <p className="assessment__tags">
            {puzzle.tags.map((tag) => <span key={tag} className="badge badge--muted">{puzzleTagLabel(tag)}</span>)}
          </p>
        )}
        <div className="assessment__board">
          <ReviewBoard fen={fen} orientation={puzzle.fen.split(' ')[1] === 'b' ? 'b' : 'w'} highlight={lastMove} arrow={null} onMove={status === 'solving' ? onMove : undefined} />
        </div>
        <div className="assessment__actions">
          <button type="button" className="button" onClick={reset} disabled={status === 'solved'}>Reset</button>
          <button type="button" className="button" onClick={showSolution} disabled={status !== 'solving'}>Show Solution</button>
          {status === 'revealed' && (
            last ? (
              <button type="button" className="button button--primary" onClick={() => void complete()}>Complete Assessment</button>
            ) : (
              <button type="button" className="button button--primary" onClick={() => goTo(index + 1)}>Next Puzzle</button>
            )
          )}
        </div>
      </section>
    </main>
  );
}
