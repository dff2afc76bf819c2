import { END_REASON_TEXT, endBanner, type GameEnd } from '../../../../domain';

export function EndBanner({ end, onNewGame, onReview }: { end: GameEnd; onNewGame?: () => void; onReview?: () => void }) {
  const { title, detail } = endBanner(end);
  return (
    <section className={`end-banner end-banner--${end.winner === null ? 'draw' : 'win'}`} role="alert" aria-labelledby="end-banner-title">
      <h2 id="end-banner-title">{title}</h2>
      <p>{detail}</p>
      {end.reason !== 'checkmate' && <p className="end-banner__reason">{END_REASON_TEXT[end.reason]}</p>}
      <div className="end-banner__actions">
        {onNewGame && <button type="button" className="button button--primary" onClick={onNewGame}>Play again</button>}
        {onReview && <button type="button" className="button" onClick={onReview}>Review game</button>}
      </div>
    </section>
  );
}
