import { useCallback, useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { apiPath, historyPaths, type ReplayGame } from '../../../../schema';
import { downloadFile } from '../../../shared/api';
import { pgnFileName } from '../history/history-query';
import { formatSan } from '../../../../domain/notation';
import { useNotation } from '../../settings';
import { REPLAY_INTERVAL, indexForKey, movePairs, snapInterval, speedLabel, type ReplayPly } from './replay-state';

/** The replay's place, auto-play and speed, the keys that step through it, and the move list kept in view. */
export function useReplayer(lastIndex: number) {
  // Where the replay came from too, so the move log can tell a step from a jump; `step` counts arrivals.
  const [place, setPlace] = useState({ index: 0, previous: 0, step: 0 });
  const { index } = place;
  const setIndex = useCallback(
    (next: number | ((current: number) => number)) =>
      setPlace((current) => {
        const value = typeof next === 'function' ? next(current.index) : next;
        return value === current.index ? current : { index: value, previous: current.index, step: current.step + 1 };
      }),
    [],
  );
  const [flipped, setFlipped] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [interval, setIntervalMs] = useState<number>(REPLAY_INTERVAL.default);
  const moveListRef = useRef<HTMLOListElement>(null);

  const go = useCallback((next: number) => setIndex(Math.max(0, Math.min(lastIndex, next))), [lastIndex, setIndex]);

  // Auto-play steps at the chosen interval and stops on the last move.
  useEffect(() => {
    if (!playing) return;
    if (index >= lastIndex) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setIndex((current) => Math.min(lastIndex, current + 1)), interval);
    return () => clearTimeout(timer);
  }, [playing, index, interval, lastIndex, setIndex]);

  // Left/Right step, Home/End jump, anywhere on the page except in form fields and on the board,
  // whose squares take the same keys to move between squares.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && target.closest('input, select, textarea, [contenteditable="true"], [data-square-focus]')) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const next = indexForKey(event.key, index, lastIndex);
      if (next === null) return;
      event.preventDefault();
      setPlaying(false);
      go(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, lastIndex, go]);

  // Keep the current move in view in a long move list.
  useEffect(() => {
    moveListRef.current?.querySelector('[aria-current="step"]')?.scrollIntoView({ block: 'nearest' });
  }, [index]);

  return { index, previous: place.previous, step: place.step, setIndex, flipped, setFlipped, playing, setPlaying, interval, setIntervalMs, moveListRef, go, lastIndex };
}

export type Replay = ReturnType<typeof useReplayer>;

/** The move slider and the step buttons with Auto-play. */
export function ReplaySteps({ r, moveText }: { r: Replay; moveText: string }) {
  const { index, lastIndex, go, playing, setPlaying } = r;
  const { t } = useLingui();
  return (
    <>
      <div className="field replay__slider">
        <label htmlFor="replay-move" className="field__label"><Trans>Move</Trans></label>
        <input
          id="replay-move"
          type="range"
          min={0}
          max={lastIndex}
          step={1}
          value={index}
          aria-valuetext={moveText}
          onChange={(event) => {
            setPlaying(false);
            go(Number(event.target.value));
          }}
        />
      </div>
      <div className="controls replay__controls" role="toolbar" aria-label={t`Replay controls`}>
        <button type="button" className="button" onClick={() => go(0)} disabled={index === 0} aria-label={t`First move`}><span aria-hidden="true">«</span></button>
        <button type="button" className="button" onClick={() => go(index - 1)} disabled={index === 0} aria-label={t`Previous move`}><span aria-hidden="true">‹</span></button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            if (!playing && index >= lastIndex) r.setIndex(0);
            setPlaying(!playing);
          }}
          disabled={lastIndex === 0}
          aria-pressed={playing}
        >
          {playing ? t`Pause` : t`Auto-play`}
        </button>
        <button type="button" className="button" onClick={() => go(index + 1)} disabled={index >= lastIndex} aria-label={t`Next move`}><span aria-hidden="true">›</span></button>
        <button type="button" className="button" onClick={() => go(lastIndex)} disabled={index >= lastIndex} aria-label={t`Last move`}><span aria-hidden="true">»</span></button>
      </div>
    </>
  );
}

interface OptionsProps {
  r: Replay;
  game: ReplayGame;
  reviewAvailable: boolean | undefined;
  onReview: ((game: ReplayGame) => void) | undefined;
}

/** The auto-play speed, Flip Board, Download PGN and Review game. */
export function ReplayOptions({ r, game, reviewAvailable, onReview }: OptionsProps) {
  const { interval, flipped } = r;
  const { t } = useLingui();
  const speed = speedLabel(interval);
  return (
    <>
      <div className="field replay__slider">
        <label htmlFor="replay-speed" className="field__label">
          <Trans>Auto-play speed: <output htmlFor="replay-speed" data-testid="replay-speed">{speed}</output></Trans>
        </label>
        <input
          id="replay-speed"
          type="range"
          min={REPLAY_INTERVAL.min}
          max={REPLAY_INTERVAL.max}
          step={REPLAY_INTERVAL.step}
          value={interval}
          aria-valuetext={t`${interval} ms between moves (${speed})`}
          onChange={(event) => r.setIntervalMs(snapInterval(Number(event.target.value)))}
        />
        <span className="field__hint"><Trans>{interval} ms between moves</Trans></span>
      </div>
      <div className="replay__actions">
        <button type="button" className="button" onClick={() => r.setFlipped(!flipped)} aria-pressed={flipped}><Trans>Flip Board</Trans></button>
        <button type="button" className="button" onClick={() => void downloadFile(apiPath(historyPaths.pgn, { id: game.id }), pgnFileName(game.id))}><Trans>Download PGN</Trans></button>
        {reviewAvailable && onReview && (
          <button type="button" className="button button--primary" onClick={() => onReview(game)}><Trans>Review game</Trans></button>
        )}
      </div>
    </>
  );
}

/** The moves in pairs, each a button to its position; the current one marked as the step. */
export function MoveList({ r, plies, startingFen }: { r: Replay; plies: ReplayPly[]; startingFen: ReplayGame['startingFen'] }) {
  const notation = useNotation();
  const pairs = movePairs(plies, startingFen);
  const plyButton = (plyIndex: number | null) =>
    plyIndex === null ? <span className="move-list__empty">…</span> : (
      <button
        type="button"
        className="move-list__move"
        aria-current={plyIndex === r.index ? 'step' : undefined}
        onClick={() => {
          r.setPlaying(false);
          r.go(plyIndex);
        }}
      >
        {formatSan(plies[plyIndex]!.san ?? '', notation)}
      </button>
    );
  return (
    <section className="card replay__moves" aria-labelledby="move-list-title">
      <h2 id="move-list-title"><Trans>Moves</Trans></h2>
      {pairs.length === 0 ? <p><Trans>No moves were played.</Trans></p> : (
        <ol className="move-list" ref={r.moveListRef}>
          {pairs.map((pair) => (
            <li key={pair.number} className="move-list__row">
              <span className="move-list__number">{pair.number}.</span>
              {plyButton(pair.white)}
              {plyButton(pair.black)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
