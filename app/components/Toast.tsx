import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';

/** Spec section 9: at most one toast at a time, up to 420px wide, shown 5000 ms by default. */
export const TOAST_DEFAULT_MS = 5000;
export const TOAST_SUCCESS_MS = 3000;

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'destructive';
  durationMs?: number;
}

const ToastContext = createContext<(toast: ToastMessage) => void>(() => undefined);

export function useToast() {
  return useContext(ToastContext);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<(ToastMessage & { id: number }) | null>(null);
  const show = useCallback((message: ToastMessage) => setToast({ ...message, id: Date.now() }), []);

  useEffect(() => {
    if (toast === null) return;
    const timer = setTimeout(() => setToast(null), toast.durationMs ?? TOAST_DEFAULT_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toast-region" aria-live="polite" role="status">
        {toast && (
          <div key={toast.id} className={`toast toast--${toast.variant ?? 'default'}`}>
            <div>
              <strong className="toast__title">{toast.title}</strong>
              {toast.description && <p className="toast__description">{toast.description}</p>}
            </div>
            <button type="button" className="toast__close" aria-label="Dismiss" onClick={() => setToast(null)}>×</button>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}
