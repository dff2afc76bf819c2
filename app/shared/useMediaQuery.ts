import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; follows changes (window resizes, rotation). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Spec: the player profile dialog opens on desktop only, at 768px and wider. */
export const DESKTOP_QUERY = '(min-width: 768px)';
