import { moveNumber } from '../../../../domain';
import type { GameController } from './useGame';

export const STATUS_TEXT = {
  yourTurn: 'Your Turn',
  coachsTurn: "Coach's Turn",
  whitesTurn: "White's Turn",
  blacksTurn: "Black's Turn",
  thinking: 'Coach is thinking...',
  gameOver: 'Game over',
} as const;

export function statusText(game: Pick<GameController, 'setup' | 'turn' | 'thinking' | 'end'>): string {
  if (game.end) return STATUS_TEXT.gameOver;
  if (game.thinking) return STATUS_TEXT.thinking;
  if (game.setup?.gameMode === 'pvc') return game.turn === game.setup.playerColor ? STATUS_TEXT.yourTurn : STATUS_TEXT.coachsTurn;
  return game.turn === 'w' ? STATUS_TEXT.whitesTurn : STATUS_TEXT.blacksTurn;
}

export function StatusBar({ game }: { game: GameController }) {
  return (
    <div className="status-bar" role="status" aria-live="polite" data-testid="status-bar">
      <span className="status-bar__turn">
        {game.thinking && <span className="spinner" aria-hidden="true" />}
        {statusText(game)}
      </span>
      <span className="status-bar__move" data-testid="move-number">Move {moveNumber(game.moves.length)}</span>
    </div>
  );
}
