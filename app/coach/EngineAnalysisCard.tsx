import { formatScore, uciToDisplay } from '../../domain/coach';
import type { EngineAnalysisState } from './useEngineAnalysis';

/** Spec section 2: the principal variation shows at most 3 moves. */
export const PV_MOVES_SHOWN = 3;

/** 'Engine Analysis' (wide screens, not in focus mode): score, best move and the first PV moves. */
export function EngineAnalysisCard({ state }: { state: EngineAnalysisState }) {
  return (
    <section className="card coach-card" aria-labelledby="engine-analysis-title" aria-busy={state.status === 'loading'} data-testid="engine-analysis">
      <h2 id="engine-analysis-title">Engine Analysis</h2>
      <div aria-live="polite">
        {state.status === 'empty' && <p className="coach-card__muted">Make a move to see engine analysis</p>}
        {state.status === 'loading' && (
          <p className="coach-card__muted">
            <span className="spinner" aria-hidden="true" /> Analyzing...
          </p>
        )}
        {state.status === 'error' && <p className="coach-card__error">{state.message}</p>}
        {state.status === 'done' && <AnalysisResult result={state.result} />}
      </div>
    </section>
  );
}

function AnalysisResult({ result }: { result: Extract<EngineAnalysisState, { status: 'done' }>['result'] }) {
  const { stockfish } = result;
  if (result.error) return <p className="coach-card__error">{result.error}</p>;
  const score = formatScore(stockfish.mate === null ? stockfish.score : null, stockfish.mate);
  const pv = stockfish.pv.slice(0, PV_MOVES_SHOWN).map(uciToDisplay);
  return (
    <>
      <dl className="analysis-facts">
        <div>
          <dt>Score</dt>
          <dd className="analysis-facts__score" data-testid="analysis-score">{score}</dd>
        </div>
        <div>
          <dt>Best move</dt>
          <dd data-testid="analysis-best-move">{stockfish.bestMove ? uciToDisplay(stockfish.bestMove) : 'None'}</dd>
        </div>
        <div>
          <dt>Depth</dt>
          <dd>{stockfish.depth}</dd>
        </div>
      </dl>
      {pv.length > 0 && (
        <p className="analysis-pv">
          <span className="coach-card__muted">Line: </span>
          {pv.join(' ')}
        </p>
      )}
      {result.explanation && <p className="analysis-explanation">{result.explanation}</p>}
    </>
  );
}
