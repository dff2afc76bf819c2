import { Trans, useLingui } from '@lingui/react/macro';
import { formatScore, lineToSan, uciToDisplay } from '../../../domain/coach';
import { useCoachWords } from '../../shared/i18n/coach-words';
import type { EngineAnalysisResult } from '../../../schema';
import { failureReason, type EngineWorkState } from './useEngineWork';

/** Spec section 2: the principal variation shows at most 3 moves. */
export const PV_MOVES_SHOWN = 3;

export const ENGINE_NAME = 'Stockfish 19 lite';

/** Error catalogue: 'Analysis failed: {reason}', or 'Analysis failed' without one. */
function AnalysisFailed({ error }: { error: unknown }) {
  const reason = failureReason(error);
  return <p className="coach-card__error">{reason ? <Trans>Analysis failed: {reason}</Trans> : <Trans>Analysis failed</Trans>}</p>;
}

/**
 * 'Engine Analysis' (wide screens, not in focus mode): score, best move and the first PV moves,
 * filled in as the search deepens (the depth counts up), then the explanation with the final result.
 * `state` null: no move made yet. `gameOver`: the game has ended; that sentence replaces the
 * score, best move and lines (issue 20).
 */
export function EngineAnalysisCard({ fen, state, gameOver = null }: { fen: string; state: EngineWorkState<'analysis'> | null; gameOver?: string | null }) {
  const busy = gameOver === null && state !== null && (state.status === 'waiting' || state.status === 'computing');
  if (gameOver !== null) {
    return (
      <section className="card coach-card" aria-labelledby="engine-analysis-title" data-testid="engine-analysis">
        <h2 id="engine-analysis-title"><Trans>Engine Analysis</Trans></h2>
        <p aria-live="polite" data-testid="analysis-game-over">{gameOver}</p>
      </section>
    );
  }
  return (
    <section className="card coach-card" aria-labelledby="engine-analysis-title" aria-busy={busy} data-testid="engine-analysis">
      <h2 id="engine-analysis-title"><Trans>Engine Analysis</Trans></h2>
      <div aria-live="polite">
        {(state === null || state.status === 'idle') && <p className="coach-card__muted"><Trans>Make a move to see engine analysis</Trans></p>}
        {busy && (
          <p className="coach-card__muted">
            <span className="spinner" aria-hidden="true" /> <Trans>Analyzing...</Trans>
          </p>
        )}
        {state?.status === 'failed' && <AnalysisFailed error={state.error} />}
        {state?.status === 'computing' && <AnalysisResult fen={fen} result={state.partial} />}
        {state?.status === 'done' && <AnalysisResult fen={fen} result={state.result} />}
      </div>
    </section>
  );
}

/** `fen`: the analysed position, from which the line is written in SAN (figurines when chosen). */
function AnalysisResult({ fen, result }: { fen: string; result: EngineAnalysisResult }) {
  const { t } = useLingui();
  const words = useCoachWords();
  const { stockfish } = result;
  if (result.error) return <p className="coach-card__error">{result.error}</p>;
  const score = formatScore(stockfish.mate === null ? stockfish.score : null, stockfish.mate);
  const pv = lineToSan(fen, stockfish.pv, PV_MOVES_SHOWN).map(words.san);
  return (
    <>
      <dl className="analysis-facts">
        <div>
          <dt><Trans>Score</Trans></dt>
          <dd className="analysis-facts__score" data-testid="analysis-score">{score}</dd>
        </div>
        <div>
          <dt><Trans>Best move</Trans></dt>
          <dd data-testid="analysis-best-move">{stockfish.bestMove ? uciToDisplay(stockfish.bestMove) : t`None`}</dd>
        </div>
        <div>
          <dt><Trans>Depth</Trans></dt>
          <dd>{stockfish.depth}</dd>
        </div>
      </dl>
      {pv.length > 0 && (
        <p className="analysis-pv">
          <span className="coach-card__muted"><Trans>Line:</Trans> </span>
          {pv.join(' ')}
        </p>
      )}
      {result.explanation && <p className="analysis-explanation">{words.text(result.explanationWords, result.explanation)}</p>}
    </>
  );
}
