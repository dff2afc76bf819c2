import { useSettings, usePreferences } from '../../data/settings';
import { BoardSkeleton } from '../../components/Skeleton';
import { EndBanner } from './EndBanner';
import { GameControls } from './GameControls';
import { PlayBoard } from './PlayBoard';
import { PromotionDialog } from './PromotionDialog';
import { StatusBar } from './StatusBar';
import { useGame } from './useGame';

/** The Play screen (route '/'): the board, its status bar, controls and end-of-game banner. */
export default function PlayScreen() {
  const { settings } = useSettings();
  const { preferences } = usePreferences();
  const game = useGame(settings);

  if (!game.ready || game.setup === null || preferences === undefined) {
    return (
      <div className="play" aria-busy="true">
        <h1 className="visually-hidden">Play</h1>
        <BoardSkeleton />
      </div>
    );
  }

  return (
    <div className="play">
      <h1 className="visually-hidden">Play</h1>
      <div className="play__main">
        <StatusBar game={game} />
        <PlayBoard game={game} orientation={game.setup.playerColor} preferences={preferences} />
        {game.computerError !== null && (
          <div className="notice notice--error" role="alert">
            <p>The coach could not move: {game.computerError}</p>
            <button type="button" className="button" onClick={game.retryComputer}>Try again</button>
          </div>
        )}
        {game.end && <EndBanner end={game.end} onNewGame={game.newGame} />}
        <GameControls game={game} />
        <p className="play__mode">
          {game.setup.gameMode === 'pvc'
            ? `Playing ${game.setup.playerColor === 'w' ? 'White' : 'Black'} against the computer (${game.setup.difficulty})`
            : 'Two players on this device'}
        </p>
      </div>
      {game.pendingPromotion && (
        <PromotionDialog color={game.turn} onChoose={game.choosePromotion} onCancel={game.cancelPromotion} />
      )}
    </div>
  );
}
