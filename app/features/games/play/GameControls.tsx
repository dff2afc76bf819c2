import { useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../../shared/components/Icon';
import type { GameController } from './useGame';
import type { PlayCoach } from './usePlayCoach';

export function GameControls({ game, coach, onUndo, onNewGame }: { game: GameController; coach: PlayCoach; onUndo: () => void; onNewGame: () => void }) {
  const navigate = useNavigate();
  const { t } = useLingui();
  const hint = coach.hint.state;
  return (
    <div className="controls" role="toolbar" aria-label={t`Game controls`}>
      {game.moves.length > 0 && (
        <button type="button" className="button" onClick={onUndo} disabled={!game.canUndo}>
          <Icon name="undo" /> <Trans>Undo</Trans>
        </button>
      )}
      <button type="button" className="button" onClick={() => void navigate('/settings')}>
        <Icon name="settings" /> <Trans>Settings</Trans>
      </button>
      <button type="button" className="button button--primary" onClick={onNewGame} disabled={game.locked}>
        <Icon name="plus" /> <Trans>New Game</Trans>
      </button>
      {coach.hintAvailable && (
        <button
          type="button"
          className="button button--hint"
          onClick={coach.hint.request}
          disabled={!coach.canAskHint || hint.status === 'loading'}
          aria-busy={hint.status === 'loading'}
        >
          <Icon name="hint" /> {hint.status === 'loading' ? t`Thinking...` : hint.status === 'shown' && hint.stage === 'nudge' ? t`Show the move` : t`Hint`}
        </button>
      )}
    </div>
  );
}
