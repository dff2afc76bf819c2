import { useId, useMemo } from 'react';
import { parseFen, parseSquare, pieceName, readSide, readState } from '../../../../domain';

interface PositionTextProps {
  testId: string;
  /** What the board shows ('Knight fork: board after White knight to c7'); 'Chess board' says nothing more. */
  caption: string;
  fen: string;
  lastMove: { from: string; to: string } | null;
  /** A coach's hint, drawn on the graphical board: the piece to move (a ring), then its move (an arrow). */
  hint: { squares: readonly string[]; arrow: { from: string; to: string } | null };
}

/**
 * The board as text, in place of the graphical board when 'Board for screen readers' is on
 * (issue 31, as Lichess's blind mode): under a heading 'Position', each side's pieces, where the
 * game stands (whose move, check, the end) and the last move. It is not a live region: the move
 * log says each move, and this is read when the reader comes to it.
 */
export function PositionText({ testId, caption, fen, lastMove, hint }: PositionTextProps) {
  const headingId = useId();
  const lines = useMemo(() => {
    const parsed = parseFen(fen);
    if (!parsed.ok) return ['The position cannot be read'];
    const game = parsed.value;
    // The piece now on the last move's square is the one that moved (a castling king, a promoted piece).
    const to = lastMove && parseSquare(lastMove.to);
    const moved = to ? game.get(to) : undefined;
    const last = lastMove && `Last move: ${moved ? `${pieceName(moved.color, moved.type)} ` : ''}${lastMove.from} to ${lastMove.to}`;
    const shown = hint.arrow ? `Hint: ${hint.arrow.from} to ${hint.arrow.to}` : hint.squares.length > 0 ? `Hint: the piece on ${hint.squares.join(' and ')}` : null;
    return [readSide(game, 'w'), readSide(game, 'b'), readState(game), last, shown].filter((line): line is string => Boolean(line));
  }, [fen, lastMove, hint]);

  return (
    <section className="position-text" aria-labelledby={headingId} data-testid={testId} data-fen={fen}>
      <h2 id={headingId} className="position-text__title">Position</h2>
      {caption !== 'Chess board' && <p className="position-text__caption">{caption}</p>}
      <ul className="position-text__lines">
        {lines.map((line) => <li key={line}>{line}</li>)}
      </ul>
    </section>
  );
}
