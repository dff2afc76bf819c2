import { useEffect, useRef } from 'react';
import { defaultPieces } from 'react-chessboard';
import type { PromotionPiece } from '../../../../domain';
import type { Color } from '../../../../schema';

const CHOICES: { piece: PromotionPiece; label: string }[] = [
  { piece: 'q', label: 'Queen' },
  { piece: 'r', label: 'Rook' },
  { piece: 'b', label: 'Bishop' },
  { piece: 'n', label: 'Knight' },
];

interface PromotionDialogProps {
  color: Color;
  onChoose: (piece: PromotionPiece) => void;
  onCancel: () => void;
}

/** A modal <dialog>: the browser traps focus, Escape cancels, and the move waits for a choice. */
export function PromotionDialog({ color, onChoose, onCancel }: PromotionDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    // The square the move was made from (issue 31): focus goes back to it, not to the page's body.
    const opener = document.activeElement;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="promotion-title"
      aria-describedby="promotion-text"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id="promotion-title">Pawn Promotion</h2>
      <p id="promotion-text">Choose what piece you want to promote your pawn to:</p>
      <div className="promotion-choices">
        {CHOICES.map(({ piece, label }) => {
          const Glyph = defaultPieces[`${color}${piece.toUpperCase()}`];
          return (
            <button key={piece} type="button" className="promotion-choice" onClick={() => onChoose(piece)} autoFocus={piece === 'q'}>
              <span className="promotion-choice__glyph" aria-hidden="true">{Glyph?.()}</span>
              {label}
            </button>
          );
        })}
      </div>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel}>Cancel</button>
      </div>
    </dialog>
  );
}
