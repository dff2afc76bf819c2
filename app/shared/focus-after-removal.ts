/**
 * Focus after a confirm that removes its own opener's row (issue 31, WCAG 2.4.3). Apart from
 * focus.ts, which the first screen loads: only the screens with such lists need it.
 */
import { focusIsLost } from './focus';

/**
 * The control that takes focus when the row holding `opener` goes: the next row's, else the
 * previous row's, else none (the list's heading then). `controls` are the rows' same controls,
 * in order, the opener's among them.
 */
export function pickNeighbour<T>(controls: readonly T[], opener: T): T | null {
  const at = controls.indexOf(opener);
  if (at === -1) return null;
  return controls[at + 1] ?? controls[at - 1] ?? null;
}

/** How long a removal is waited for (the server's answer, the list loaded again). */
const REMOVAL_WAIT_MS = 15_000;
/** How often, and for how long after a confirm, focus is looked at again without a change to the page. */
const RECHECK_MS = 100;
const RECHECK_FOR_MS = 5_000;

export interface RemovedRow {
  /** What a row of the list is ('tr', 'li', '[data-testid="linked-child"]'): the opener's and its neighbours. */
  row: string;
  /** The list's heading, looked up when the last row has gone (the list may have been drawn again). */
  heading: () => HTMLElement | null;
}

/** The watch of the last removal: a new removal ends it, so two never move focus against each other. */
let stopWatching: (() => void) | null = null;

/** The name a control is found by again, should its list be drawn anew. */
const nameOf = (element: Element) => element.getAttribute('aria-label') ?? element.textContent ?? '';

/**
 * After a confirm that removes the row whose button opened it ('Remove from class: AmeliaJ',
 * 'Cancel homework', 'Unlink'), focus goes to a neighbour rather than to <body> (WCAG 2.4.3):
 * the next row's same button, else the previous row's, else the list's heading. Called on
 * confirm, before the row goes; the same button is the one with the opener's `data-row-action`.
 * It waits for the opener to leave the page, and moves focus only if focus went with it (for a
 * while after, too: a list drawn once more takes focus away again).
 */
export function focusAfterRemoval(opener: Element | null, { row, heading }: RemovedRow): void {
  stopWatching?.();
  if (!(opener instanceof HTMLElement)) return;
  const action = opener.dataset.rowAction;
  const rows = opener.closest(row)?.parentElement?.children;
  if (action === undefined || rows === undefined) return;
  const same = `[data-row-action="${CSS.escape(action)}"]`;
  const controls = [...rows].filter((element) => element.matches(row)).flatMap((element) => [...element.querySelectorAll<HTMLElement>(same)].slice(0, 1));
  const neighbour = pickNeighbour(controls, opener);
  const neighbourName = neighbour && nameOf(neighbour);

  const target = (): HTMLElement | null => {
    if (neighbour?.isConnected) return neighbour;
    // Drawn anew: the same button found again by its name, or the heading as it is now.
    const again = [...document.querySelectorAll<HTMLElement>(same)].find((element) => nameOf(element) === neighbourName);
    return again ?? (neighbourName === null ? heading() : null);
  };
  // Where focus was put; the list may be drawn once more (a second load), taking it away again.
  let placed: HTMLElement | null = null;
  const settle = () => {
    if (opener.isConnected) return;
    const active = document.activeElement;
    if (!focusIsLost(active, document.body)) {
      // Focus went elsewhere on purpose (not where it was put): leave it there.
      if (active !== placed) stop();
      return;
    }
    const element = target();
    if (element === null) return; // the list is still being drawn again
    if (!element.hasAttribute('tabindex') && !element.matches('button, a[href], input, select, textarea')) element.setAttribute('tabindex', '-1');
    element.focus();
    placed = element;
  };
  const observer = new MutationObserver(settle);
  const timer = setTimeout(() => stop(), REMOVAL_WAIT_MS);
  // Focus can also be lost with no change to the page after it was put (a dialog's or a toast's
  // own focus handling, a moment later): looked at again every tenth of a second, for a while.
  const recheck = setInterval(settle, RECHECK_MS);
  const recheckEnd = setTimeout(() => clearInterval(recheck), RECHECK_FOR_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    clearInterval(recheck);
    clearTimeout(recheckEnd);
    if (stopWatching === stop) stopWatching = null;
  }
  stopWatching = stop;
  observer.observe(document.body, { childList: true, subtree: true });
}
