import { useId, useMemo, useState } from 'react';
import { legalTargets, parseFen, parseSquare, type MoveInput, type PromotionPiece, type Square } from '../../../../domain';
import type { Color } from '../../../../schema';
import { Board, NO_OVERLAY, type BoardOverlay } from './Board';
import { BoardSpeech, type Verdict } from './BoardSpeech';
import { useScreenReaderBoard } from './screen-reader-board';

interface ReviewBoardProps {
  fen: string;
  orientation: Color;
  highlight: { from: string; to: string } | null;
  arrow: { from: string; to: string } | null;
  /**
   * When set, the side to move may play a move (click, drag, the keyboard or a typed move). On
   * the board a promotion becomes a queen; a typed one says its piece.
   */
  onMove?: (from: Square, to: Square, promotion?: PromotionPiece) => void;
  /** What the board shows, the start of its name ('Knight fork: board after White knight to c7'); without it, 'Chess board'. */
  label?: string;
  /** The move log and the 'Type a move' box under the board, with the verdicts to announce. */
  speech?: { verdict: Verdict | null };
}

/** The board's selection: the square picked up in this position, and where it may go. */
function useSelection(fen: string, canMove: boolean) {
  const [selected, setSelected] = useState<{ fen: string; square: Square } | null>(null);
  const game = useMemo(() => {
    const parsed = parseFen(fen);
    return parsed.ok ? parsed.value : null;
  }, [fen]);
  const picked = selected?.fen === fen ? selected.square : null;
  const targets = picked && game ? legalTargets(game, picked) : [];
  const canPick = (square: Square) => canMove && game !== null && game.get(square)?.color === game.turn();
  const isLegal = (from: Square, to: Square) => game !== null && legalTargets(game, from).includes(to);
  return { picked, targets, canPick, isLegal, pick: (square: Square | null) => setSelected(square === null ? null : { fen, square }) };
}

/**
 * The board of lessons, puzzles, the assessment, tips and the game review: a position and, with
 * `onMove`, the learner's move on it; the shared board (named squares, the keyboard) underneath.
 */
export function ReviewBoard({ fen, orientation, highlight, arrow, onMove, speech, label }: ReviewBoardProps) {
  // Several boards share a page (tips' previews): react-chessboard's DOM ids must differ.
  const id = `review-board-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const selection = useSelection(fen, onMove !== undefined);
  const { picked, targets } = selection;
  const overlay: BoardOverlay = useMemo(() => {
    const from = arrow && parseSquare(arrow.from);
    const to = arrow && parseSquare(arrow.to);
    return from && to ? { squares: [], arrow: { from, to } } : NO_OVERLAY;
  }, [arrow]);

  const onSquare = (square: Square) => {
    if (!onMove) return;
    if (picked && targets.includes(square)) {
      selection.pick(null);
      onMove(picked, square);
    } else selection.pick(selection.canPick(square) && picked !== square ? square : null);
  };
  /** A dragged or typed move: played when legal, with what was picked up put down. */
  const play = (from: Square | null, to: Square | null, promotion?: PromotionPiece): boolean => {
    if (!onMove || from === null || to === null || !selection.isLegal(from, to)) return false;
    selection.pick(null);
    onMove(from, to, promotion);
    return true;
  };
  const typed = (move: MoveInput) => play(parseSquare(move.from), parseSquare(move.to), move.promotion);
  // Without the graphical board a board that takes moves needs the box, even where the screen asked for no log (the review's retry).
  const textOnly = useScreenReaderBoard();
  const withSpeech = speech !== undefined || (textOnly && onMove !== undefined);

  return (
    <>
      <Board
        id={id}
        testId="review-board"
        className="review-board"
        caption={label}
        keys={onMove ? 'move' : 'read'}
        fen={fen}
        orientation={orientation}
        lastMove={highlight}
        selected={picked}
        targets={targets}
        disabled={onMove === undefined}
        onSquare={onSquare}
        onPutDown={() => selection.pick(null)}
        drag={onMove && { canDrag: selection.canPick, onMove: (from, to) => play(from, to) }}
        overlay={overlay}
      />
      {withSpeech && <BoardSpeech fen={fen} lastMove={highlight} onMove={onMove && typed} verdict={speech?.verdict ?? null} />}
    </>
  );
}
