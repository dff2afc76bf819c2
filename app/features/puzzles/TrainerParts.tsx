import { formatRatingChange, isProvisional, ratingLabel } from '../../../domain/puzzles/rating';
import { PUZZLE_THEME_LABELS, PUZZLE_THEMES, type PuzzleTheme } from '../../../schema';
import { ReviewBoard } from '../../shared/components/board/ReviewBoard';
import { Icon } from '../../shared/components/Icon';
import type { LocalProfile, useLocalHistory } from './puzzles';
import { onMove, next, showHint, showSolution, type TrainerContext } from './trainer-actions';
import type { Choice } from './useTrainer';

type Rating = LocalProfile['rating'];

export function RatingHeader({ rating, change }: { rating: Rating; change: number | null }) {
  return (
    <div className="puzzles__top">
      <h1>Puzzles</h1>
      <p className="puzzles__rating" data-testid="puzzle-rating">
        Puzzle rating <strong>{ratingLabel(rating)}</strong>
        {isProvisional(rating) && (
          // Read as 'Puzzle rating 1200? (provisional)'; the brackets are for the screen reader, the badge is for the eye.
          <>
            <span className="visually-hidden"> (</span>
            <span className="puzzles__provisional" data-testid="rating-provisional">provisional</span>
            <span className="visually-hidden">)</span>
          </>
        )}
        {change !== null && ' '}
        {change !== null && (
          <span className={`puzzles__change ${change >= 0 ? 'puzzles__change--up' : 'puzzles__change--down'}`} data-testid="rating-change">
            {formatRatingChange(change)}
          </span>
        )}
      </p>
    </div>
  );
}

interface ModesProps {
  theme: PuzzleTheme;
  setTheme: (theme: PuzzleTheme) => void;
  start: (choice: Choice) => Promise<void>;
  newStreak: () => void;
  dueCount: number;
}

export function PuzzleModes({ theme, setTheme, start, newStreak, dueCount }: ModesProps) {
  return (
    <nav className="puzzles__modes" aria-label="Puzzle modes">
      <button type="button" className="button" onClick={() => void start({ kind: 'rated' })}>Rated puzzle</button>
      <span className="puzzles__theme">
        <label htmlFor="puzzle-theme">Theme</label>
        <select id="puzzle-theme" value={theme} onChange={(event) => setTheme(event.target.value as PuzzleTheme)}>
          {PUZZLE_THEMES.map((key) => <option key={key} value={key}>{PUZZLE_THEME_LABELS[key]}</option>)}
        </select>
        <button type="button" className="button" onClick={() => void start({ kind: 'theme', theme })}>Solve theme</button>
      </span>
      <button type="button" className="button" onClick={newStreak}>Puzzle Streak</button>
      <button type="button" className="button" onClick={() => void start({ kind: 'daily' })}>Daily puzzle</button>
      <button type="button" className="button" onClick={() => void start({ kind: 'review' })} disabled={dueCount === 0}>
        Review{dueCount > 0 ? ` (${dueCount})` : ''}
      </button>
    </nav>
  );
}

interface CardProps {
  t: TrainerContext;
  empty: string | null;
  solver: 'White' | 'Black';
  rating: Rating;
  newStreak: () => void;
}

/** What the trainer says of the puzzle now: watch, find, or its verdict. */
function statusText({ current, status, streak }: TrainerContext, solver: CardProps['solver']): string {
  if (status === 'setup') return 'Watch the opponent\u2019s move.';
  if (status === 'solving') return `Find the best move for ${solver}.`;
  if (status === 'solved') return 'Correct!';
  return current?.mode === 'streak' && streak?.over ? `Streak over: ${streak.index} solved.` : 'Not quite right. This puzzle will come back for review.';
}

export function PuzzleCard({ t, empty, solver, rating, newStreak }: CardProps) {
  const { current, status, streak } = t;
  const verdict = statusText(t, solver);
  return (
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
            <ReviewBoard
              fen={t.fen}
              orientation={solver === 'White' ? 'w' : 'b'}
              highlight={t.lastMove}
              arrow={null}
              onMove={status === 'solving' ? (from, to, promotion) => onMove(t, from, to, promotion) : undefined}
              speech={{ verdict: { id: `${current.puzzle.id}:${status}`, text: verdict } }}
            />
          </div>
          {/* Heard through the board's move log (issue 31), after the move that led to it. */}
          <p className="puzzles__status" data-testid="puzzle-status">{verdict}</p>
          {t.hint && <p className="puzzles__hint" data-testid="puzzle-hint"><Icon name="hint" /> {t.hint}</p>}
          {t.explanation && status !== 'solving' && <p className="puzzles__explanation" data-testid="puzzle-explanation">{t.explanation}</p>}
          <div className="puzzles__actions">
            <button type="button" className="button" onClick={() => showHint(t)} disabled={status !== 'solving'}>
              <Icon name="hint" /> Hint
            </button>
            <button type="button" className="button" onClick={() => showSolution(t)} disabled={status !== 'solving'}>Show Solution</button>
            {current.mode === 'streak' && streak?.over ? (
              <button type="button" className="button button--primary" onClick={newStreak}>New streak</button>
            ) : (
              <button type="button" className="button button--primary" disabled={t.recording} onClick={() => void next(t)}>Next puzzle</button>
            )}
          </div>
        </>
      )}
    </section>
  );
}

interface HistoryProps {
  rating: Rating;
  history: ReturnType<typeof useLocalHistory>;
  start: (choice: Choice) => Promise<void>;
}

export function PuzzleHistory({ rating, history, start }: HistoryProps) {
  return (
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
  );
}
