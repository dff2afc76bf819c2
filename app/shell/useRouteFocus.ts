import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusIsLost } from '../shared/focus';
import { HEADING_WAIT_MS, movesFocus, pageTitle } from './route-focus';

/** The screen's main heading: the first h1 in the main region, or (screens without the shell) on the page. */
function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
}

/** Focuses an element that is not a control without putting it in the Tab order. */
function focusProgrammatically(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus();
}

/**
 * Calls back with the screen's heading once it shows (a lazy screen's chunk and its data come
 * after the path changes), or with null after HEADING_WAIT_MS. Returns the way to stop waiting.
 */
function whenHeadingShows(callback: (heading: HTMLElement | null) => void): () => void {
  let waiting = true;
  const stop = () => {
    waiting = false;
    observer.disconnect();
    clearTimeout(timer);
  };
  const finish = (heading: HTMLElement | null) => {
    if (!waiting) return;
    stop();
    callback(heading);
  };
  const look = () => {
    const heading = mainHeading();
    if (heading) finish(heading);
  };
  const observer = new MutationObserver(look);
  const timer = setTimeout(() => finish(null), HEADING_WAIT_MS);
  observer.observe(document.body, { childList: true, subtree: true });
  look();
  return stop;
}

/**
 * After a change of path, focus goes to the new screen's main heading (or its main region if it
 * has none), and the document's title follows the heading. Used once, above the layout that is
 * rebuilt for every path.
 */
export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const previousPath = useRef<string | null>(null);
  useEffect(() => {
    const moves = movesFocus(previousPath.current, pathname);
    previousPath.current = pathname;
    return whenHeadingShows((heading) => {
      document.title = pageTitle(heading?.textContent);
      if (!moves || !focusIsLost(document.activeElement, document.body)) return;
      const target = heading ?? document.querySelector<HTMLElement>('main');
      if (target) focusProgrammatically(target);
    });
  }, [pathname]);
}
