import { useEffect, type RefObject } from 'react';

/**
 * Keeps a CSS variable on the document equal to an element's height (the sticky header, the fixed
 * bottom navigation), so the page's scroll padding follows it at any text size and safe area:
 * a control that takes focus is scrolled clear of both (issue 31, WCAG 2.4.11; styles.css).
 */
export function useHeightVariable(ref: RefObject<HTMLElement | null>, name: `--${string}`): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const style = document.documentElement.style;
    const observer = new ResizeObserver(() => style.setProperty(name, `${Math.ceil(element.getBoundingClientRect().height)}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      style.removeProperty(name);
    };
  }, [ref, name]);
}
