import { Trans, useLingui } from '@lingui/react/macro';
import type { GameEnd } from '../../../../domain';
import { endText } from './end-text';

export function EndBanner({ end, onNewGame, onReview }: { end: GameEnd; onNewGame?: () => void; onReview?: () => void }) {
  const { i18n } = useLingui();
  const { title, detail, reason } = endText(i18n, end);
  return (
    <section className={`end-banner end-banner--${end.winner === null ? 'draw' : 'win'}`} role="alert" aria-labelledby="end-banner-title">
      <h2 id="end-banner-title">{title}</h2>
      <p>{detail}</p>
      {reason !== null && <p className="end-banner__reason">{reason}</p>}
      <div className="end-banner__actions">
        {onNewGame && <button type="button" className="button button--primary" onClick={onNewGame}><Trans>Play again</Trans></button>}
        {onReview && <button type="button" className="button" onClick={onReview}><Trans>Review game</Trans></button>}
      </div>
    </section>
  );
}
