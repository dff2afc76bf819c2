import { useNavigate } from 'react-router';
import type { GameController } from './useGame';
import type { PlayCoach } from './usePlayCoach';

export function GameControls({ game, coach, onUndo, onNewGame }: { game: GameController; coach: PlayCoach; onUndo: () => void; onNewGame: () => void }) {
  const navigate = useNavigate();
  const hint = coach.hint.state;
  return (
    <div className="controls" role="toolbar" aria-label="Game controls">
      {game.moves.length > 0 && (
        <button type="button" className="button" onClick={onUndo} disabled={!game.canUndo}>
          <span aria-hidden="true">↶</span> Undo
        </button>
      )}
      <button type="button" className="button" onClick={() => void navigate('/settings')}>
        <span aria-hidden="true">⚙</span> Settings
      </button>
      <button type="button" className="button button--primary" onClick={onNewGame}>
        <span aria-hidden="true">+</span> New Game
      </button>
      {coach.hintAvailable && (
        <button
          type="button"
          className="button button--hint"
          onClick={coach.hint.request}
          disabled={!coach.canAskHint || hint.status === 'loading'}
          aria-busy={hint.status === 'loading'}
        >
          <span aria-hidden="true">💡</span> {hint.status === 'loading' ? 'Thinking...' : hint.status === 'shown' && hint.stage === 'nudge' ? 'Show the move' : 'Hint'}
        </button>
      )}
    </div>
  );
}
