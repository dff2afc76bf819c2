/**
 * react-chessboard wraps every piece in a dnd-kit draggable that is a focusable role=button with
 * no name (32 unnamed tab stops; axe: button-name). The boards already give every square a named,
 * keyboard-operable control (the shared Board's square-focus spans, app/shared/components/board/,
 * on every board, read-only ones too), so the wrappers are taken out of the accessibility tree and
 * the tab order. Drag and drop still works: dnd-kit's pointer listeners do not need the
 * attributes. React only rewrites an attribute when its prop changes, and dnd-kit's role and
 * tabIndex never change, so each wrapper is fixed once when it appears; aria-pressed (set while
 * dragging) is removed again when it comes back.
 */
const DRAGGABLE = '[aria-roledescription="draggable"]';
const MARK = 'data-piece-wrapper';
const STRIPPED = ['role', 'tabindex', 'aria-roledescription', 'aria-describedby', 'aria-disabled', 'aria-pressed'] as const;

function quiet(element: Element): void {
  element.setAttribute(MARK, '');
  for (const name of STRIPPED) if (element.hasAttribute(name)) element.removeAttribute(name);
}

/** Watches the document for piece wrappers and quiets each one; returns the stop function. */
export function quietDraggables(root: ParentNode & Node = document.body): () => void {
  for (const element of root.querySelectorAll(DRAGGABLE)) quiet(element);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        const target = record.target as Element;
        if (target.hasAttribute(MARK) ? STRIPPED.some((name) => target.hasAttribute(name)) : target.matches(DRAGGABLE)) quiet(target);
        continue;
      }
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches(DRAGGABLE)) quiet(node);
        for (const element of node.querySelectorAll(DRAGGABLE)) quiet(element);
      }
    }
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: [...STRIPPED] });
  return () => observer.disconnect();
}
