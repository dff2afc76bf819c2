/**
 * Where focus goes after a route change (issue 31, WCAG 2.4.3): the layout is rebuilt under a key
 * per path, so the element that had focus is gone and the browser falls back to <body>. The new
 * screen's main heading takes focus instead (a screen reader reads it out, and the next Tab starts
 * at the top of the new screen). The rules here are pure; useRouteFocus.ts applies them.
 */

/** The document's title when a screen has no heading of its own (index.html's). */
export const APP_NAME = 'Chess Learning App';

/** How long a screen may take to show its heading (a lazy chunk, then its data) before the main region takes focus. */
export const HEADING_WAIT_MS = 3_000;

/**
 * How long the route follows its screen's heading: a screen that shows a heading while it loads
 * (Play's 'Play' over the board's skeleton) and then another in its place takes focus to the new
 * one, if focus went down with the old.
 */
export const HEADING_FOLLOW_MS = 10_000;

/**
 * Focus moves on a change of path only: not on the app's first load (focus stays at the
 * document's start, where a screen reader begins) and not when only the query string changes
 * (a tab such as ?tab=rounds keeps focus on the tab itself).
 */
export function movesFocus(previousPath: string | null, path: string): boolean {
  return previousPath !== null && previousPath !== path;
}

/** The document's title for a screen's heading: 'Lessons · Chess Learning App' (WCAG 2.4.2). */
export function pageTitle(heading: string | null | undefined): string {
  const text = (heading ?? '').replace(/\s+/g, ' ').trim();
  if (text === '' || text === APP_NAME) return APP_NAME;
  return `${text} · ${APP_NAME}`;
}
