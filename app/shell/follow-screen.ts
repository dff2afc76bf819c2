/**
 * The route's focus and title, on the page (issue 31): loaded after the first paint, as focus
 * moves only on a later change of path (useRouteFocus.ts).
 */
import { focusIsLost } from '../shared/focus';
import { HEADING_FOLLOW_MS, HEADING_WAIT_MS, pageTitle } from './route-focus';

/** The screen's main heading: the first h1 in the main region, or (screens without the shell) on the page. */
function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
}

/** Focuses an element that is not a control without putting it in the Tab order. */
function focusProgrammatically(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus();
}

/** A heading inside a part still loading (aria-busy) is replaced once it has loaded. */
const isLoading = (element: Element) => element.closest('[aria-busy="true"]') !== null;

/**
 * Calls back with the screen's heading whenever a new one shows (a lazy screen's chunk and its data
 * come after the path changes; a loading state's heading gives way to the screen's), for
 * HEADING_FOLLOW_MS. With no heading ready after HEADING_WAIT_MS it calls back with what there is
 * (a loading heading, or null). Returns the way to stop.
 */
function followHeading(callback: (heading: HTMLElement | null) => void): () => void {
  let current: HTMLElement | null = null;
  const look = () => {
    const heading = mainHeading();
    if (!heading || heading === current || isLoading(heading)) return;
    current = heading;
    callback(heading);
  };
  const observer = new MutationObserver(look);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  const fallback = setTimeout(() => {
    if (current === null) callback(mainHeading());
  }, HEADING_WAIT_MS);
  const end = setTimeout(() => observer.disconnect(), HEADING_FOLLOW_MS);
  look();
  return () => {
    observer.disconnect();
    clearTimeout(fallback);
    clearTimeout(end);
  };
}

/**
 * Follows the new screen's heading: the document's title follows it and, when `moves` and focus
 * was lost with the old screen, focus goes to it (or to the main region if the screen has none).
 * Returns the way to stop.
 */
export function followScreen(moves: boolean): () => void {
  return followHeading((heading) => {
    document.title = pageTitle(heading?.textContent);
    if (!moves || !focusIsLost(document.activeElement, document.body)) return;
    const target = heading ?? document.querySelector<HTMLElement>('main');
    if (target) focusProgrammatically(target);
  });
}
