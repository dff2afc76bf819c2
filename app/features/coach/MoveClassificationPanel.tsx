import { Trans, useLingui } from '@lingui/react/macro';
import { formatScore } from '../../../domain/coach';
import type { MoveClassification } from '../../../schema';
import { accuracyTone, categoryLabel, COMPLEXITY_LABELS, complexityLabel, numberedMove, PHASE_LABELS } from './presentation';
import { CategoryIcon } from './CategoryIcon';
import { Icon } from '../../shared/components/Icon';
import type { ClassificationState } from './classification';
import { useCoachWords } from '../../shared/i18n/coach-words';

/** The classification of the last move (all widths): category, accuracy, loss, why, and better moves. */
export function MoveClassificationPanel({ state, onClearError }: { state: ClassificationState; onClearError: () => void }) {
  const { t } = useLingui();
  return (
    <section className="card coach-card" aria-labelledby="move-classification-title" aria-busy={state.status === 'loading'} data-testid="move-classification">
      <h2 id="move-classification-title"><Trans>Move Classification</Trans></h2>
      <div aria-live="polite">
        {state.status === 'empty' && <p className="coach-card__muted"><Trans>Make a move to see analysis</Trans></p>}
        {state.status === 'loading' && (
          <p className="coach-card__muted">
            <span className="spinner" aria-hidden="true" /> <Trans>Analyzing move...</Trans>
          </p>
        )}
        {state.status === 'error' && (
          <div className="coach-card__error-row">
            <p className="coach-card__error">{state.reason || t`Failed to classify move`}</p>
            <button type="button" className="icon-button" aria-label={t`Dismiss the error`} onClick={onClearError}>×</button>
          </div>
        )}
        {state.status === 'done' && <ClassificationDetails ply={state.ply} san={state.san} classification={state.classification} />}
      </div>
    </section>
  );
}

function ClassificationDetails({ ply, san, classification: c }: { ply: number; san: string; classification: MoveClassification }) {
  const { i18n } = useLingui();
  const words = useCoachWords();
  const tone = accuracyTone(c.accuracy);
  return (
    <>
      <p className="classification__headline">
        <span className={`category-badge category--${c.category}`} data-testid="classification-category">
          <span className="category-badge__icon" aria-hidden="true"><CategoryIcon category={c.category} /></span>
          {i18n._(categoryLabel(c.category))}
        </span>
        <span className="classification__move">{numberedMove(ply, words.san(san))}</span>
      </p>
      <dl className="classification__facts">
        <div>
          <dt><Trans>Accuracy</Trans></dt>
          <dd className={`tone--${tone}`}>{Math.round(c.accuracy)}%</dd>
        </div>
        {c.centipawnLoss > 0 && (
          <div>
            <dt><Trans>Centipawn loss</Trans></dt>
            <dd>{c.centipawnLoss}</dd>
          </div>
        )}
        <div>
          <dt><Trans>Phase</Trans></dt>
          <dd>{i18n._(PHASE_LABELS[c.gamePhase])}</dd>
        </div>
        <div>
          <dt><Trans>Complexity</Trans></dt>
          <dd>
            {i18n._(COMPLEXITY_LABELS[complexityLabel(c.positionComplexity)])} ({Math.round(c.positionComplexity)})
          </dd>
        </div>
      </dl>
      {(c.isBookMove || c.isOnlyMove) && (
        <p className="classification__flags">
          {c.isBookMove && <span className="flag"><Icon name="book" /> <Trans>Book move</Trans></span>}
          {c.isOnlyMove && <span className="flag"><Icon name="pointUp" /> <Trans>Only move</Trans></span>}
        </p>
      )}
      <p className="classification__explanation" data-testid="classification-explanation">{words.text(c.explanationWords, c.explanation)}</p>
      {c.alternativeMoves.length > 0 && (
        <div className="classification__alternatives">
          <h3><Trans>Other good moves</Trans></h3>
          <ul>
            {c.alternativeMoves.map((alternative) => (
              <li key={alternative.uci}>
                <strong>{words.san(alternative.move)}</strong> <span className="coach-card__muted">{formatScore(alternative.mate === null ? alternative.evaluation : null, alternative.mate)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
