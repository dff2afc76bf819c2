import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Link, useParams } from 'react-router';
import { Chessboard, type ChessboardOptions } from 'react-chessboard';
import { replayGameSchema, type ReplayGame } from '../../../../schema';
import { PageSkeleton } from '../../../shared/components/Skeleton';
import { useToast } from '../../../shared/components/Toast';
import { downloadFile } from '../../../shared/api';
import { useAuth } from '../../auth';
import { useCachedPage } from '../../../shared/cached-page';
import { replayKey, replayPath } from '../game-pages';
import { usePreferences } from '../../settings';
import { formatDuration, gameTitle, pgnFileName } from '../history/history-query';
import { REPLAY_INTERVAL, indexForKey, movePairs, positionText, replayPlies, snapInterval, speedLabel, type ReplayPly } from './replay-state';

const GameReview = lazy(() => import('../../coach/GameReview'));

const LAST_MOVE = 'linear-gradient(var(--board-last-move), var(--board-last-move))';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; game: ReplayGame; plies: ReplayPly[] };

export interface ReplayScreenProps {
  /** Shows 'Review game' (the engine's review of the whole game, run in the worker). */
  reviewAvailable?: boolean;
  onReview?: (game: ReplayGame) => void;
}

/** /games/{id}/replay: a read-only board that steps through a saved game, and its review on request. */
export default function ReplayScreen({ reviewAvailable = true, onReview }: ReplayScreenProps) {
  const { id } = useParams();
  const toast = useToast();
  const [reviewing, setReviewing] = useState<ReplayGame | null>(null);
  const review = onReview ?? setReviewing;
  const auth = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.id : null;
  const gameId = Number(id);
  const valid = userId !== null && Number.isInteger(gameId) && gameId > 0;
  // Kept on the device after one visit (or a visit to History), so a replay opens offline too.
  const loaded = useCachedPage(valid ? replayKey(userId, gameId) : null, valid ? replayPath(gameId) : null, replayGameSchema);
  const load = useMemo<Load>(() => {
    if (loaded.status === 'loading') return { status: 'loading' };
    if (loaded.status !== 'ready') return { status: 'error' };
    const plies = replayPlies(loaded.value.startingFen, loaded.value.moves);
    return plies.ok ? { status: 'ready', game: loaded.value, plies: plies.value } : { status: 'error' };
    // The stored copy is re-read on every render; a game's id and moves say whether it changed.
  }, [loaded.status, loaded.status === 'ready' ? `${loaded.value.id}:${loaded.value.moves.join(' ')}` : '']); // eslint-disable-line react-hooks/exhaustive-deps
  const offline = loaded.status === 'ready' && loaded.offline;

  useEffect(() => {
    if (load.status !== 'error') return;
    console.error('Failed to fetch game data', id);
    toast({ title: 'Failed to fetch game data', variant: 'destructive' });
  }, [load.status, id, toast]);

  return (
    <div className="page replay">
      <header className="page__header">
        <Link to="/games/history" className="back-link">← Back to History</Link>
        <h1>Game Replay</h1>
      </header>
      {offline && <p className="sync-line" role="status">Offline: showing this game as saved on this device.</p>}
      {load.status === 'loading' && <PageSkeleton />}
      {load.status === 'error' && (
        <div className="notice notice--error" role="alert">
          <p>Error loading game. Please try again later.</p>
        </div>
      )}
      {load.status === 'ready' && (
        <Replayer game={load.game} plies={load.plies} reviewAvailable={reviewAvailable} onReview={review} />
      )}
      {reviewing && (
        <Suspense fallback={<PageSkeleton />}>
          <GameReview
            moves={reviewing.moves}
            startingFen={reviewing.startingFen}
            orientation={reviewing.playerColor === 'black' ? 'b' : 'w'}
            onClose={() => setReviewing(null)}
          />
        </Suspense>
      )}
    </div>
  );
}

interface ReplayerProps extends ReplayScreenProps {
  game: ReplayGame;
  plies: ReplayPly[];
}

function Replayer({ game, plies, reviewAvailable, onReview }: ReplayerProps) {
  const { preferences } = usePreferences();
  const lastIndex = plies.length - 1;
  const [index, setIndex] = useState(0);
  const [flipped, setFlipped] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [interval, setIntervalMs] = useState<number>(REPLAY_INTERVAL.default);
  const moveListRef = useRef<HTMLOListElement>(null);

  const go = useCallback((next: number) => setIndex(Math.max(0, Math.min(lastIndex, next))), [lastIndex]);

  // Auto-play steps at the chosen interval and stops on the last move.
  useEffect(() => {
    if (!playing) return;
    if (index >= lastIndex) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setIndex((current) => Math.min(lastIndex, current + 1)), interval);
    return () => clearTimeout(timer);
  }, [playing, index, interval, lastIndex]);

  // Left/Right step, Home/End jump, anywhere on the page except in form fields.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && target.closest('input, select, textarea, [contenteditable="true"]')) return;
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

  const ply = plies[index]!;
  const squareStyles = useMemo(() => {
    const styles: Record<string, CSSProperties> = {};
    if (ply.from && ply.to) {
      styles[ply.from] = { backgroundImage: LAST_MOVE };
      styles[ply.to] = { backgroundImage: LAST_MOVE };
    }
    return styles;
  }, [ply]);

  const playerIsWhite = game.playerColor === 'white';
  const orientation = playerIsWhite !== flipped ? 'white' : 'black';
  const options: ChessboardOptions = {
    id: 'replay-board',
    position: ply.fen,
    boardOrientation: orientation,
    allowDragging: false,
    squareStyles,
    lightSquareStyle: { backgroundColor: 'var(--board-light)' },
    darkSquareStyle: { backgroundColor: 'var(--board-dark)' },
    showNotation: true,
    showAnimations: preferences?.animationSpeed !== undefined,
    animationDurationInMs: Math.min(200, interval / 2),
  };

  const pairs = movePairs(plies, game.startingFen);
  const moveText = positionText(index, game.totalMoves, ply.san);
  const title = gameTitle(game);

  const plyButton = (plyIndex: number | null) =>
    plyIndex === null ? <span className="move-list__empty">…</span> : (
      <button
        type="button"
        className="move-list__move"
        aria-current={plyIndex === index ? 'step' : undefined}
        onClick={() => {
          setPlaying(false);
          go(plyIndex);
        }}
      >
        {plies[plyIndex]!.san}
      </button>
    );

  return (
    <div className="replay__layout">
      <section className="replay__board-column" aria-label="Board">
        <p className="replay__title"><strong>{title}</strong> · {game.playerColor === 'white' ? 'White' : 'Black'} · {game.totalMoves} moves · {formatDuration(game.gameDuration)}{game.openingName ? ` · ${game.openingEco ?? ''} ${game.openingName}` : ''}</p>
        <div className="board replay__board" data-testid="replay-board" data-fen={ply.fen} role="img" aria-label={`Board after ${index === 0 ? 'no moves' : `${ply.san}`}`}>
          <Chessboard options={options} />
        </div>
        <p className="replay__position" aria-live="polite" data-testid="replay-position">{moveText}</p>
        <div className="field replay__slider">
          <label htmlFor="replay-move" className="field__label">Move</label>
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
        <div className="controls replay__controls" role="toolbar" aria-label="Replay controls">
          <button type="button" className="button" onClick={() => go(0)} disabled={index === 0} aria-label="First move"><span aria-hidden="true">«</span></button>
          <button type="button" className="button" onClick={() => go(index - 1)} disabled={index === 0} aria-label="Previous move"><span aria-hidden="true">‹</span></button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              if (!playing && index >= lastIndex) setIndex(0);
              setPlaying(!playing);
            }}
            disabled={lastIndex === 0}
            aria-pressed={playing}
          >
            {playing ? 'Pause' : 'Auto-play'}
          </button>
          <button type="button" className="button" onClick={() => go(index + 1)} disabled={index >= lastIndex} aria-label="Next move"><span aria-hidden="true">›</span></button>
          <button type="button" className="button" onClick={() => go(lastIndex)} disabled={index >= lastIndex} aria-label="Last move"><span aria-hidden="true">»</span></button>
        </div>
        <div className="field replay__slider">
          <label htmlFor="replay-speed" className="field__label">
            Auto-play speed: <output htmlFor="replay-speed" data-testid="replay-speed">{speedLabel(interval)}</output>
          </label>
          <input
            id="replay-speed"
            type="range"
            min={REPLAY_INTERVAL.min}
            max={REPLAY_INTERVAL.max}
            step={REPLAY_INTERVAL.step}
            value={interval}
            aria-valuetext={`${interval} ms between moves (${speedLabel(interval)})`}
            onChange={(event) => setIntervalMs(snapInterval(Number(event.target.value)))}
          />
          <span className="field__hint">{interval} ms between moves</span>
        </div>
        <div className="replay__actions">
          <button type="button" className="button" onClick={() => setFlipped(!flipped)} aria-pressed={flipped}>Flip Board</button>
          <button type="button" className="button" onClick={() => void downloadFile(`/api/games/${game.id}/pgn`, pgnFileName(game.id))}>Download PGN</button>
          {reviewAvailable && onReview && (
            <button type="button" className="button button--primary" onClick={() => onReview(game)}>Review game</button>
          )}
        </div>
      </section>
      <section className="card replay__moves" aria-labelledby="move-list-title">
        <h2 id="move-list-title">Moves</h2>
        {pairs.length === 0 ? <p>No moves were played.</p> : (
          <ol className="move-list" ref={moveListRef}>
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
    </div>
  );
}
