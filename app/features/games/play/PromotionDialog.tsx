import { useEffect, useRef } from 'react';
import { defaultPieces } from 'react-chessboard';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PromotionPiece } from '../../../../domain';
import type { Color } from '../../../../schema';

const CHOICES: { piece: PromotionPiece; label: MessageDescriptor }[] = [
  { piece: 'q', label: msg`Queen` },
  { piece: 'r', label: msg`Rook` },
  { piece: 'b', label: msg`Bishop` },
  { piece: 'n', label: msg`Knight` },
];

interface PromotionDialogProps {
  color: Color;
  onChoose: (piece: PromotionPiece) => void;
  onCancel: () => void;
}

/** A modal <dialog>: the browser traps focus, Escape cancels, and the move waits for a choice. */
export function PromotionDialog({ color, onChoose, onCancel }: PromotionDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const { i18n } = useLingui();
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
      <h2 id="promotion-title"><Trans>Pawn Promotion</Trans></h2>
      <p id="promotion-text"><Trans>Choose what piece you want to promote your pawn to:</Trans></p>
      <div className="promotion-choices">
        {CHOICES.map(({ piece, label }) => {
          const Glyph = defaultPieces[`${color}${piece.toUpperCase()}`];
          return (
            <button key={piece} type="button" className="promotion-choice" onClick={() => onChoose(piece)} autoFocus={piece === 'q'}>
              <span className="promotion-choice__glyph" aria-hidden="true">{Glyph?.()}</span>
              {i18n._(label)}
            </button>
          );
        })}
      </div>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel}><Trans>Cancel</Trans></button>
      </div>
    </dialog>
  );
}
