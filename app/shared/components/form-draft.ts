/**
 * What was typed in a long form, kept for this tab (sessionStorage), so Back or a reload does not
 * lose it (issue 20). A draft is tab-scoped screen state like a scroll position, not app data: it
 * never syncs and is gone when the tab closes, which suits a shared school Chromebook.
 */
import { useCallback, useEffect, type RefObject } from 'react';

type Fields = Record<string, string>;

function readDraft(key: string): Fields {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(key) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

function fieldsOf(form: HTMLFormElement): Fields {
  const fields: Fields = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') fields[name] = value;
  return fields;
}

/** Restores the draft into the form's named fields once, then saves every change. Returns clear(). */
export function useFormDraft(key: string, form: RefObject<HTMLFormElement | null>): () => void {
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    for (const [name, value] of Object.entries(readDraft(key))) {
      const field = element.elements.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) field.value = value;
    }
    const save = () => {
      try {
        sessionStorage.setItem(key, JSON.stringify(fieldsOf(element)));
      } catch {
        // Storage full or blocked: the form still works, only the draft is not kept.
      }
    };
    element.addEventListener('input', save);
    element.addEventListener('change', save);
    return () => {
      element.removeEventListener('input', save);
      element.removeEventListener('change', save);
    };
  }, [key, form]);

  return useCallback(() => sessionStorage.removeItem(key), [key]);
}
