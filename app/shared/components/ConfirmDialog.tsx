import { useId, useRef } from 'react';
import { useModalDialog } from '../useModalDialog';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirm button in the danger colour (it deletes something). */
  danger?: boolean;
}

/**
 * Asks before something that cannot be undone (a modal <dialog>: focus stays inside, Escape
 * cancels, focus goes back to the button that asked). Focus starts on the safe choice, so a stray
 * Enter loses nothing.
 */
export function ConfirmDialog({ title, message, confirmLabel, cancelLabel, onConfirm, onCancel, danger = false }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();
  useModalDialog(ref);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <p id={messageId}>{message}</p>
      <div className="dialog__actions confirm-dialog__actions">
        <button type="button" className="button" onClick={onCancel} autoFocus>{cancelLabel}</button>
        <button type="button" className={`button ${danger ? 'button--danger' : 'button--primary'}`} onClick={onConfirm}>{confirmLabel}</button>
      </div>
    </dialog>
  );
}
