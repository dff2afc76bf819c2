import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { returnFocus } from '../focus';

/**
 * Spec section 9: at most one toast at a time, up to 420px wide, shown 5000 ms by default; success
 * toasts 2 to 4 seconds (2500 ms unless a screen says otherwise: a 'Correct!' must be gone before
 * the child is well into the next puzzle). Where they sit and how taps pass them: styles.css.
 */
export const TOAST_DEFAULT_MS = 5000;
export const TOAST_SUCCESS_MS = 2500;

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'destructive';
  durationMs?: number;
}

export function toastLifetime(toast: ToastMessage): number {
  return toast.durationMs ?? (toast.variant === 'success' ? TOAST_SUCCESS_MS : TOAST_DEFAULT_MS);
}

const ToastContext = createContext<(toast: ToastMessage) => void>(() => undefined);

export function useToast() {
  return useContext(ToastContext);
}

const REGION_ID = 'toast-region';

/**
 * The toast region lives in the browser's top layer (a manual popover), so a modal dialog such as
 * the tutorial does not hide it; the layer is ordered by opening, so a dialog that opens while a
 * toast is up calls this to bring the toast back over it.
 */
export function raiseToasts(): void {
  const region = document.getElementById(REGION_ID);
  if (!region || typeof region.showPopover !== 'function') return;
  if (region.matches(':popover-open')) region.hidePopover();
  region.showPopover();
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const [toast, setToast] = useState<(ToastMessage & { id: number }) | null>(null);
  const show = useCallback((message: ToastMessage) => setToast({ ...message, id: Date.now() }), []);
  const region = useRef<HTMLDivElement>(null);
  // Where focus was before it came to a toast's Dismiss: it goes back there when the toast goes (issue 31).
  const focusBefore = useRef<Element | null>(null);
  const rememberFocusBefore = (event: FocusEvent<HTMLDivElement>) => {
    if (!(event.relatedTarget instanceof Node) || !event.currentTarget.contains(event.relatedTarget)) focusBefore.current = event.relatedTarget;
  };

  useEffect(() => {
    if (toast !== null) return;
    returnFocus(focusBefore.current);
    focusBefore.current = null;
  }, [toast]);

  useEffect(() => {
    if (toast === null) return;
    const timer = setTimeout(() => setToast(null), toastLifetime(toast));
    return () => clearTimeout(timer);
  }, [toast]);

  // Open from the start (a live region must exist before it speaks), raised again for each toast.
  useLayoutEffect(() => {
    if (toast !== null || !region.current?.matches(':popover-open')) raiseToasts();
  }, [toast]);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div ref={region} id={REGION_ID} popover="manual" className="toast-region" aria-live="polite" role="status" onFocus={rememberFocusBefore}>
        {toast && (
          <div key={toast.id} className={`toast toast--${toast.variant ?? 'default'}`}>
            <div>
              <strong className="toast__title">{toast.title}</strong>
              {toast.description && <p className="toast__description">{toast.description}</p>}
            </div>
            <button type="button" className="toast__close" aria-label={t`Dismiss`} onClick={() => setToast(null)}>×</button>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}
