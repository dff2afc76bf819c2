/**
 * When coaching work starts after a position changes (spec section 7): on desktop 200 ms and then
 * the browser's idle time (at most 2000 ms more), on phones 500 ms, so quick moves do not queue
 * searches the player never sees.
 */
export const DESKTOP_DEBOUNCE_MS = 200;
export const IDLE_TIMEOUT_MS = 2000;
export const MOBILE_DEBOUNCE_MS = 500;
/** Spec section 9: depth 15 on desktop, 12 under 768px. */
export const DESKTOP_DEPTH = 15;
export const MOBILE_DEPTH = 12;

export const coachDepth = (wide: boolean) => (wide ? DESKTOP_DEPTH : MOBILE_DEPTH);

/** Runs `work` after the debounce for the layout; returns the cancel. */
export function scheduleCoachWork(wide: boolean, work: () => void): () => void {
  let idle: number | null = null;
  const timer = setTimeout(
    () => {
      if (wide && typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
      else work();
    },
    wide ? DESKTOP_DEBOUNCE_MS : MOBILE_DEBOUNCE_MS,
  );
  return () => {
    clearTimeout(timer);
    if (idle !== null) window.cancelIdleCallback(idle);
  };
}

/**
 * Each coaching search also stops after this long (depth 15 or 1.5 s on desktop, whichever comes
 * first), so one position's coaching costs a few seconds at most on a slow Chromebook.
 */
export const DESKTOP_SEARCH_CAP_MS = 1500;
export const MOBILE_SEARCH_CAP_MS = 1000;
export const searchCap = (wide: boolean) => (wide ? DESKTOP_SEARCH_CAP_MS : MOBILE_SEARCH_CAP_MS);
/** What the learner asked for and waits on (a hint, a Retry): a little longer, and first in line. */
export const HINT_SEARCH_CAP_MS = 2000;
