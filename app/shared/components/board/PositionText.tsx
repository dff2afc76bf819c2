import { useId, useMemo } from 'react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Chess } from 'chess.js';
import { parseFen, parseSquare, readSide, readState, type PieceWords } from '../../../../domain';
import { chessWords } from '../../i18n/chess-words';

interface PositionTextProps {
  testId: string;
  /** What the board shows ('Knight fork: board after White knight to c7'); null for a plain board, which says nothing more. */
  caption: string | null;
  fen: string;
  lastMove: { from: string; to: string } | null;
  /** A coach's hint, drawn on the graphical board: the piece to move (a ring), then its move (an arrow). */
  hint: { squares: readonly string[]; arrow: { from: string; to: string } | null };
}

/** 'Last move: white knight g1 to f3': the piece now on the last move's square is the one that moved (a castling king, a promoted piece). */
export function lastMoveLine(i18n: I18n, words: PieceWords, game: Chess, lastMove: PositionTextProps['lastMove']): string | null {
  if (!lastMove) return null;
  const { from, to } = lastMove;
  const square = parseSquare(to);
  const moved = square ? game.get(square) : undefined;
  if (!moved) return i18n._(msg`Last move: ${from} to ${to}`);
  const piece = words.piece(moved.color, moved.type);
  return i18n._(msg`Last move: ${piece} ${from} to ${to}`);
}

/** The coach's hint as the graphical board draws it: its move (an arrow), or the piece to move (a ring). */
export function hintLine(i18n: I18n, hint: PositionTextProps['hint']): string | null {
  if (hint.arrow) {
    const { from, to } = hint.arrow;
    return i18n._(msg`Hint: ${from} to ${to}`);
  }
  if (hint.squares.length === 0) return null;
  const squares = new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(hint.squares);
  return i18n._(msg`Hint: the piece on ${squares}`);
}

/**
 * The board as text, in place of the graphical board when 'Board for screen readers' is on
 * (issue 31, as Lichess's blind mode): under a heading 'Position', each side's pieces, where the
 * game stands (whose move, check, the end) and the last move. It is not a live region: the move
 * log says each move, and this is read when the reader comes to it.
 */
export function PositionText({ testId, caption, fen, lastMove, hint }: PositionTextProps) {
  const headingId = useId();
  const { i18n } = useLingui();
  const lines = useMemo(() => {
    const parsed = parseFen(fen);
    if (!parsed.ok) return [i18n._(msg`The position cannot be read`)];
    const game = parsed.value;
    const words = chessWords(i18n);
    return [readSide(game, 'w', words), readSide(game, 'b', words), readState(game, words), lastMoveLine(i18n, words, game, lastMove), hintLine(i18n, hint)].filter(
      (line): line is string => Boolean(line),
    );
  }, [fen, lastMove, hint, i18n]);

  return (
    <section className="position-text" aria-labelledby={headingId} data-testid={testId} data-fen={fen}>
      <h2 id={headingId} className="position-text__title"><Trans>Position</Trans></h2>
      {caption !== null && <p className="position-text__caption">{caption}</p>}
      <ul className="position-text__lines">
        {lines.map((line) => <li key={line}>{line}</li>)}
      </ul>
    </section>
  );
}
