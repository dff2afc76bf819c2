import type { Color, Preferences } from '../../../../schema';
import { Board, NO_OVERLAY, type BoardOverlay } from '../../../shared/components/board/Board';
import type { GameController } from './useGame';

export { NO_OVERLAY, type BoardOverlay };

const ANIMATION_MS: Record<Preferences['animationSpeed'], number> = { slow: 400, normal: 220, fast: 100 };

interface PlayBoardProps {
  game: GameController;
  orientation: Color;
  preferences: Preferences;
  overlay?: BoardOverlay;
}

/** The shared board with the Play screen's rules: the game picks up, moves and promotes; the coach draws its hint. */
export function PlayBoard({ game, orientation, preferences, overlay = NO_OVERLAY }: PlayBoardProps) {
  return (
    <Board
      id="play-board"
      testId="board"
      keys="move"
      fen={game.fen}
      orientation={orientation}
      lastMove={game.lastMove}
      selected={game.selected}
      targets={game.targets}
      disabled={game.boardDisabled}
      onSquare={game.clickSquare}
      // Clicking the piece picked up puts it down again.
      onPutDown={() => game.selected !== null && game.clickSquare(game.selected)}
      drag={game.boardDisabled ? undefined : { canDrag: game.canPickUp, onMove: game.attemptMove }}
      overlay={overlay}
      showNotation={preferences.showCoordinates}
      animationMs={ANIMATION_MS[preferences.animationSpeed]}
    />
  );
}
