import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { hintFor } from '../../../domain/coach';
import { parseUci, type Square } from '../../../domain';
import { formatRatingChange, isProvisional, ratingLabel } from '../../../domain/puzzles/rating';
import { judgeMove, positionAfter } from '../../../domain/puzzles/solution';
import { PUZZLE_THEME_LABELS, PUZZLE_THEMES, type OwnPuzzle, type PuzzleMode, type PuzzleTheme, type TrainerPuzzle } from '../../../schema';
import { ReviewBoard } from '../../shared/components/ReviewBoard';
import { Icon } from '../../shared/components/Icon';
import { PageSkeleton } from '../../shared/components/Skeleton';
import { useToast } from '../../shared/components/Toast';
import { useAuth } from '../auth';
import {
  choosePuzzle,
  ownAsPuzzle,
  recordOwnAttempt,
  recordTrainerAttempt,
  refreshPack,
  useDueReviews,
  useLocalHistory,
  usePuzzleProfile,
  type PuzzleRequest,
  type ReviewItem,
} from './puzzles';
import './puzzles.css';

/** How long the puzzle's position shows before the opponent's first move is played (ms). */
export const OPPONENT_MOVE_DELAY_MS = 600;
/** The opponent's replies inside the solution. */
export const REPLY_DELAY_MS = 400;

type Status = 'setup' | 'solving' | 'solved' | 'failed';

interface Current {
  puzzle: TrainerPuzzle;
  mode: PuzzleMode | 'own';
  title: string;
  own: OwnPuzzle | null;
  /** The review card's item, when it came from 'Review'. */
  reviewItem: string | null;
  streakStart: boolean;
  /** How long choosing and showing it took (ms), for the < 100 ms offline figure. */
  loadMs: number;
}

type Choice = { kind: 'rated' } | { kind: 'theme'; theme: PuzzleTheme } | { kind: 'daily' } | { kind: 'streak' } | { kind: 'review'; skip?: string } | { kind: 'retry'; puzzle: TrainerPuzzle };

const sideToMove = (fen: string) => (fen.split(' ')[1] === 'b' ? 'Black' : 'White');
const mateIn = (puzzle: TrainerPuzzle) => (puzzle.themes.includes('mateIn1') ? 1 : puzzle.themes.includes('mateIn2') ? 2 : puzzle.themes.includes('mateIn3') ? 3 : null);

/** The coach's words on the solver's move at `index` of the solution (the hint card's explanation, domain/coach). */
function coachHint(puzzle: TrainerPuzzle, index: number): { nudge: string; text: string } | null {
  const game = positionAfter(puzzle, index);
  const move = puzzle.moves[index];
  if (game === null || move === undefined) return null;
  try {
    const hint = hintFor(game.fen(), move, index === 1 ? mateIn(puzzle) : null, puzzle.moves.slice(index));
    return { nudge: hint.nudge, text: hint.text };
  } catch {
    return null;
  }
}

/**
 * /puzzles: the puzzle trainer (issue 21). A puzzle at the student's puzzle rating (or of a
 * theme, the day's, the next of a Puzzle Streak, or a review), the opponent's first move played
 * after a moment, the student's moves checked against the solution, the opponent's replies,
 * a hint from the coach, Show Solution, Next puzzle; the history with Try again. Everything
 * runs from the pack kept in Dexie, so it works offline after one visit.
 */
export default function PuzzlesScreen() {
  const auth = useAuth();
  const user = auth.status === 'signedIn' ? auth.user : null;
  const profile = usePuzzleProfile(user);
  const [packState, setPackState] = useState<'loading' | 'ready'>('loading');

  useEffect(() => {
    if (user === null) return;
    let live = true;
    void refreshPack(user).finally(() => live && setPackState('ready'));
    return () => {
      live = false;
    };
  }, [user?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  if (user === null || profile === undefined || packState === 'loading') return <PageSkeleton />;
  return <Trainer />;
}

function Trainer() {
  const auth = useAuth();
  const user = auth.status === 'signedIn' ? auth.user : null;
  const profile = usePuzzleProfile(user);
  const reviews = useDueReviews(user?.id ?? null);
  const history = useLocalHistory(user?.id ?? null);
  const toast = useToast();
  const [current, setCurrent] = useState<Current | null>(null);
  const [empty, setEmpty] = useState<string | null>(null);
  const [theme, setTheme] = useState<PuzzleTheme>('fork');
  const [fen, setFen] = useState('');
  const [index, setIndex] = useState(0);
  const [status, setStatus] = useState<Status>('setup');
  const [lastMove, setLastMove] = useState<{ from: string; to: string } | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [explanation, setExplanation] = useState<string | null>(null);
  const [change, setChange] = useState<number | null>(null);
  const [streak, setStreak] = useState<{ index: number; used: string[]; over: boolean } | null>(null);
  // An attempt being recorded: the streak moves on only once it is, so Next puzzle waits for it.
  const [recording, setRecording] = useState(false);
  const flags = useRef({ wrong: false, hint: false, solution: false, moves: [] as string[], startedAt: 0, recorded: false });

  const start = useCallback(
    async (choice: Choice) => {
      if (user === null) return;
      const began = performance.now();
      let picked: Omit<Current, 'loadMs'> | null = null;
      if (choice.kind === 'retry') picked = { puzzle: choice.puzzle, mode: 'retry', title: 'Try again', own: null, reviewItem: null, streakStart: false };
      else if (choice.kind === 'review') {
        // The item just on the board is skipped: `reviews` may not show its new schedule yet.
        const item: ReviewItem | undefined = reviews?.find((r) => r.itemId !== choice.skip);
        if (item?.kind === 'own') picked = { puzzle: ownAsPuzzle(item.own, profile?.rating.rating ?? 1200), mode: 'own', title: 'Your mistake', own: item.own, reviewItem: item.itemId, streakStart: false };
        else if (item?.kind === 'puzzle') picked = { puzzle: item.puzzle, mode: 'review', title: 'Review', own: null, reviewItem: item.itemId, streakStart: false };
      } else {
        const streakNow = choice.kind === 'streak' ? (streak && !streak.over ? streak : { index: 0, used: [], over: false }) : null;
        const request: PuzzleRequest = choice.kind === 'theme' ? { mode: 'theme', theme: choice.theme } : choice.kind === 'streak' ? { mode: 'streak', index: streakNow!.index, used: streakNow!.used } : { mode: choice.kind };
        const puzzle = await choosePuzzle(user, request, current?.puzzle.id);
        if (puzzle) {
          const title = choice.kind === 'theme' ? PUZZLE_THEME_LABELS[choice.theme] : choice.kind === 'daily' ? "Today's puzzle" : choice.kind === 'streak' ? `Puzzle Streak: ${streakNow!.index}` : 'Puzzle';
          picked = { puzzle, mode: choice.kind, title, own: null, reviewItem: null, streakStart: choice.kind === 'streak' && streakNow!.index === 0 };
          if (choice.kind === 'streak') setStreak({ index: streakNow!.index, used: [...streakNow!.used, puzzle.id], over: false });
        }
      }
      if (picked === null) {
        setCurrent(null);
        setEmpty(choice.kind === 'review' ? 'Nothing to review right now.' : 'No more puzzles here on this device. Connect to the internet to get more.');
        return;
      }
      setEmpty(null);
      flags.current = { wrong: false, hint: false, solution: false, moves: [], startedAt: Date.now(), recorded: false };
      setFen(picked.puzzle.fen);
      setIndex(0);
      setStatus('setup');
      setLastMove(null);
      setHint(null);
      setExplanation(null);
      setChange(null);
      setCurrent({ ...picked, loadMs: performance.now() - began });
    },
    [user, reviews, profile?.rating.rating, streak, current?.puzzle.id],
  );

  // The first puzzle on arrival (the review, from Lessons' 'Start review').
  const [params] = useSearchParams();
  const started = useRef(false);
  useEffect(() => {
    if (started.current || user === null || reviews === undefined) return;
    started.current = true;
    // Homework links here with ?theme= (issue 19): the puzzles of that theme.
    const theme = PUZZLE_THEMES.find((each) => each === params.get('theme'));
    void start(params.get('review') === '1' && reviews.length > 0 ? { kind: 'review' } : theme !== undefined ? { kind: 'theme', theme } : { kind: 'rated' });
  }, [user, start, reviews, params]);

  // The opponent's first move, after a moment.
  useEffect(() => {
    if (current === null || status !== 'setup') return;
    const timer = window.setTimeout(() => {
      const game = positionAfter(current.puzzle, 1);
      const move = parseUci(current.puzzle.moves[0] ?? '');
      if (game === null || move === null) return;
      setFen(game.fen());
      setLastMove({ from: move.from, to: move.to });
      setIndex(1);
      setStatus('solving');
    }, OPPONENT_MOVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [current, status]);

  if (user === null || profile === undefined) return <PageSkeleton />;
  const rating = profile.rating;

  const finish = async (solvedOnBoard: boolean) => {
    if (current === null || flags.current.recorded) return;
    flags.current.recorded = true;
    const f = flags.current;
    const words = coachHint(current.puzzle, 1);
    setExplanation(current.own ? current.own.explanation : (words?.text ?? null));
    if (current.mode === 'own') {
      await recordOwnAttempt(user.id, current.own!, solvedOnBoard && !f.wrong && !f.hint && !f.solution);
      return;
    }
    setRecording(true);
    try {
      const result = await recordTrainerAttempt(user, current.puzzle, current.mode, {
        solved: solvedOnBoard && !f.wrong,
        moves: f.moves,
        hintUsed: f.hint,
        solutionShown: f.solution,
        timeSpent: (Date.now() - f.startedAt) / 1000,
        streakStart: current.streakStart,
      });
      if (result.rated) setChange(result.ratingAfter - result.ratingBefore);
      if (current.mode === 'streak') {
        if (result.solved) setStreak((s) => (s ? { ...s, index: s.index + 1 } : s));
        else setStreak((s) => (s ? { ...s, over: true } : s));
      }
    } finally {
      setRecording(false);
    }
  };

  const onMove = (from: Square, to: Square) => {
    if (current === null || status !== 'solving') return;
    const board = positionAfter({ fen, moves: [] }, 0);
    const piece = board?.get(from);
    const uci = `${from}${to}${piece?.type === 'p' && /[18]$/.test(to) ? 'q' : ''}`;
    const verdict = judgeMove(current.puzzle, index, uci);
    if (verdict === 'wrong') {
      if (!flags.current.wrong) flags.current.moves.push(uci);
      flags.current.wrong = true;
      toast({ title: 'Not quite right', description: current.mode === 'streak' ? 'That ends the streak.' : 'Try another move.' });
      if (current.mode === 'streak') {
        setStatus('failed');
        void finish(false);
      }
      return;
    }
    if (!flags.current.wrong) flags.current.moves.push(uci);
    setHint(null);
    const afterGame = verdict === 'mate' ? positionAfter({ fen, moves: [uci] }, 1) : positionAfter(current.puzzle, index + 1);
    if (afterGame) setFen(afterGame.fen());
    setLastMove({ from, to });
    const done = verdict === 'mate' || index + 1 >= current.puzzle.moves.length;
    if (done) {
      const clean = !flags.current.wrong && !flags.current.hint;
      setStatus(clean ? 'solved' : 'failed');
      toast(clean ? { title: 'Correct!', description: 'Well done!', variant: 'success' } : { title: 'Solved', description: 'Solved with help: it counts as a miss and comes back for review.' });
      void finish(true);
      return;
    }
    // The opponent's reply.
    const replyIndex = index + 1;
    setIndex(replyIndex + 1);
    window.setTimeout(() => {
      const replied = positionAfter(current.puzzle, replyIndex + 1);
      const reply = parseUci(current.puzzle.moves[replyIndex] ?? '');
      if (replied && reply) {
        setFen(replied.fen());
        setLastMove({ from: reply.from, to: reply.to });
      }
    }, REPLY_DELAY_MS);
  };

  const showHint = () => {
    if (current === null || status !== 'solving') return;
    flags.current.hint = true;
    const words = current.own && index === 1 ? null : coachHint(current.puzzle, index);
    const move = parseUci(current.puzzle.moves[index] ?? '');
    setHint(words?.nudge ?? (move ? `Look at the piece on ${move.from}.` : null));
  };

  const showSolution = () => {
    if (current === null || status !== 'solving') return;
    flags.current.solution = true;
    const rest = current.puzzle.moves.length;
    const game = positionAfter(current.puzzle, rest);
    const move = parseUci(current.puzzle.moves[rest - 1] ?? '');
    if (game) setFen(game.fen());
    if (move) setLastMove({ from: move.from, to: move.to });
    setIndex(rest);
    setStatus('failed');
    toast({ title: 'Solution Shown' });
    void finish(false);
  };

  const next = async () => {
    if (current && !flags.current.recorded && status === 'solving') {
      flags.current.solution = true;
      await finish(false);
    }
    if (current?.mode === 'streak' && streak && !streak.over) void start({ kind: 'streak' });
    else if (current?.mode === 'theme') void start({ kind: 'theme', theme });
    else if (current?.mode === 'review' || current?.mode === 'own') {
      const skip = current.reviewItem ?? undefined;
      void start(reviews?.some((r) => r.itemId !== skip) ? { kind: 'review', skip } : { kind: 'rated' });
    }
    else void start({ kind: 'rated' });
  };

  const solver = current ? sideToMove(positionAfter(current.puzzle, 1)?.fen() ?? current.puzzle.fen) : 'White';
  const dueCount = reviews?.length ?? 0;
  return (
    <div className="page puzzles-page">
      <div className="puzzles__top">
        <h1>Puzzles</h1>
        <p className="puzzles__rating" data-testid="puzzle-rating">
          Puzzle rating <strong>{ratingLabel(rating)}</strong>
          {isProvisional(rating) && <span className="puzzles__provisional" data-testid="rating-provisional">provisional</span>}
          {change !== null && (
            <span className={`puzzles__change ${change >= 0 ? 'puzzles__change--up' : 'puzzles__change--down'}`} data-testid="rating-change">
              {formatRatingChange(change)}
            </span>
          )}
        </p>
      </div>

      <nav className="puzzles__modes" aria-label="Puzzle modes">
        <button type="button" className="button" onClick={() => void start({ kind: 'rated' })}>Rated puzzle</button>
        <span className="puzzles__theme">
          <label htmlFor="puzzle-theme">Theme</label>
          <select id="puzzle-theme" value={theme} onChange={(event) => setTheme(event.target.value as PuzzleTheme)}>
            {PUZZLE_THEMES.map((key) => <option key={key} value={key}>{PUZZLE_THEME_LABELS[key]}</option>)}
          </select>
          <button type="button" className="button" onClick={() => void start({ kind: 'theme', theme })}>Solve theme</button>
        </span>
        <button type="button" className="button" onClick={() => { setStreak(null); void start({ kind: 'streak' }); }}>Puzzle Streak</button>
        <button type="button" className="button" onClick={() => void start({ kind: 'daily' })}>Daily puzzle</button>
        <button type="button" className="button" onClick={() => void start({ kind: 'review' })} disabled={dueCount === 0}>
          Review{dueCount > 0 ? ` (${dueCount})` : ''}
        </button>
      </nav>

      <section className="card puzzles__card" aria-labelledby="puzzle-title">
        {current === null ? (
          <p>{empty ?? 'Loading a puzzle...'}</p>
        ) : (
          <>
            <div className="puzzles__head">
              <h2 id="puzzle-title">{current.title}</h2>
              {current.mode !== 'own' && <span className="badge">Rating {current.puzzle.rating}</span>}
              <span className="badge badge--turn" data-testid="to-move">You play {solver}</span>
              {current.mode === 'streak' && streak && <span className="badge" data-testid="streak">Streak {streak.index}</span>}
              <span className="badge badge--muted">Best streak {rating.bestStreak}</span>
            </div>
            {current.own && <p>Your game: you played {current.own.playedMove}. Find the better move.</p>}
            <div className="puzzles__board" data-testid="puzzle-board" data-puzzle-id={current.own ? `own:${current.own.id}` : current.puzzle.id} data-load-ms={current.loadMs.toFixed(1)} data-status={status} data-solution={current.puzzle.moves.join(' ')}>
              <ReviewBoard fen={fen} orientation={solver === 'White' ? 'w' : 'b'} highlight={lastMove} arrow={null} onMove={status === 'solving' ? onMove : undefined} />
            </div>
            <p className="puzzles__status" role="status" data-testid="puzzle-status">
              {status === 'setup' && 'Watch the opponent\u2019s move.'}
              {status === 'solving' && `Find the best move for ${solver}.`}
              {status === 'solved' && 'Correct!'}
              {status === 'failed' && (current.mode === 'streak' && streak?.over ? `Streak over: ${streak.index} solved.` : 'Not quite right. This puzzle will come back for review.')}
            </p>
            {hint && <p className="puzzles__hint" data-testid="puzzle-hint"><Icon name="hint" /> {hint}</p>}
            {explanation && status !== 'solving' && <p className="puzzles__explanation" data-testid="puzzle-explanation">{explanation}</p>}
            <div className="puzzles__actions">
              <button type="button" className="button" onClick={showHint} disabled={status !== 'solving'}>
                <Icon name="hint" /> Hint
              </button>
              <button type="button" className="button" onClick={showSolution} disabled={status !== 'solving'}>Show Solution</button>
              {current.mode === 'streak' && streak?.over ? (
                <button type="button" className="button button--primary" onClick={() => { setStreak(null); void start({ kind: 'streak' }); }}>New streak</button>
              ) : (
                <button type="button" className="button button--primary" disabled={recording} onClick={() => void next()}>Next puzzle</button>
              )}
            </div>
          </>
        )}
      </section>

      <section className="card" aria-labelledby="puzzle-history-title">
        <h2 id="puzzle-history-title">Your puzzles</h2>
        <p>Solved {rating.puzzlesSolved} · Best streak {rating.bestStreak}</p>
        {history && history.length > 0 ? (
          <ul className="puzzles__history">
            {history.slice(0, 20).map(({ row, puzzle }) => (
              <li key={row.attemptId}>
                <span className={row.solved ? 'puzzles__solved' : 'puzzles__failed'}>
                  <Icon name={row.solved ? 'check' : 'cross'} /> {row.solved ? 'Solved' : 'Failed'}
                </span>
                <span>Puzzle {puzzle?.rating ?? ''}</span>
                {puzzle && (
                  <button type="button" className="button button--small" onClick={() => void start({ kind: 'retry', puzzle })} aria-label={`Try again: puzzle rated ${puzzle.rating}`}>
                    Try again
                  </button>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p>No puzzles tried yet.</p>
        )}
      </section>
    </div>
  );
}
