/**
 * The end of a game in words (issue 28): the catalogues' copy of domain/result.ts's English
 * (END_BANNER_TEXT, END_REASON_TEXT), which stays as the rules' own record; the screens show these.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { GameEnd, GameEndReason } from '../../../../domain';

const END_REASON: Record<Exclude<GameEndReason, 'checkmate'>, MessageDescriptor> = {
  stalemate: msg`Stalemate: the side to move has no legal move and is not in check.`,
  insufficient_material: msg`Neither side has enough pieces left to checkmate.`,
  threefold_repetition: msg`The same position appeared three times.`,
  fifty_move_rule: msg`Fifty moves by each side without a capture or a pawn move.`,
};

/** The end banner's title and line ('Checkmate!', 'Black wins!'), and why a draw was drawn. */
export function endText(i18n: I18n, end: GameEnd): { title: string; detail: string; reason: string | null } {
  if (end.reason === 'checkmate') {
    return { title: i18n._(msg`Checkmate!`), detail: end.winner === 'w' ? i18n._(msg`White wins!`) : i18n._(msg`Black wins!`), reason: null };
  }
  return { title: i18n._(msg`Draw!`), detail: i18n._(msg`The game ended in a draw.`), reason: i18n._(END_REASON[end.reason]) };
}

/** The analysis card's words for a finished game ('Checkmate! White wins! The game is over.'). */
export function gameOverLine(i18n: I18n, end: GameEnd): string {
  const { title, detail, reason } = endText(i18n, end);
  const over = i18n._(msg`The game is over.`);
  return `${title} ${reason ?? detail} ${over}`;
}
