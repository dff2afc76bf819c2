import { useEffect, useState, type RefObject } from 'react';
import { returnFocus } from './focus';

/**
 * Opens a <dialog> as a modal when it mounts (the browser keeps focus inside, makes the page
 * behind it inert and sends Escape as a cancel event) and, when it unmounts, gives focus back to
 * the element that had it before, the one that opened it (issue 31). The browser's own return of
 * focus does not happen here: React removes the dialog from the page before it is closed.
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>): void {
  // Read as the dialog first renders, before a button inside it takes focus (autoFocus).
  const [opener] = useState(() => document.activeElement);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      returnFocus(opener);
    };
  }, [ref, opener]);
}
