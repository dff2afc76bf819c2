import { lazy, Suspense, useCallback, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { Chessboard, type ChessboardOptions } from 'react-chessboard';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { parseFen, parseSquare, type Square } from '../../../../domain';
import type { Color } from '../../../../schema';
import { squareWords, type SquareWords } from '../../i18n/square-words';
import { isLightSquare, pieceOfCode, squareForKey, squareName } from './board-keys';
import { useScreenReaderBoard } from './screen-reader-board';

/** The text view and the words it reads load only when asked for (the first visit's budget, docs/decisions.md). */
const PositionText = lazy(() => import('./PositionText').then((module) => ({ default: module.PositionText })));

/** Highlights are image layers over the square's own colour, so several can stack. */
const HIGHLIGHT = {
  lastMove: 'linear-gradient(var(--board-last-move), var(--board-last-move))',
  selected: 'linear-gradient(var(--board-selected), var(--board-selected))',
  target: 'radial-gradient(circle, var(--board-target) 24%, transparent 26%)',
  capture: 'radial-gradient(circle, transparent 62%, var(--board-target) 64%)',
  check: 'radial-gradient(circle, var(--board-check) 30%, transparent 75%)',
  hint: 'radial-gradient(circle, transparent 55%, var(--board-hint) 58%)',
} as const;

/** Lichess's green arrow; SVG attributes cannot read CSS variables, and it reads on both themes. */
const HINT_ARROW_COLOR = '#15781b';

/** What a coach draws on the board: the hint's squares and its arrow. */
export interface BoardOverlay {
  squares: readonly Square[];
  arrow: { from: Square; to: Square } | null;
}
export const NO_OVERLAY: BoardOverlay = { squares: [], arrow: null };

export interface BoardProps {
  /** react-chessboard's id, and the test id of the board's box. */
  id: string;
  testId: string;
  className?: string;
  /** What the board shows ('Board after White pawn to e4'); without it, 'Chess board'. The text view shows it as its caption. */
  caption?: string;
  /** The keys the board's name tells of: to move pieces, or only to read the squares. */
  keys: 'move' | 'read';
  fen: string;
  orientation: Color;
  lastMove: { from: string; to: string } | null;
  /** The square picked up and where it may go. */
  selected: Square | null;
  targets: readonly Square[];
  /** Takes no move now (the squares say so, and stay readable and focusable). */
  disabled: boolean;
  /** A click, Enter or Space on a square: pick up, put down, or pick up another. */
  onSquare: (square: Square) => void;
  /** Escape: put down what was picked up. */
  onPutDown: () => void;
  /** Drag and drop; the board allows dragging only when given. */
  drag?: { canDrag: (square: Square) => boolean; onMove: (from: Square, to: Square) => boolean };
  overlay?: BoardOverlay;
  showNotation?: boolean;
  animationMs?: number;
}

type Marks = ReturnType<typeof useMarks>;

/** The squares under a highlight, and the king in check: what colours show and what the names say. */
function useMarks(fen: string, lastMove: BoardProps['lastMove']) {
  return useMemo(() => {
    const parsed = parseFen(fen);
    const game = parsed.ok ? parsed.value : null;
    const check = game?.isCheck() ? (game.findPiece({ type: 'k', color: game.turn() })[0] ?? null) : null;
    const last = new Set(lastMove ? [lastMove.from, lastMove.to] : []);
    return { game, check, last };
  }, [fen, lastMove]);
}

/** The highlights, stacked per square: the last move, check, the selection and its targets, a coach's hint. */
function useSquareStyles(marks: Marks, selected: Square | null, targets: readonly Square[], overlay: BoardOverlay) {
  return useMemo(() => {
    const layers: Record<string, string[]> = {};
    const add = (square: string, layer: string) => (layers[square] ??= []).unshift(layer);
    for (const square of marks.last) add(square, HIGHLIGHT.lastMove);
    if (marks.check) add(marks.check, HIGHLIGHT.check);
    if (selected) add(selected, HIGHLIGHT.selected);
    for (const target of targets) add(target, marks.game?.get(target) ? HIGHLIGHT.capture : HIGHLIGHT.target);
    for (const square of overlay.squares) add(square, HIGHLIGHT.hint);
    const styles: Record<string, CSSProperties> = {};
    for (const [square, images] of Object.entries(layers)) styles[square] = { backgroundImage: images.join(', ') };
    return styles;
  }, [marks, selected, targets, overlay]);
}

/**
 * The one board that takes moves (issue 31), used by Play, lessons, puzzles and the assessment,
 * and that shows positions (replay, review, tips), or its text view when 'Board for screen
 * readers' is on (PositionText.tsx). The graphical board is
 * react-chessboard with click-to-select and drag-and-drop, and 64 named square buttons the
 * keyboard moves through (arrows, Home and End; Enter or Space picks up and puts down; Escape
 * puts down). One square is in the tab order, the last one focused, so the board keeps its
 * place between moves. Check, the last move, the selection and the targets show in colour and
 * as a shape (a marker, an outline, a dot or a ring) and in each square's name.
 */
export function Board(props: BoardProps) {
  const textOnly = useScreenReaderBoard();
  const { i18n } = useLingui();
  if (!textOnly) return <GraphicalBoard {...props} label={boardName(i18n, props)} />;
  // 'Board for screen readers': the position as text; moves are typed in the box beside it.
  return (
    <Suspense fallback={null}>
      <PositionText testId={props.testId} caption={props.caption ?? null} fen={props.fen} lastMove={props.lastMove} hint={props.overlay ?? NO_OVERLAY} />
    </Suspense>
  );
}

/** The board's accessible name: what it shows, then how to use its keys. */
function boardName(i18n: I18n, { caption, keys }: Pick<BoardProps, 'caption' | 'keys'>): string {
  const name = caption ?? i18n._(msg`Chess board`);
  return keys === 'move'
    ? i18n._(msg`${name}. Use the arrow keys to move between squares and Enter to pick up or place a piece.`)
    : i18n._(msg`${name}. Use the arrow keys to read the squares.`);
}

function GraphicalBoard(props: BoardProps & { label: string }) {
  const { id, testId, className, label, fen, orientation, lastMove, selected, targets, disabled, onSquare, onPutDown, drag, overlay = NO_OVERLAY } = props;
  const boardRef = useRef<HTMLDivElement>(null);
  const [cursor, setCursor] = useState<Square>(orientation === 'w' ? 'e2' : 'e7');
  const marks = useMarks(fen, lastMove);
  const { i18n } = useLingui();
  const words = useMemo(() => squareWords(i18n), [i18n]);

  const squareStyles = useSquareStyles(marks, selected, targets, overlay);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>, square: Square) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        onSquare(square);
        return;
      }
      if (event.key === 'Escape' && selected !== null) {
        event.preventDefault();
        onPutDown();
        return;
      }
      const next = squareForKey(square, event, orientation);
      if (next === null) return;
      event.preventDefault();
      setCursor(next);
      boardRef.current?.querySelector<HTMLElement>(`[data-square-focus="${next}"]`)?.focus();
    },
    [onSquare, onPutDown, selected, orientation],
  );

  const options: ChessboardOptions = {
    id,
    position: fen,
    boardOrientation: orientation === 'w' ? 'white' : 'black',
    squareStyles,
    lightSquareStyle: { backgroundColor: 'var(--board-light)' },
    darkSquareStyle: { backgroundColor: 'var(--board-dark)' },
    showNotation: props.showNotation ?? true,
    showAnimations: true,
    animationDurationInMs: props.animationMs ?? 220,
    allowDragging: drag !== undefined && !disabled,
    allowDrawingArrows: true,
    arrows: overlay.arrow ? [{ startSquare: overlay.arrow.from, endSquare: overlay.arrow.to, color: HINT_ARROW_COLOR }] : [],
    canDragPiece: ({ square }) => {
      const at = square === null ? null : parseSquare(square);
      return at !== null && drag !== undefined && drag.canDrag(at);
    },
    onPieceDrop: ({ sourceSquare, targetSquare }) => {
      const from = parseSquare(sourceSquare);
      const to = targetSquare === null ? null : parseSquare(targetSquare);
      return from !== null && to !== null && drag !== undefined && drag.onMove(from, to);
    },
    onSquareClick: ({ square }) => {
      const at = parseSquare(square);
      if (at !== null) onSquare(at);
    },
    squareRenderer: squareRenderer({ marks, selected, targets, disabled, overlay, squareStyles, cursor, setCursor, onKeyDown, words }),
  };

  return (
    <div
      ref={boardRef}
      className={`board${className ? ` ${className}` : ''}${disabled ? ' board--disabled' : ''}`}
      role="group"
      // Right-to-left pages mirror their layout, never the board: a1 stays at White's bottom left.
      dir="ltr"
      aria-label={label}
      data-testid={testId}
      data-fen={fen}
      data-hint-arrow={overlay.arrow ? `${overlay.arrow.from}${overlay.arrow.to}` : undefined}
    >
      <Chessboard options={options} />
    </div>
  );
}

interface SquareArgs {
  marks: Marks;
  selected: Square | null;
  targets: readonly Square[];
  disabled: boolean;
  overlay: BoardOverlay;
  squareStyles: Record<string, CSSProperties>;
  cursor: Square;
  setCursor: (square: Square) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>, square: Square) => void;
  words: SquareWords;
}

/** Each square: its fill with the highlights and cues, its label, and the named button the keyboard moves through. */
function squareRenderer({ marks, selected, targets, disabled, overlay, squareStyles, cursor, setCursor, onKeyDown, words }: SquareArgs): NonNullable<ChessboardOptions['squareRenderer']> {
  return ({ square: name, piece, children }) => {
    // The board names its own 64 squares: parseSquare cannot fail here.
    const square = parseSquare(name) ?? 'a1';
    const state = {
      square,
      piece: piece ? pieceOfCode(piece.pieceType) : null,
      inCheck: marks.check === square,
      lastMove: marks.last.has(square),
      selected: selected === square,
      target: targets.includes(square),
    };
    const cues = [state.inCheck && 'square-fill--check', state.lastMove && 'square-fill--last-move', state.selected && 'square-fill--selected'].filter(Boolean).join(' ');
    return (
      <>
        {/* With a squareRenderer the library no longer applies squareStyles itself. */}
        <div className={`square-fill ${cues}`.trim()} style={squareStyles[square]} data-hint-square={overlay.squares.includes(square) || undefined}>{children}</div>
        <span className={`square-label square-label--on-${isLightSquare(square) ? 'light' : 'dark'}`} aria-hidden="true">{square}</span>
        <span
          className="square-focus"
          data-square-focus={square}
          role="button"
          tabIndex={square === cursor ? 0 : -1}
          aria-label={squareName(state, words)}
          aria-disabled={disabled}
          onKeyDown={(event) => onKeyDown(event, square)}
          onFocus={() => setCursor(square)}
        />
      </>
    );
  };
}
