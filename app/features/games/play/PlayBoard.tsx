import { useCallback, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { Chessboard, type ChessboardOptions } from 'react-chessboard';
import { parseSquare, squareAt, type Square } from '../../../../domain';
import type { Color, Preferences } from '../../../../schema';
import type { GameController } from './useGame';

const FILES = 'abcdefgh';
const PIECE_NAMES: Record<string, string> = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };
const ANIMATION_MS: Record<Preferences['animationSpeed'], number> = { slow: 400, normal: 220, fast: 100 };

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

/** What the coach draws on the board: the hint's squares and its arrow. */
export interface BoardOverlay {
  squares: readonly Square[];
  arrow: { from: Square; to: Square } | null;
}
export const NO_OVERLAY: BoardOverlay = { squares: [], arrow: null };

/** The square one step away on screen, given which side is at the bottom; null off the board. */
function neighbour(square: Square, key: string, orientation: Color): Square | null {
  const file = FILES.indexOf(square[0]!);
  const rank = Number(square[1]);
  const flip = orientation === 'b' ? -1 : 1;
  const step: Record<string, [number, number]> = {
    ArrowUp: [0, flip], ArrowDown: [0, -flip], ArrowLeft: [-flip, 0], ArrowRight: [flip, 0],
  };
  const delta = step[key];
  if (!delta) return null;
  const next = [file + delta[0], rank + delta[1]] as const;
  if (next[0] < 0 || next[0] > 7 || next[1] < 1 || next[1] > 8) return null;
  return squareAt(next[0], next[1] - 1);
}

interface PlayBoardProps {
  game: GameController;
  orientation: Color;
  preferences: Preferences;
  overlay?: BoardOverlay;
}

/**
 * react-chessboard with the Play screen's rules: click-to-select and drag-and-drop, targets and
 * the last move highlighted, a label in every square, and keyboard play (arrow keys move the
 * focus, Enter or Space acts like a click).
 */
export function PlayBoard({ game, orientation, preferences, overlay = NO_OVERLAY }: PlayBoardProps) {
  const boardRef = useRef<HTMLDivElement>(null);
  const [cursor, setCursor] = useState<Square>(orientation === 'w' ? 'e2' : 'e7');

  const squareStyles = useSquareStyles(game, overlay);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>, square: Square) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        game.clickSquare(square);
        return;
      }
      const next = neighbour(square, event.key, orientation);
      if (next === null) return;
      event.preventDefault();
      setCursor(next);
      boardRef.current?.querySelector<HTMLElement>(`[data-square-focus="${next}"]`)?.focus();
    },
    [game, orientation],
  );

  const options: ChessboardOptions = {
    id: 'play-board',
    position: game.fen,
    boardOrientation: orientation === 'w' ? 'white' : 'black',
    squareStyles,
    lightSquareStyle: { backgroundColor: 'var(--board-light)' },
    darkSquareStyle: { backgroundColor: 'var(--board-dark)' },
    showNotation: preferences.showCoordinates,
    showAnimations: true,
    animationDurationInMs: ANIMATION_MS[preferences.animationSpeed],
    allowDragging: !game.boardDisabled,
    allowDrawingArrows: true,
    arrows: overlay.arrow ? [{ startSquare: overlay.arrow.from, endSquare: overlay.arrow.to, color: HINT_ARROW_COLOR }] : [],
    canDragPiece: ({ square }) => {
      const at = square === null ? null : parseSquare(square);
      return at !== null && game.canPickUp(at);
    },
    onPieceDrop: ({ sourceSquare, targetSquare }) => {
      const from = parseSquare(sourceSquare);
      const to = targetSquare === null ? null : parseSquare(targetSquare);
      return from !== null && to !== null && game.attemptMove(from, to);
    },
    onSquareClick: ({ square }) => {
      const at = parseSquare(square);
      if (at !== null) game.clickSquare(at);
    },
    squareRenderer: squareRenderer({ game, overlay, squareStyles, cursor, setCursor, onKeyDown }),
  };

  return (
    <div
      ref={boardRef}
      className={`board${game.boardDisabled ? ' board--disabled' : ''}`}
      role="group"
      aria-label="Chess board. Use the arrow keys to move between squares and Enter to pick up or place a piece."
      data-testid="board"
      data-fen={game.fen}
      data-hint-arrow={overlay.arrow ? `${overlay.arrow.from}${overlay.arrow.to}` : undefined}
    >
      <Chessboard options={options} />
    </div>
  );
}

/** The highlights, stacked per square: the last move, check, the selection and its targets, the coach's hint. */
function useSquareStyles(game: GameController, overlay: BoardOverlay) {
return useMemo(() => {
  const layers: Record<string, string[]> = {};
  const add = (square: string, layer: string) => (layers[square] ??= []).unshift(layer);
  if (game.lastMove) {
    add(game.lastMove.from, HIGHLIGHT.lastMove);
    add(game.lastMove.to, HIGHLIGHT.lastMove);
  }
  if (game.inCheck) {
    const king = game.kingSquare(game.turn);
    if (king) add(king, HIGHLIGHT.check);
  }
  if (game.selected) add(game.selected, HIGHLIGHT.selected);
  for (const target of game.targets) add(target, game.pieceAt(target) ? HIGHLIGHT.capture : HIGHLIGHT.target);
  for (const square of overlay.squares) add(square, HIGHLIGHT.hint);
  const styles: Record<string, CSSProperties> = {};
  for (const [square, images] of Object.entries(layers)) styles[square] = { backgroundImage: images.join(', ') };
  return styles;
}, [game, overlay]);
}

interface SquareArgs {
  game: GameController;
  overlay: BoardOverlay;
  squareStyles: Record<string, CSSProperties>;
  cursor: Square;
  setCursor: (square: Square) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>, square: Square) => void;
}

/** Each square: its fill with the highlights, its label, and the focusable button keyboard play moves through. */
function squareRenderer({ game, overlay, squareStyles, cursor, setCursor, onKeyDown }: SquareArgs): NonNullable<ChessboardOptions['squareRenderer']> {
  return ({ square: label, piece, children }) => {
    // The board names its own 64 squares: parseSquare cannot fail here.
    const square = parseSquare(label) ?? 'a1';
    const name = piece ? describePiece(piece.pieceType) : 'empty';
    const state = game.selected === square ? ', selected' : game.targets.includes(square) ? ', possible move' : '';
    return (
      <>
        {/* With a squareRenderer the library no longer applies squareStyles itself. */}
        <div className="square-fill" style={squareStyles[square]} data-hint-square={overlay.squares.includes(square) || undefined}>{children}</div>
        <span className={`square-label square-label--on-${isLightSquare(square) ? 'light' : 'dark'}`} aria-hidden="true">{square}</span>
        <span
          className="square-focus"
          data-square-focus={square}
          role="button"
          tabIndex={square === cursor ? 0 : -1}
          aria-label={`${square}, ${name}${state}`}
          aria-disabled={game.boardDisabled}
          onKeyDown={(event) => onKeyDown(event, square)}
          onFocus={() => setCursor(square)}
        />
      </>
    );
  };
}

/** a1 is dark: a square is light when its file index plus its rank is even. */
function isLightSquare(square: string): boolean {
  return (FILES.indexOf(square[0]!) + Number(square[1])) % 2 === 0;
}

function describePiece(pieceType: string): string {
  const color = pieceType[0] === 'w' ? 'white' : 'black';
  return `${color} ${PIECE_NAMES[pieceType[1]!.toLowerCase()] ?? 'piece'}`;
}
