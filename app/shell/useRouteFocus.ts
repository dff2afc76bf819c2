import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { movesFocus } from './route-focus';

/**
 * After a change of path, focus goes to the new screen's main heading (or its main region if it
 * has none), and the document's title follows the heading (follow-screen.ts, loaded after the
 * first paint: the first-visit budget). Used once, above the layout that is rebuilt for every path.
 */
export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const previousPath = useRef<string | null>(null);
  useEffect(() => {
    const moves = movesFocus(previousPath.current, pathname);
    previousPath.current = pathname;
    let live = true;
    let stop: (() => void) | undefined;
    void import('./follow-screen').then(({ followScreen }) => {
      if (live) stop = followScreen(moves);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [pathname]);
}
