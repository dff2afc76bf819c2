import { useMemo, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatSan, parseFen, playMove, speakMove } from '../../../domain';
import { useChessWords } from '../../shared/i18n/chess-words';
import { useNotation } from '../settings';
import { TIP_BADGE_TAGS, TIP_BOARD_SIZE, TIP_RATING_MAX, TIP_RATING_MIN, type Tip, type TipCategory } from '../../../schema';
import { ReviewBoard } from '../../shared/components/board/ReviewBoard';
import { previewText } from './tip-text';
import { useContentLang } from '../../shared/i18n';

const BADGE_LABELS: Record<(typeof TIP_BADGE_TAGS)[number], MessageDescriptor> = { personalized: msg`Personalized`, 'ai-generated': msg`AI-generated` };
const DIFFICULTY_LABELS = { beginner: msg`Beginner`, intermediate: msg`Intermediate`, advanced: msg`Advanced` } as const;
const CATEGORY_LABELS: Record<TipCategory, MessageDescriptor> = {
  opening: msg`Opening`,
  tactics: msg`Tactics`,
  endgame: msg`Endgame`,
  strategy: msg`Strategy`,
  psychology: msg`Psychology`,
  general: msg`General`,
};

interface TipActions {
  complete: (tip: Tip) => void;
  bookmark: (tip: Tip) => void;
  rate: (tip: Tip, rating: number) => void;
}

/** One tip: its text (cut in lists, with Read more), badges, board preview and the user's actions. */
export function TipCard({ tip, full = false, actions }: { tip: Tip; full?: boolean; actions: TipActions }) {
  const [expanded, setExpanded] = useState(full);
  const { t, i18n } = useLingui();
  const contentLang = useContentLang();
  // The chosen rating shows at once; the stored list catches up when the outbox has it.
  const [rating, setRating] = useState(tip.progress.rating);
  const [ratingOf, setRatingOf] = useState(tip.progress.rating);
  if (ratingOf !== tip.progress.rating) {
    setRatingOf(tip.progress.rating);
    setRating(tip.progress.rating);
  }
  const text = expanded ? tip.content : previewText(tip.content);
  const badges = TIP_BADGE_TAGS.filter((tag) => tip.tags.includes(tag) || (tag === 'personalized' && tip.isPersonalized));
  const titleId = `tip-${tip.id}-title`;
  const title = tip.title;
  const seconds = tip.estimatedReadTime;
  return (
    <article className="card tip" aria-labelledby={titleId}>
      <h3 id={titleId} lang={contentLang}>{tip.title}</h3>
      <p className="tip__meta">
        <span className="badge">{i18n._(CATEGORY_LABELS[tip.category])}</span>
        <span className="badge badge--muted">{i18n._(DIFFICULTY_LABELS[tip.difficulty])}</span>
        <span>{t`${seconds} s read`}</span>
        {badges.map((tag) => <span key={tag} className="badge">{i18n._(BADGE_LABELS[tag])}</span>)}
        {tip.progress.completed && <span className="badge badge--muted"><Trans>Completed</Trans></span>}
      </p>
      <p className="tip__content" lang={contentLang}>{text}</p>
      {!full && text !== tip.content && (
        <button type="button" className="link-button" onClick={() => setExpanded(true)}><Trans>Read more<span className="visually-hidden">: <bdi lang={contentLang}>{title}</bdi></span></Trans></button>
      )}
      {tip.fen && expanded && <TipBoard fen={tip.fen} moves={tip.moves ?? []} title={tip.title} />}
      <div className="tip__actions">
        {!tip.progress.completed && (
          <button type="button" className="button button--primary" onClick={() => actions.complete(tip)}><Trans>Mark Complete</Trans></button>
        )}
        <button type="button" className="button" aria-pressed={tip.progress.bookmarked} onClick={() => actions.bookmark(tip)}>
          {tip.progress.bookmarked ? t`Bookmarked` : t`Bookmark`}
        </button>
      </div>
      <fieldset className="tip__rating">
        <legend><Trans>Rate this tip</Trans></legend>
        {Array.from({ length: TIP_RATING_MAX - TIP_RATING_MIN + 1 }, (_, i) => TIP_RATING_MIN + i).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name={`tip-${tip.id}-rating`}
              value={value}
              checked={rating === value}
              onChange={() => {
                setRating(value);
                actions.rate(tip, value);
              }}
            />
            <span>{value}</span>
          </label>
        ))}
      </fieldset>
    </article>
  );
}

/** The board preview (280 px): the position after the tip's moves, the last one highlighted. */
function TipBoard({ fen, moves, title }: { fen: string; moves: { from: string; to: string }[]; title: string }) {
  const notation = useNotation();
  const { t } = useLingui();
  const chessWords = useChessWords();
  const position = useMemo(() => {
    const game = parseFen(fen);
    if (!game.ok) return null;
    const sans: string[] = [];
    let words: string | null = null;
    for (const move of moves) {
      const played = playMove(game.value, { ...move, promotion: 'q' });
      if (!played.ok) break;
      sans.push(played.value.san);
      words = speakMove(played.value, chessWords);
    }
    const complete = moves.length > 0 && sans.length === moves.length;
    return { fen: game.value.fen(), sans, last: complete ? moves[moves.length - 1]! : null, words: complete ? words : null };
  }, [fen, moves, chessWords]);
  if (!position) return null;
  const orientation = fen.split(' ')[1] === 'b' ? 'b' : 'w';
  const words = position.words;
  return (
    <figure className="tip__board" style={{ width: TIP_BOARD_SIZE, maxWidth: '100%' }}>
      {/* Read-only, one tab stop: the name says what it shows, the arrows read its squares. */}
      <ReviewBoard fen={position.fen} orientation={orientation} highlight={position.last} arrow={null} label={words ? t`${title}: board after ${words}` : t`${title}: board`} />
      <figcaption>{position.sans.length > 0 ? `${title}: ${position.sans.map((san) => formatSan(san, notation)).join(' ')}` : title}</figcaption>
    </figure>
  );
}
