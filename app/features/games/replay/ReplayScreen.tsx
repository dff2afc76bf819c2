import { lazy, Suspense, useEffect, useMemo, useState, type CSSProperties } from 'react';
import { Link, useParams } from 'react-router';
import { Chessboard, type ChessboardOptions } from 'react-chessboard';
import { replayGameSchema, type ReplayGame } from '../../../../schema';
import { PageSkeleton } from '../../../shared/components/Skeleton';
import { useToast } from '../../../shared/components/Toast';
import { useAuth } from '../../auth';
import { useCachedPage } from '../../../shared/cached-page';
import { replayKey, replayPath } from '../game-pages';
import { usePreferences } from '../../settings';
import { formatDuration, gameTitle } from '../history/history-query';
import { positionText, replayPlies, type ReplayPly } from './replay-state';
import { MoveList, ReplayOptions, ReplaySteps, useReplayer } from './ReplayParts';

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
  const r = useReplayer(plies.length - 1);
  const { index, interval } = r;

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
  const orientation = playerIsWhite !== r.flipped ? 'white' : 'black';
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

  const moveText = positionText(index, game.totalMoves, ply.san);
  const title = gameTitle(game);

  return (
    <div className="replay__layout">
      <section className="replay__board-column" aria-label="Board">
        <p className="replay__title"><strong>{title}</strong> · {game.playerColor === 'white' ? 'White' : 'Black'} · {game.totalMoves} moves · {formatDuration(game.gameDuration)}{game.openingName ? ` · ${game.openingEco ?? ''} ${game.openingName}` : ''}</p>
        <div className="board replay__board" data-testid="replay-board" data-fen={ply.fen} role="img" aria-label={`Board after ${index === 0 ? 'no moves' : `${ply.san}`}`}>
          <Chessboard options={options} />
        </div>
        <p className="replay__position" aria-live="polite" data-testid="replay-position">{moveText}</p>
        <ReplaySteps r={r} moveText={moveText} />
        <ReplayOptions r={r} game={game} reviewAvailable={reviewAvailable} onReview={onReview} />
      </section>
      <MoveList r={r} plies={plies} startingFen={game.startingFen} />
    </div>
  );
}
