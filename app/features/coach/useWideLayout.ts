import { useSyncExternalStore } from 'react';

/** Spec section 9: the wide layout (side panel, deeper analysis) starts at 768px. */
export const WIDE_LAYOUT_MIN_PX = 768;
const QUERY = `(min-width: ${WIDE_LAYOUT_MIN_PX}px)`;

function subscribe(listener: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

export function useWideLayout(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches, () => false);
}
