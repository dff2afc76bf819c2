import { Trans, useLingui } from '@lingui/react/macro';
import type { HintResponse } from '../../../schema';
import { Icon } from '../../shared/components/Icon';
import { useCoachWords } from '../../shared/i18n/coach-words';

/**
 * The hint of the position on the board, as Lichess's practice mode gives it: a first press
 * points at the piece (the nudge), a second press or 'Show me' shows the move. A hint belongs to
 * its position: any move, Undo or New Game clears it.
 */
export type HintState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'shown'; response: HintResponse & { hint: NonNullable<HintResponse['hint']> }; stage: 'nudge' | 'move' };

interface HintCardProps {
  state: Extract<HintState, { status: 'shown' }>;
  canSpeak: boolean;
  onShowMe: () => void;
  onHearAgain: () => void;
  onClose: () => void;
}

/** 'AI Suggestion': the idea in words, 'Learning Tips', 'Show me', hear again and close. */
export function HintCard({ state, canSpeak, onShowMe, onHearAgain, onClose }: HintCardProps) {
  const { t } = useLingui();
  const words = useCoachWords();
  const { hint } = state.response;
  const learningTips = words.tips(state.response.learningTipWords, state.response.learningTips);
  const revealed = state.stage === 'move';
  return (
    <section className="card hint-card" aria-labelledby="hint-card-title" data-testid="hint-card">
      <div className="hint-card__header">
        <h2 id="hint-card-title">
          <Icon name="hint" /> <Trans>AI Suggestion</Trans>
        </h2>
        <button type="button" className="icon-button" aria-label={t`Close the hint`} onClick={onClose}><Icon name="close" /></button>
      </div>
      <p className="hint-card__text" aria-live="polite" data-testid="hint-text">{revealed ? words.text(hint.textWords, hint.text) : words.text(hint.nudgeWords, hint.nudge)}</p>
      {learningTips.length > 0 && (
        <div className="hint-card__tips">
          <h3><Trans>Learning Tips</Trans></h3>
          <ul>
            {learningTips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="hint-card__actions">
        <button type="button" className="button button--primary" onClick={onShowMe} aria-pressed={revealed}>
          <Icon name="arrowRight" /> <Trans>Show me</Trans>
        </button>
        {canSpeak && (
          <button type="button" className="button" onClick={onHearAgain}>
            <Icon name="volume" /> <Trans>Hear again</Trans>
          </button>
        )}
      </div>
    </section>
  );
}
