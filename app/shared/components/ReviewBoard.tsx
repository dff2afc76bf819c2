import { useMemo, useState, type CSSProperties } from 'react';
import { Chessboard, type ChessboardOptions } from 'react-chessboard';
import { legalTargets, parseFen, parseSquare, type Square } from '../../../domain';
import type { Color } from '../../../schema';

interface ReviewBoardProps {
  fen: string;
  orientation: Color;
  highlight: { from: string; to: string } | null;
  arrow: { from: string; to: string } | null;
  /** When set, the side to move may play a move (click or drag); a promotion becomes a queen. */
  onMove?: (from: Square, to: Square) => void;
}

const LAST_MOVE: CSSProperties = { backgroundImage: 'linear-gradient(var(--board-last-move), var(--board-last-move))' };
const SELECTED: CSSProperties = { backgroundImage: 'linear-gradient(var(--board-selected), var(--board-selected))' };
const TARGET: CSSProperties = { backgroundImage: 'radial-gradient(circle, var(--board-target) 24%, transparent 26%)' };

/**
 * The review's board: a position of the game, and in Retry the learner's try. Lessons, puzzles,
 * tips and the assessment show their positions on it too.
 */
export function ReviewBoard({ fen, orientation, highlight, arrow, onMove }: ReviewBoardProps) {
  const [selected, setSelected] = useState<{ fen: string; square: Square } | null>(null);
  const game = useMemo(() => {
    const parsed = parseFen(fen);
    return parsed.ok ? parsed.value : null;
  }, [fen]);
  const picked = selected?.fen === fen ? selected.square : null;
  const targets = picked && game ? legalTargets(game, picked) : [];

  const squareStyles: Record<string, CSSProperties> = {};
  if (highlight) squareStyles[highlight.from] = squareStyles[highlight.to] = LAST_MOVE;
  if (picked) squareStyles[picked] = SELECTED;
  for (const target of targets) squareStyles[target] = TARGET;

  const canPick = (square: Square) => onMove !== undefined && game !== null && game.get(square)?.color === game.turn();
  const options: ChessboardOptions = {
    id: 'review-board',
    position: fen,
    boardOrientation: orientation === 'w' ? 'white' : 'black',
    squareStyles,
    lightSquareStyle: { backgroundColor: 'var(--board-light)' },
    darkSquareStyle: { backgroundColor: 'var(--board-dark)' },
    allowDragging: onMove !== undefined,
    arrows: arrow ? [{ startSquare: arrow.from, endSquare: arrow.to, color: '#15781b' }] : [],
    canDragPiece: ({ square }) => {
      const at = square === null ? null : parseSquare(square);
      return at !== null && canPick(at);
    },
    onPieceDrop: ({ sourceSquare, targetSquare }) => {
      const from = parseSquare(sourceSquare);
      const to = targetSquare === null ? null : parseSquare(targetSquare);
      if (!onMove || from === null || to === null || !game || !legalTargets(game, from).includes(to)) return false;
      onMove(from, to);
      return true;
    },
    onSquareClick: ({ square: clicked }) => {
      const square = parseSquare(clicked);
      if (!onMove || !game || square === null) return;
      if (picked && targets.includes(square)) {
        setSelected(null);
        onMove(picked, square);
      } else setSelected(canPick(square) && picked !== square ? { fen, square } : null);
    },
  };
  return (
    <div className="board review-board" data-testid="review-board" data-fen={fen}>
      <Chessboard options={options} />
    </div>
  );
}
