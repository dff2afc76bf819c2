import { useNavigate } from 'react-router';
import type { GameController } from './useGame';

export function GameControls({ game }: { game: GameController }) {
  const navigate = useNavigate();
  return (
    <div className="controls" role="toolbar" aria-label="Game controls">
      {game.moves.length > 0 && (
        <button type="button" className="button" onClick={game.undo} disabled={!game.canUndo}>
          <span aria-hidden="true">↶</span> Undo
        </button>
      )}
      <button type="button" className="button" onClick={() => void navigate('/settings')}>
        <span aria-hidden="true">⚙</span> Settings
      </button>
      <button type="button" className="button button--primary" onClick={game.newGame}>
        <span aria-hidden="true">+</span> New Game
      </button>
      {/* The hint button (hints enabled and game not over) arrives with the coaching issue. */}
    </div>
  );
}
