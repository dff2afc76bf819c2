import type { Lesson, Locale, Tip } from '../../schema';
import { loadTranslations, type ContentTranslation } from './content-translations';

/**
 * The words of a lesson, tip or assessment puzzle in the reader's language (issue 28): the
 * database keeps the English content (seeded from content/), and a request that asks for another
 * language (`?lang=hi`) gets the same items with the translated words laid over them, matched by
 * slug or Lichess id (an item made through the API has none and stays as written). Positions, moves, ids and progress are always the stored ones; an item not
 * yet translated stays English. The files are read once: at the server's start, or on first use
 * in a test.
 */
let translations: ReadonlyMap<Locale, ContentTranslation> | undefined;
const translationOf = (locale: Locale | undefined) => (locale === undefined ? undefined : (translations ??= loadTranslations()).get(locale));

/** Reads the translations now (server.ts, at start), so no request waits on the files. */
export function loadContentTranslations(): void {
  translations ??= loadTranslations();
}

export function translateLesson<T extends Lesson>(lesson: T, slug: string | null, locale: Locale | undefined): T {
  const words = slug === null ? undefined : translationOf(locale)?.lessons.get(slug);
  return words ? { ...lesson, title: words.title, description: words.description, content: words.content } : lesson;
}

export function translateTip(tip: Tip, slug: string | null, locale: Locale | undefined): Tip {
  const words = slug === null ? undefined : translationOf(locale)?.tips.get(slug);
  return words ? { ...tip, title: words.title, content: words.content } : tip;
}

export function translatePuzzleDescription<T extends string | null>(description: T, lichessId: string | null, locale: Locale | undefined): T | string {
  return (lichessId === null ? undefined : translationOf(locale)?.puzzles.get(lichessId)?.description) ?? description;
}
