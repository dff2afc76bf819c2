import { lazy, Suspense, useState } from 'react';
import { useSettings, usePreferences } from '../../data/settings';
import { BoardSkeleton } from '../../components/Skeleton';
import { HintCard } from '../../coach/HintCard';
import { SpeechBanner } from '../../speech/SpeechBanner';
import { CoachSidePanel } from './CoachSidePanel';
import { EndBanner } from './EndBanner';
import { GameControls } from './GameControls';
import { PlayBoard } from './PlayBoard';
import { PromotionDialog } from './PromotionDialog';
import { StatusBar } from './StatusBar';
import { useGame } from './useGame';
import { usePlayCoach } from './usePlayCoach';

/** The review analyses the whole game: loaded only when asked for. */
const GameReview = lazy(() => import('../../coach/GameReview'));

/** The Play screen (route '/'): the board, its status bar, controls and end-of-game banner, and the coach beside it. */
export default function PlayScreen() {
  const { settings } = useSettings();
  const { preferences } = usePreferences();
  const game = useGame(settings);
  const coach = usePlayCoach(game, settings);
  const [reviewing, setReviewing] = useState<string[] | null>(null);

  if (!game.ready || game.setup === null || preferences === undefined || settings === undefined) {
    return (
      <div className="play" aria-busy="true">
        <h1 className="visually-hidden">Play</h1>
        <BoardSkeleton />
      </div>
    );
  }

  // New Game and Undo also clear the hint and a review of the finished game.
  const newGame = () => {
    coach.hint.close();
    setReviewing(null);
    game.newGame();
  };
  const undo = () => {
    coach.hint.close();
    setReviewing(null);
    game.undo();
  };
  const hint = coach.hint.state;

  return (
    <div className="play">
      <h1 className="visually-hidden">Play</h1>
      <div className="play__main">
        <StatusBar game={game} />
        <PlayBoard game={game} orientation={game.setup.playerColor} preferences={preferences} overlay={coach.overlay} />
        {game.computerError !== null && (
          <div className="notice notice--error" role="alert">
            <p>The coach could not move: {game.computerError}</p>
            <button type="button" className="button" onClick={game.retryComputer}>Try again</button>
          </div>
        )}
        {game.end && <EndBanner end={game.end} onNewGame={newGame} onReview={reviewing === null ? () => setReviewing(game.moves) : undefined} />}
        <GameControls game={game} coach={coach} onUndo={undo} onNewGame={newGame} />
        {hint.status === 'shown' && (
          <HintCard state={hint} canSpeak={coach.canSpeak} onShowMe={coach.hint.showMove} onHearAgain={coach.hearHintAgain} onClose={coach.hint.close} />
        )}
        <p className="play__mode">
          {game.setup.gameMode === 'pvc'
            ? `Playing ${game.setup.playerColor === 'w' ? 'White' : 'Black'} against the computer (${game.setup.difficulty})`
            : 'Two players on this device'}
        </p>
      </div>
      <CoachSidePanel fen={game.fen} moves={game.moves} setup={game.setup} settings={settings} wide={coach.wide} />
      {reviewing !== null && (
        <Suspense fallback={<p className="play__review-loading" role="status">Loading the review...</p>}>
          <GameReview moves={reviewing} orientation={game.setup.playerColor} onClose={() => setReviewing(null)} />
        </Suspense>
      )}
      {game.pendingPromotion && (
        <PromotionDialog color={game.turn} onChoose={game.choosePromotion} onCancel={game.cancelPromotion} />
      )}
      <SpeechBanner />
    </div>
  );
}
