/**
 * Focus that is never lost (issue 31, WCAG 2.4.3): when the element that had focus goes away (a
 * dialog closed, a screen rebuilt), the browser falls back to <body> and a keyboard or screen
 * reader user starts again from the top. These rules say when the app puts focus back itself.
 */

/**
 * Whether focus was lost: it is on <body> or nowhere. Only then does the app move it; an element
 * that took focus on purpose (a form's first field, a dialog's safe choice) keeps it.
 */
export function focusIsLost(active: Element | null, body: Element | null): boolean {
  return active === null || active === body;
}

/**
 * Gives focus back to the element that opened a dialog or sheet, once the dialog is gone, if it
 * is still on the page and focus has gone nowhere else. An opener that went with the screen (a
 * sheet's link navigated) leaves focus to the route (app/shell/useRouteFocus.ts).
 */
export function returnFocus(opener: Element | null): void {
  if (!(opener instanceof HTMLElement) || !opener.isConnected) return;
  if (focusIsLost(document.activeElement, document.body)) opener.focus();
}
