import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { replayGameSchema, type ReplayGame } from '../../../../schema';
import { PageSkeleton } from '../../../shared/components/Skeleton';
import { Board } from '../../../shared/components/board/Board';
import { BoardSpeech, type Narration } from '../../../shared/components/board/BoardSpeech';
import { useToast } from '../../../shared/components/Toast';
import { useAuth } from '../../auth';
import { useCachedPage } from '../../../shared/cached-page';
import { replayKey, replayPath } from '../game-pages';
import { usePreferences } from '../../settings';
import { formatDuration, gameTitle } from '../history/history-query';
import { formatSan } from '../../../../domain/notation';
import { positionText, replayNarration, replayPlies, type ReplayPly } from './replay-state';
import { useChessWords } from '../../../shared/i18n/chess-words';
import { MoveList, ReplayOptions, ReplaySteps, useReplayer, type Replay } from './ReplayParts';

const NO_TARGETS: readonly [] = [];
const ignore = () => {};

const GameReview = lazy(() => import('../../coach/GameReview'));

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
  const { t } = useLingui();
  const words = useChessWords();
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
    const plies = replayPlies(loaded.value.startingFen, loaded.value.moves, words);
    return plies.ok ? { status: 'ready', game: loaded.value, plies: plies.value } : { status: 'error' };
    // The stored copy is re-read on every render; a game's id and moves say whether it changed.
  }, [loaded.status, loaded.status === 'ready' ? `${loaded.value.id}:${loaded.value.moves.join(' ')}` : '', words]); // eslint-disable-line react-hooks/exhaustive-deps
  const offline = loaded.status === 'ready' && loaded.offline;

  useEffect(() => {
    if (load.status !== 'error') return;
    console.error('Failed to fetch game data', id);
    toast({ title: t`Failed to fetch game data`, variant: 'destructive' });
  }, [load.status, id, toast, t]);

  return (
    <div className="page replay">
      <header className="page__header">
        <Link to="/games/history" className="back-link"><Trans>← Back to History</Trans></Link>
        <h1><Trans>Game Replay</Trans></h1>
      </header>
      {offline && <p className="sync-line" role="status"><Trans>Offline: showing this game as saved on this device.</Trans></p>}
      {load.status === 'loading' && <PageSkeleton />}
      {load.status === 'error' && (
        <div className="notice notice--error" role="alert">
          <p><Trans>Error loading game. Please try again later.</Trans></p>
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

/** What the board's name and the move log say of the replay's place. */
function useReplaySpeech(r: Replay, plies: ReplayPly[], totalMoves: number) {
  const { i18n, t } = useLingui();
  const ply = plies[r.index]!;
  const lastMove = useMemo(() => (ply.from && ply.to ? { from: ply.from, to: ply.to } : null), [ply]);
  // Nothing is said on opening the replay; then every arrival, a step or a jump, once.
  const narration: Narration | null = r.step === 0 ? null : { id: r.step, text: replayNarration(i18n, plies, r.index, r.previous, totalMoves), lastMove: ply.words };
  const words = ply.words;
  const caption = words ? t`Board after ${words}` : t`Board at the starting position`;
  return { ply, lastMove, narration, caption };
}

/** The header line's facts after the title: the colour played, the moves, the time, the opening. */
function gameFacts(i18n: I18n, game: ReplayGame): string {
  const colour = game.playerColor === 'white' ? i18n._(msg`White`) : i18n._(msg`Black`);
  // English has said '1 moves' since the spec; the other languages get their plural forms.
  const count = game.totalMoves;
  const moves = i18n._(msg`${plural(count, { other: '# moves' })}`);
  const opening = game.openingName ? ` · ${game.openingEco ?? ''} ${game.openingName}` : '';
  return ` · ${colour} · ${moves} · ${formatDuration(game.gameDuration)}${opening}`;
}

function Replayer({ game, plies, reviewAvailable, onReview }: ReplayerProps) {
  const { preferences } = usePreferences();
  const r = useReplayer(plies.length - 1);
  const { index, interval } = r;
  const { i18n, t } = useLingui();
  const { ply, lastMove, narration, caption } = useReplaySpeech(r, plies, game.totalMoves);

  const playerIsWhite = game.playerColor === 'white';
  const moveText = positionText(i18n, index, game.totalMoves, ply.san === null ? null : formatSan(ply.san, preferences?.notation ?? 'san'));
  const title = gameTitle(i18n, game);

  return (
    <div className="replay__layout">
      <section className="replay__board-column" aria-label={t`Board`}>
        <p className="replay__title"><strong>{title}</strong>{gameFacts(i18n, game)}</p>
        {/* Read-only: the squares are named and walked with the arrows; the replay's keys work off the board. */}
        <Board
          id="replay-board"
          testId="replay-board"
          className="replay__board"
          caption={caption}
          keys="read"
          fen={ply.fen}
          orientation={playerIsWhite !== r.flipped ? 'w' : 'b'}
          lastMove={lastMove}
          selected={null}
          targets={NO_TARGETS}
          disabled
          onSquare={ignore}
          onPutDown={ignore}
          animationMs={preferences?.animationSpeed !== undefined ? Math.min(200, interval / 2) : 0}
        />
        {/* The move log says each move; this line is for the eye (the slider's value says it too). */}
        <p className="replay__position" data-testid="replay-position">{moveText}</p>
        <ReplaySteps r={r} moveText={moveText} />
        <BoardSpeech fen={ply.fen} lastMove={lastMove} commandsOnly narration={narration} />
        <ReplayOptions r={r} game={game} reviewAvailable={reviewAvailable} onReview={onReview} />
      </section>
      <MoveList r={r} plies={plies} startingFen={game.startingFen} />
    </div>
  );
}
