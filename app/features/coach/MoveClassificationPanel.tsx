import { formatScore } from '../../../domain/coach';
import type { MoveClassification } from '../../../schema';
import { accuracyTone, categoryLabel, complexityLabel, numberedMove, PHASE_LABELS } from './presentation';
import { CategoryIcon } from './CategoryIcon';
import { Icon } from '../../shared/components/Icon';
import type { ClassificationState } from './classification';

/** The classification of the last move (all widths): category, accuracy, loss, why, and better moves. */
export function MoveClassificationPanel({ state, onClearError }: { state: ClassificationState; onClearError: () => void }) {
  return (
    <section className="card coach-card" aria-labelledby="move-classification-title" aria-busy={state.status === 'loading'} data-testid="move-classification">
      <h2 id="move-classification-title">Move Classification</h2>
      <div aria-live="polite">
        {state.status === 'empty' && <p className="coach-card__muted">Make a move to see analysis</p>}
        {state.status === 'loading' && (
          <p className="coach-card__muted">
            <span className="spinner" aria-hidden="true" /> Analyzing move...
          </p>
        )}
        {state.status === 'error' && (
          <div className="coach-card__error-row">
            <p className="coach-card__error">{state.message}</p>
            <button type="button" className="icon-button" aria-label="Dismiss the error" onClick={onClearError}>×</button>
          </div>
        )}
        {state.status === 'done' && <ClassificationDetails ply={state.ply} san={state.san} classification={state.classification} />}
      </div>
    </section>
  );
}

function ClassificationDetails({ ply, san, classification: c }: { ply: number; san: string; classification: MoveClassification }) {
  const tone = accuracyTone(c.accuracy);
  return (
    <>
      <p className="classification__headline">
        <span className={`category-badge category--${c.category}`} data-testid="classification-category">
          <span className="category-badge__icon" aria-hidden="true"><CategoryIcon category={c.category} /></span>
          {categoryLabel(c.category)}
        </span>
        <span className="classification__move">{numberedMove(ply, san)}</span>
      </p>
      <dl className="classification__facts">
        <div>
          <dt>Accuracy</dt>
          <dd className={`tone--${tone}`}>{Math.round(c.accuracy)}%</dd>
        </div>
        {c.centipawnLoss > 0 && (
          <div>
            <dt>Centipawn loss</dt>
            <dd>{c.centipawnLoss}</dd>
          </div>
        )}
        <div>
          <dt>Phase</dt>
          <dd>{PHASE_LABELS[c.gamePhase]}</dd>
        </div>
        <div>
          <dt>Complexity</dt>
          <dd>
            {complexityLabel(c.positionComplexity)} ({Math.round(c.positionComplexity)})
          </dd>
        </div>
      </dl>
      {(c.isBookMove || c.isOnlyMove) && (
        <p className="classification__flags">
          {c.isBookMove && <span className="flag"><Icon name="book" /> Book move</span>}
          {c.isOnlyMove && <span className="flag"><Icon name="pointUp" /> Only move</span>}
        </p>
      )}
      <p className="classification__explanation" data-testid="classification-explanation">{c.explanation}</p>
      {c.alternativeMoves.length > 0 && (
        <div className="classification__alternatives">
          <h3>Other good moves</h3>
          <ul>
            {c.alternativeMoves.map((alternative) => (
              <li key={alternative.uci}>
                <strong>{alternative.move}</strong> <span className="coach-card__muted">{formatScore(alternative.mate === null ? alternative.evaluation : null, alternative.mate)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
