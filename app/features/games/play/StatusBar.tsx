import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { moveNumber } from '../../../../domain';
import type { GameController } from './useGame';

export const STATUS_TEXT = {
  yourTurn: msg`Your Turn`,
  coachsTurn: msg`Coach's Turn`,
  whitesTurn: msg`White's Turn`,
  blacksTurn: msg`Black's Turn`,
  thinking: msg`Coach is thinking...`,
  gameOver: msg`Game over`,
} as const;

export function statusText(game: Pick<GameController, 'setup' | 'turn' | 'thinking' | 'end'>): MessageDescriptor {
  if (game.end) return STATUS_TEXT.gameOver;
  if (game.thinking) return STATUS_TEXT.thinking;
  if (game.setup?.gameMode === 'pvc') return game.turn === game.setup.playerColor ? STATUS_TEXT.yourTurn : STATUS_TEXT.coachsTurn;
  return game.turn === 'w' ? STATUS_TEXT.whitesTurn : STATUS_TEXT.blacksTurn;
}

export function StatusBar({ game }: { game: GameController }) {
  const { i18n } = useLingui();
  const number = moveNumber(game.moves.length);
  return (
    <div className="status-bar" role="status" aria-live="polite" data-testid="status-bar">
      <span className="status-bar__turn">
        {game.thinking && <span className="spinner" aria-hidden="true" />}
        {i18n._(statusText(game))}
      </span>
      <span className="status-bar__move" data-testid="move-number"><Trans>Move {number}</Trans></span>
    </div>
  );
}
