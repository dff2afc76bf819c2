import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { MOVE_CATEGORIES, type Color } from '../../../schema';
import { REVIEW_SEARCH, type GameReview as Review, type RetryVerdict, type ReviewedMove } from '../../../domain/coach';
import { formatSan, parseUci, speakMove, type Square } from '../../../domain';
import { useNotation } from '../settings';
import { getEngine } from '../../../worker/client';
import { HINT_SEARCH_CAP_MS } from './schedule';
import { EvalGraph } from './EvalGraph';
import { canRetryMove, categoryLabel, accuracyTone, moveLabel } from './presentation';
import { CategoryIcon } from './CategoryIcon';
import { Icon } from '../../shared/components/Icon';
import { ReviewBoard } from '../../shared/components/board/ReviewBoard';
import { failureReason, useEngineWork } from './useEngineWork';
import { queueGameAnalysis } from './game-analysis';
import { useChessWords } from '../../shared/i18n/chess-words';
import { useCoachWords } from '../../shared/i18n/coach-words';

/**
 * Every position of a game is searched once, at depth 12 or for 100 ms, whichever comes first
 * (domain/coach REVIEW_SEARCH, the setting bench/coach times): 81 searches for a 40-move game
 * stay under the 10 s aim on a 2-core machine.
 */
export const REVIEW_DEPTH = REVIEW_SEARCH.depth;
export const REVIEW_SEARCH_CAP_MS = REVIEW_SEARCH.movetimeMs;

interface GameReviewProps {
  moves: readonly string[];
  startingFen?: string;
  orientation?: Color;
  /**
   * The child whose game it is: explanations speak from that side and Retry is offered on that
   * side's moves only (issue 20). Defaults to `orientation`; null for two players on one device.
   */
  player?: Color | null;
  onClose?: () => void;
  /** The saved game's client id: a signed-in player's finished review is stored for the lesson plan. */
  gameId?: string;
}

/**
 * The review of a finished game (also for the replay screen): both players' accuracy, each
 * category's count, the evaluation graph, key moments, and Retry where a move went wrong.
 */
export default function GameReview({ moves, startingFen, orientation = 'w', player = orientation, onClose, gameId }: GameReviewProps) {
  const { t } = useLingui();
  // Reviewed when shown; leaving stops the review after its current search.
  const run = useEngineWork(
    {
      kind: 'review',
      input: { ...(startingFen ? { startingFen } : {}), moves: [...moves], depth: REVIEW_DEPTH, ...(player ? { player } : {}) },
      movetimeCapMs: REVIEW_SEARCH_CAP_MS,
    },
    { key: `${startingFen ?? ''}|${player ?? ''}|${moves.join(' ')}` },
  );
  const review = run.status === 'done' ? run.result : null;
  const { done, total } = run.status === 'computing' ? run.partial : { done: 0, total: moves.length + 1 };
  useEffect(() => {
    if (run.status === 'failed') console.error('Error reviewing the game:', run.error);
  }, [run]);
  useEffect(() => {
    if (review && gameId) void queueGameAnalysis(gameId, review, orientation).catch((error: unknown) => console.error('Queueing the game analysis failed.', error));
  }, [review, gameId, orientation]);
  return (
    <section className="card game-review" aria-labelledby="game-review-title" data-testid="game-review">
      <div className="game-review__header">
        <h2 id="game-review-title"><Trans>Game Review</Trans></h2>
        {onClose && <button type="button" className="icon-button" aria-label={t`Close the review`} onClick={onClose}><Icon name="close" /></button>}
      </div>
      {(run.status === 'waiting' || run.status === 'computing') && (
        <div className="game-review__progress" role="status">
          <p><Trans>Analyzing the game... {done} of {total} positions</Trans></p>
          <progress max={total} value={done} aria-label={t`Review progress`} />
        </div>
      )}
      {run.status === 'failed' && <ReviewFailed reason={failureReason(run.error)} />}
      {review && <ReviewResult review={review} orientation={orientation} player={player} />}
    </section>
  );
}

function ReviewFailed({ reason }: { reason: string }) {
  return <p className="coach-card__error" role="alert"><Trans>The review failed: {reason}</Trans></p>;
}

function ReviewResult({ review, orientation, player }: { review: Review; orientation: Color; player: Color | null }) {
  const { i18n } = useLingui();
  const notation = useNotation();
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
              <dt>{color === 'w' ? <Trans>White accuracy</Trans> : <Trans>Black accuracy</Trans>}</dt>
              <dd className={accuracy === null ? '' : `tone--${accuracyTone(accuracy)}`} data-testid={`accuracy-${color}`}>
                {accuracy === null ? '—' : `${accuracy.toFixed(1)}%`}
              </dd>
            </div>
          );
        })}
      </dl>
      <EvalGraph moves={review.moves} selected={selected} onSelect={select} />
      {move && (
        <ReviewPosition key={`${move.ply}-${retrying === move.ply}`} move={move} orientation={orientation} player={player} retrying={retrying === move.ply} onRetry={() => setRetrying(move.ply)} onStopRetry={() => setRetrying(null)} />
      )}
      {review.keyMoments.length > 0 && (
        <div className="game-review__moments">
          <h3><Trans>Key moments</Trans></h3>
          <ul>
            {review.keyMoments.map((ply) => {
              const moment = review.moves.find((m) => m.ply === ply);
              if (!moment) return null;
              return (
                <li key={ply}>
                  <button type="button" className="link-button" aria-current={ply === selected} onClick={() => select(ply)}>
                    <span className={`category-badge category--${moment.classification.category}`}>
                      <span aria-hidden="true"><CategoryIcon category={moment.classification.category} /></span> {i18n._(categoryLabel(moment.classification.category))}
                    </span>{' '}
                    {moveLabel(moment.fenBefore, formatSan(moment.san, notation))}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <table className="game-review__counts">
        <caption><Trans>Moves by category</Trans></caption>
        <thead>
          <tr>
            <th scope="col"><Trans>Category</Trans></th>
            <th scope="col"><Trans>White</Trans></th>
            <th scope="col"><Trans>Black</Trans></th>
          </tr>
        </thead>
        <tbody>
          {used.map((category) => (
            <tr key={category}>
              <th scope="row">
                <span className={`category-dot category--${category}`} aria-hidden="true"><CategoryIcon category={category} /></span> {i18n._(categoryLabel(category))}
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
  player: Color | null;
  retrying: boolean;
  onRetry: () => void;
  onStopRetry: () => void;
}

function ReviewPosition({ move, orientation, player, retrying, onRetry, onStopRetry }: ReviewPositionProps) {
  const { t, i18n } = useLingui();
  const moveWords = useChessWords();
  const coach = useCoachWords();
  const { notation } = coach;
  const [attempt, setAttempt] = useState<{ status: 'idle' } | { status: 'checking' } | { status: 'judged'; verdict: Extract<RetryVerdict, { legal: true }>; from: Square; to: Square } | { status: 'error'; message: string }>({ status: 'idle' });
  const c = move.classification;
  const played = parseUci(move.uci);
  const canRetry = canRetryMove(c.category, move.color, player);

  const tryMove = (from: Square, to: Square) => {
    setAttempt({ status: 'checking' });
    // Asked for and waited on: first in line, capped like a hint.
    const input = { fenBefore: move.fenBefore, move: { from, to, promotion: 'q' as const }, bestSan: c.bestMove, bestWinPercent: c.winPercentBefore, depth: REVIEW_DEPTH };
    getEngine()
      .run({ kind: 'retry', input, movetimeCapMs: HINT_SEARCH_CAP_MS }, { priority: 'high' })
      .then((verdict) => setAttempt(verdict.legal ? { status: 'judged', verdict, from, to } : { status: 'idle' }))
      .catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        setAttempt({ status: 'error', message: t`Analysis failed: ${reason}` });
      });
  };

  const judged = attempt.status === 'judged' ? attempt : null;
  const fen = retrying ? (judged ? judged.verdict.fenAfter : move.fenBefore) : move.fenAfter;
  const highlight = retrying ? (judged ? { from: judged.from, to: judged.to } : null) : played ? { from: played.from, to: played.to } : null;
  const words = speakMove({ color: move.color, san: move.san }, moveWords);
  const triedSan = judged ? formatSan(judged.verdict.san, notation) : '';
  const boardLabel = !retrying ? t`Board after ${words}` : judged ? t`Board after your try, ${triedSan}` : t`Board before ${words}`;

  return (
    <div className="game-review__position">
      <ReviewBoard
        fen={fen}
        orientation={orientation}
        highlight={highlight}
        arrow={null}
        label={boardLabel}
        {...(retrying && attempt.status !== 'checking' && !(judged?.verdict.correct ?? false) ? { onMove: tryMove } : {})}
      />
      <div className="game-review__move" aria-live="polite">
        <p className="classification__headline">
          <span className={`category-badge category--${c.category}`}>
            <span className="category-badge__icon" aria-hidden="true"><CategoryIcon category={c.category} /></span>
            {i18n._(categoryLabel(c.category))}
          </span>
          <span className="classification__move">{moveLabel(move.fenBefore, formatSan(move.san, notation))}</span>
        </p>
        {!retrying && <p>{coach.text(c.explanationWords, c.explanation)}</p>}
        {retrying && attempt.status === 'idle' && <p>{move.color === 'w' ? <Trans>Find a better move for White: play it on the board.</Trans> : <Trans>Find a better move for Black: play it on the board.</Trans>}</p>}
        {retrying && attempt.status === 'checking' && <p><span className="spinner" aria-hidden="true" /> <Trans>Checking your move...</Trans></p>}
        {judged && (
          <p className={judged.verdict.correct ? 'tone--good' : 'tone--poor'} role="status">
            {judged.verdict.correct ? <Trans>Well found! {triedSan} is a strong move.</Trans> : <Trans>{triedSan} is not better. Try again!</Trans>}
          </p>
        )}
        {attempt.status === 'error' && <p className="coach-card__error" role="alert">{attempt.message}</p>}
        <div className="game-review__actions">
          {canRetry && !retrying && <button type="button" className="button button--primary" onClick={onRetry}><Trans>Retry</Trans></button>}
          {retrying && judged && !judged.verdict.correct && <button type="button" className="button" onClick={() => setAttempt({ status: 'idle' })}><Trans>Try again</Trans></button>}
          {retrying && (
            <button type="button" className="button" onClick={onStopRetry}>
              {judged?.verdict.correct ? <Trans>Back to the game</Trans> : <Trans>Show the game move</Trans>}
            </button>
          )}
          {retrying && c.bestMove && judged && !judged.verdict.correct && <EngineLiked bestMove={formatSan(c.bestMove, notation)} />}
        </div>
      </div>
    </div>
  );
}

function EngineLiked({ bestMove }: { bestMove: string }) {
  return <span className="coach-card__muted"><Trans>The engine liked {bestMove}.</Trans></span>;
}
