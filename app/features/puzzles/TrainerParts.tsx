import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatRatingChange, isProvisional, ratingLabel } from '../../../domain/puzzles/rating';
import { PUZZLE_THEMES, type PuzzleTheme } from '../../../schema';
import { ReviewBoard } from '../../shared/components/board/ReviewBoard';
import { Icon } from '../../shared/components/Icon';
import type { LocalProfile, useLocalHistory } from './puzzles';
import { onMove, next, showHint, showSolution, type TrainerContext } from './trainer-actions';
import type { Choice } from './useTrainer';
import { puzzleThemeName } from './theme-names';

type Rating = LocalProfile['rating'];

export function RatingHeader({ rating, change }: { rating: Rating; change: number | null }) {
  const label = ratingLabel(rating);
  return (
    <div className="puzzles__top">
      <h1><Trans>Puzzles</Trans></h1>
      <p className="puzzles__rating" data-testid="puzzle-rating">
        <Trans>Puzzle rating <strong><bdi>{label}</bdi></strong></Trans>
        {isProvisional(rating) && (
          // Read as 'Puzzle rating 1200? (provisional)'; the brackets are for the screen reader, the badge is for the eye.
          <>
            <span className="visually-hidden"> (</span>
            <span className="puzzles__provisional" data-testid="rating-provisional"><Trans>provisional</Trans></span>
            <span className="visually-hidden">)</span>
          </>
        )}
        {change !== null && ' '}
        {change !== null && (
          <span className={`puzzles__change ${change >= 0 ? 'puzzles__change--up' : 'puzzles__change--down'}`} data-testid="rating-change" dir="ltr">
            {formatRatingChange(change)}
          </span>
        )}
      </p>
    </div>
  );
}

interface ModesProps {
  theme: PuzzleTheme;
  /** The themes the puzzles on this device have (all while they are read). */
  themes: readonly PuzzleTheme[] | undefined;
  setTheme: (theme: PuzzleTheme) => void;
  start: (choice: Choice) => Promise<void>;
  newStreak: () => void;
  dueCount: number;
}

export function PuzzleModes({ theme, themes, setTheme, start, newStreak, dueCount }: ModesProps) {
  const { t, i18n } = useLingui();
  const offered = themes && themes.length > 0 ? themes : PUZZLE_THEMES;
  return (
    <nav className="puzzles__modes" aria-label={t`Puzzle modes`}>
      <button type="button" className="button" onClick={() => void start({ kind: 'rated' })}><Trans>Rated puzzle</Trans></button>
      <span className="puzzles__theme">
        <label htmlFor="puzzle-theme"><Trans>Theme</Trans></label>
        <select id="puzzle-theme" value={theme} onChange={(event) => setTheme(event.target.value as PuzzleTheme)}>
          {offered.map((key) => <option key={key} value={key}>{puzzleThemeName(i18n, key)}</option>)}
        </select>
        <button type="button" className="button" onClick={() => void start({ kind: 'theme', theme })}><Trans>Solve theme</Trans></button>
      </span>
      <button type="button" className="button" onClick={newStreak}><Trans>Puzzle Streak</Trans></button>
      <button type="button" className="button" onClick={() => void start({ kind: 'daily' })}><Trans>Daily puzzle</Trans></button>
      <button type="button" className="button" onClick={() => void start({ kind: 'review' })} disabled={dueCount === 0}>
        {dueCount > 0 ? t`Review (${dueCount})` : t`Review`}
      </button>
    </nav>
  );
}

interface CardProps {
  t: TrainerContext;
  empty: MessageDescriptor | null;
  solver: 'White' | 'Black';
  rating: Rating;
  newStreak: () => void;
}

/** What the trainer says of the puzzle now: watch, find, or its verdict. */
function statusText({ current, status, streak, i18n }: TrainerContext, solver: CardProps['solver']): string {
  if (status === 'setup') return i18n._(msg`Watch the opponent\u2019s move.`);
  if (status === 'solving') return i18n._(solver === 'White' ? msg`Find the best move for White.` : msg`Find the best move for Black.`);
  if (status === 'solved') return i18n._(msg`Correct!`);
  const solved = streak?.index ?? 0;
  return current?.mode === 'streak' && streak?.over ? i18n._(msg`Streak over: ${solved} solved.`) : i18n._(msg`Not quite right. This puzzle will come back for review.`);
}

export function PuzzleCard({ t: trainer, empty, solver, rating, newStreak }: CardProps) {
  const { t, i18n } = useLingui();
  const { current, status, streak } = trainer;
  const verdict = statusText(trainer, solver);
  const bestStreak = rating.bestStreak;
  const puzzleRating = current?.puzzle.rating;
  const streakCount = streak?.index;
  return (
    <section className="card puzzles__card" aria-labelledby="puzzle-title">
      {current === null ? (
        <p>{empty ? i18n._(empty) : t`Loading a puzzle...`}</p>
      ) : (
        <>
          <div className="puzzles__head">
            <h2 id="puzzle-title">{i18n._(current.title)}</h2>
            {current.mode !== 'own' && <span className="badge">{t`Rating ${puzzleRating}`}</span>}
            <span className="badge badge--turn" data-testid="to-move">{solver === 'White' ? t`You play White` : t`You play Black`}</span>
            {current.mode === 'streak' && streak && <span className="badge" data-testid="streak">{t`Streak ${streakCount}`}</span>}
            <span className="badge badge--muted"><Trans>Best streak {bestStreak}</Trans></span>
          </div>
          {current.own && <OwnLine playedMove={current.own.playedMove} />}
          <div className="puzzles__board" data-testid="puzzle-board" data-puzzle-id={current.own ? `own:${current.own.id}` : current.puzzle.id} data-load-ms={current.loadMs.toFixed(1)} data-status={status} data-solution={current.puzzle.moves.join(' ')}>
            <ReviewBoard
              fen={trainer.fen}
              orientation={solver === 'White' ? 'w' : 'b'}
              highlight={trainer.lastMove}
              arrow={null}
              onMove={status === 'solving' ? (from, to, promotion) => onMove(trainer, from, to, promotion) : undefined}
              speech={{ verdict: { id: `${current.puzzle.id}:${status}`, text: verdict } }}
            />
          </div>
          {/* Heard through the board's move log (issue 31), after the move that led to it. */}
          <p className="puzzles__status" data-testid="puzzle-status">{verdict}</p>
          {trainer.hint && <p className="puzzles__hint" data-testid="puzzle-hint"><Icon name="hint" /> {trainer.hint}</p>}
          {trainer.explanation && status !== 'solving' && <p className="puzzles__explanation" data-testid="puzzle-explanation">{trainer.explanation}</p>}
          <div className="puzzles__actions">
            <button type="button" className="button" onClick={() => showHint(trainer)} disabled={status !== 'solving'}>
              <Icon name="hint" /> <Trans>Hint</Trans>
            </button>
            <button type="button" className="button" onClick={() => showSolution(trainer)} disabled={status !== 'solving'}><Trans>Show Solution</Trans></button>
            {current.mode === 'streak' && streak?.over ? (
              <button type="button" className="button button--primary" onClick={newStreak}><Trans>New streak</Trans></button>
            ) : (
              <button type="button" className="button button--primary" disabled={trainer.recording} onClick={() => void next(trainer)}><Trans>Next puzzle</Trans></button>
            )}
          </div>
        </>
      )}
    </section>
  );
}

/** A review card from the child's own game: the move they played. */
function OwnLine({ playedMove }: { playedMove: string }) {
  return <p><Trans>Your game: you played {playedMove}. Find the better move.</Trans></p>;
}

interface HistoryProps {
  rating: Rating;
  history: ReturnType<typeof useLocalHistory>;
  start: (choice: Choice) => Promise<void>;
}

export function PuzzleHistory({ rating, history, start }: HistoryProps) {
  const { t } = useLingui();
  const { puzzlesSolved, bestStreak } = rating;
  return (
    <section className="card" aria-labelledby="puzzle-history-title">
      <h2 id="puzzle-history-title"><Trans>Your puzzles</Trans></h2>
      <p><Trans>Solved {puzzlesSolved} · Best streak {bestStreak}</Trans></p>
      {history && history.length > 0 ? (
        <ul className="puzzles__history">
          {history.slice(0, 20).map(({ row, puzzle }) => {
            const puzzleRating = puzzle?.rating ?? '';
            return (
            <li key={row.attemptId}>
              <span className={row.solved ? 'puzzles__solved' : 'puzzles__failed'}>
                <Icon name={row.solved ? 'check' : 'cross'} /> {row.solved ? t`Solved` : t`Failed`}
              </span>
              <span>{t`Puzzle ${puzzleRating}`}</span>
              {puzzle && (
                <button type="button" className="button button--small" onClick={() => void start({ kind: 'retry', puzzle })} aria-label={t`Try again: puzzle rated ${puzzleRating}`}>
                  <Trans>Try again</Trans>
                </button>
              )}
            </li>
            );
          })}
        </ul>
      ) : (
        <p><Trans>No puzzles tried yet.</Trans></p>
      )}
    </section>
  );
}
