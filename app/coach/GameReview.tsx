import { useEffect, useState } from 'react';
import { MOVE_CATEGORIES, type Color, type MoveCategory } from '../../schema';
import type { EnginePort, GameReview as Review, ReviewedMove } from '../../domain/coach';
import { parseUci, type Square } from '../../domain';
import { getEngine } from '../../worker/client';
import { coachQueue } from './coach-queue';
import { HINT_SEARCH_CAP_MS } from './schedule';
import { EvalGraph } from './EvalGraph';
import { categoryLabel, accuracyTone, moveLabel } from './presentation';
import { CategoryIcon } from './CategoryIcon';
import { Icon } from '../components/Icon';
import { judgeRetry, type RetryVerdict } from './retry';
import { ReviewBoard } from './ReviewBoard';
import { REVIEW_DEPTH, useGameReview } from './useGameReview';
import { queueGameAnalysis } from '../data/game-analysis';

/** Retry's one search goes through the coaching queue, before background work, capped like a hint. */
const retryEngine: EnginePort = {
  analyse: (fen, options) => coachQueue.run(() => getEngine().analyse(fen, { ...options, movetimeMs: HINT_SEARCH_CAP_MS }), { priority: 'high' }),
};

/** Moves worth another try: what lost Win% (spec categories from inaccuracy down). */
const RETRY_CATEGORIES: readonly MoveCategory[] = ['inaccuracy', 'mistake', 'miss', 'blunder'];

interface GameReviewProps {
  moves: readonly string[];
  startingFen?: string;
  orientation?: Color;
  onClose?: () => void;
  /** The saved game's client id: a signed-in player's finished review is stored for the lesson plan. */
  gameId?: string;
}

/**
 * The review of a finished game (also for the replay screen): both players' accuracy, each
 * category's count, the evaluation graph, key moments, and Retry where a move went wrong.
 */
export default function GameReview({ moves, startingFen, orientation = 'w', onClose, gameId }: GameReviewProps) {
  const state = useGameReview(moves, startingFen);
  const review = state.status === 'done' ? state.review : null;
  useEffect(() => {
    if (review && gameId) void queueGameAnalysis(gameId, review, orientation).catch((error: unknown) => console.error('Queueing the game analysis failed.', error));
  }, [review, gameId, orientation]);
  return (
    <section className="card game-review" aria-labelledby="game-review-title" data-testid="game-review">
      <div className="game-review__header">
        <h2 id="game-review-title">Game Review</h2>
        {onClose && <button type="button" className="icon-button" aria-label="Close the review" onClick={onClose}><Icon name="close" /></button>}
      </div>
      {state.status === 'running' && (
        <div className="game-review__progress" role="status">
          <p>Analyzing the game... {state.done} of {state.total} positions</p>
          <progress max={state.total} value={state.done} aria-label="Review progress" />
        </div>
      )}
      {state.status === 'error' && <p className="coach-card__error" role="alert">{state.message}</p>}
      {state.status === 'done' && <ReviewResult review={state.review} orientation={orientation} />}
    </section>
  );
}

function ReviewResult({ review, orientation }: { review: Review; orientation: Color }) {
  const [selected, setSelected] = useState<number | null>(review.keyMoments[0] ?? null);
  const [retrying, setRetrying] = useState<number | null>(null);
  // Plies count from 1 (ReviewedMove.ply), as do the key moments.
  const move = selected === null ? null : (review.moves.find((m) => m.ply === selected) ?? null);
  const used = MOVE_CATEGORIES.filter((category) => review.counts.w[category] + review.counts.b[category] > 0);

  const select = (ply: number) => {
    setSelected(ply);
    setRetrying(null);
  };

  return (
    <div className="game-review__body">
      <dl className="game-review__accuracy">
        {(['w', 'b'] as const).map((color) => {
          const accuracy = review.accuracy[color];
          return (
            <div key={color}>
              <dt>{color === 'w' ? 'White' : 'Black'} accuracy</dt>
              <dd className={accuracy === null ? '' : `tone--${accuracyTone(accuracy)}`} data-testid={`accuracy-${color}`}>
                {accuracy === null ? '—' : `${accuracy.toFixed(1)}%`}
              </dd>
            </div>
          );
        })}
      </dl>
      <EvalGraph moves={review.moves} selected={selected} onSelect={select} />
      {move && (
        <ReviewPosition key={`${move.ply}-${retrying === move.ply}`} move={move} orientation={orientation} retrying={retrying === move.ply} onRetry={() => setRetrying(move.ply)} onStopRetry={() => setRetrying(null)} />
      )}
      {review.keyMoments.length > 0 && (
        <div className="game-review__moments">
          <h3>Key moments</h3>
          <ul>
            {review.keyMoments.map((ply) => {
              const moment = review.moves.find((m) => m.ply === ply);
              if (!moment) return null;
              return (
                <li key={ply}>
                  <button type="button" className="link-button" aria-current={ply === selected} onClick={() => select(ply)}>
                    <span className={`category-badge category--${moment.classification.category}`}>
                      <span aria-hidden="true"><CategoryIcon category={moment.classification.category} /></span> {categoryLabel(moment.classification.category)}
                    </span>{' '}
                    {moveLabel(moment.fenBefore, moment.san)}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <table className="game-review__counts">
        <caption>Moves by category</caption>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">White</th>
            <th scope="col">Black</th>
          </tr>
        </thead>
        <tbody>
          {used.map((category) => (
            <tr key={category}>
              <th scope="row">
                <span className={`category-dot category--${category}`} aria-hidden="true"><CategoryIcon category={category} /></span> {categoryLabel(category)}
              </th>
              <td>{review.counts.w[category]}</td>
              <td>{review.counts.b[category]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface ReviewPositionProps {
  move: ReviewedMove;
  orientation: Color;
  retrying: boolean;
  onRetry: () => void;
  onStopRetry: () => void;
}

function ReviewPosition({ move, orientation, retrying, onRetry, onStopRetry }: ReviewPositionProps) {
  const [attempt, setAttempt] = useState<{ status: 'idle' } | { status: 'checking' } | { status: 'judged'; verdict: Extract<RetryVerdict, { legal: true }>; from: Square; to: Square } | { status: 'error'; message: string }>({ status: 'idle' });
  const c = move.classification;
  const played = parseUci(move.uci);
  const canRetry = RETRY_CATEGORIES.includes(c.category);

  const tryMove = (from: Square, to: Square) => {
    setAttempt({ status: 'checking' });
    judgeRetry(retryEngine, { fenBefore: move.fenBefore, move: { from, to, promotion: 'q' }, bestSan: c.bestMove, bestWinPercent: c.winPercentBefore, depth: REVIEW_DEPTH })
      .then((verdict) => setAttempt(verdict.legal ? { status: 'judged', verdict, from, to } : { status: 'idle' }))
      .catch((error: unknown) => setAttempt({ status: 'error', message: `Analysis failed: ${error instanceof Error ? error.message : String(error)}` }));
  };

  const judged = attempt.status === 'judged' ? attempt : null;
  const fen = retrying ? (judged ? judged.verdict.fenAfter : move.fenBefore) : move.fenAfter;
  const highlight = retrying ? (judged ? { from: judged.from, to: judged.to } : null) : played ? { from: played.from, to: played.to } : null;

  return (
    <div className="game-review__position">
      <ReviewBoard
        fen={fen}
        orientation={orientation}
        highlight={highlight}
        arrow={null}
        {...(retrying && attempt.status !== 'checking' && !(judged?.verdict.correct ?? false) ? { onMove: tryMove } : {})}
      />
      <div className="game-review__move" aria-live="polite">
        <p className="classification__headline">
          <span className={`category-badge category--${c.category}`}>
            <span className="category-badge__icon" aria-hidden="true"><CategoryIcon category={c.category} /></span>
            {categoryLabel(c.category)}
          </span>
          <span className="classification__move">{moveLabel(move.fenBefore, move.san)}</span>
        </p>
        {!retrying && <p>{c.explanation}</p>}
        {retrying && attempt.status === 'idle' && <p>Find a better move for {move.color === 'w' ? 'White' : 'Black'}: play it on the board.</p>}
        {retrying && attempt.status === 'checking' && <p><span className="spinner" aria-hidden="true" /> Checking your move...</p>}
        {judged && (
          <p className={judged.verdict.correct ? 'tone--good' : 'tone--poor'} role="status">
            {judged.verdict.correct ? `Well found! ${judged.verdict.san} is a strong move.` : `${judged.verdict.san} is not better. Try again!`}
          </p>
        )}
        {attempt.status === 'error' && <p className="coach-card__error" role="alert">{attempt.message}</p>}
        <div className="game-review__actions">
          {canRetry && !retrying && <button type="button" className="button button--primary" onClick={onRetry}>Retry</button>}
          {retrying && judged && !judged.verdict.correct && <button type="button" className="button" onClick={() => setAttempt({ status: 'idle' })}>Try again</button>}
          {retrying && (
            <button type="button" className="button" onClick={onStopRetry}>
              {judged?.verdict.correct ? 'Back to the game' : 'Show the game move'}
            </button>
          )}
          {retrying && c.bestMove && judged && !judged.verdict.correct && <span className="coach-card__muted">The engine liked {c.bestMove}.</span>}
        </div>
      </div>
    </div>
  );
}
