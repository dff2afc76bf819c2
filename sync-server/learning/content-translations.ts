import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, SOURCE_LOCALE, type Locale } from '../../schema/core/values';
import { lessonContentSchema, puzzleContentSchema, tipContentSchema, type LessonContent, type PuzzleContent, type TipContent } from '../../schema';
import { CONTENT_DIR, contentFiles, parseContent, readContentJson } from './content';

/**
 * The learning content in the app's other languages (issue 28): content/i18n/<locale>/ mirrors
 * content/ file by file (lessons/NN-slug.json, tips/<category>.json, puzzles.json), each a copy of
 * the English file with its words translated. Everything that is not words (slugs, positions,
 * moves, order, tags, times) must stay exactly the English file's: the check below refuses a
 * translation that changed a move, dropped a hint or left a sentence in English.
 */
export const TRANSLATED_LOCALES = LOCALES.filter((locale) => locale !== SOURCE_LOCALE);
export const I18N_DIR = join(CONTENT_DIR, 'i18n');

/** The fields whose strings are words for the reader; every other string is data. */
const TEXT_KEYS = new Set(['title', 'description', 'content', 'instruction', 'hints', 'objectives']);

/**
 * Why `translated` is not a faithful translation of `english` (an empty list when it is): a data
 * field changed, a list or an object has other items or keys, a text is empty, or a text of three
 * words or more is still the English one. Pure.
 */
export function translationProblems(english: unknown, translated: unknown, path = '', inText = false): string[] {
  const at = path === '' ? 'the file' : path;
  if (typeof english === 'string') {
    if (typeof translated !== 'string') return [`${at}: should be text`];
    if (!inText) return translated === english ? [] : [`${at}: is data and must stay '${english}'`];
    if (translated.trim() === '') return [`${at}: is empty`];
    return translated === english && english.trim().split(/\s+/).length >= 3 ? [`${at}: is not translated`] : [];
  }
  if (Array.isArray(english)) {
    if (!Array.isArray(translated)) return [`${at}: should be a list`];
    if (translated.length !== english.length) return [`${at}: has ${translated.length} items, the English has ${english.length}`];
    return english.flatMap((item, index) => translationProblems(item, translated[index], `${path}[${index}]`, inText));
  }
  if (english !== null && typeof english === 'object') {
    if (translated === null || typeof translated !== 'object' || Array.isArray(translated)) return [`${at}: should be an object`];
    const keys = Object.keys(english);
    const extra = Object.keys(translated).filter((key) => !keys.includes(key));
    return [
      ...extra.map((key) => `${path === '' ? '' : `${path}.`}${key}: is not in the English file`),
      ...keys.flatMap((key) => {
        const child = path === '' ? key : `${path}.${key}`;
        if (!(key in translated)) return [`${child}: is missing`];
        return translationProblems((english as Record<string, unknown>)[key], (translated as Record<string, unknown>)[key], child, TEXT_KEYS.has(key));
      }),
    ];
  }
  return translated === english ? [] : [`${at}: is data and must stay ${JSON.stringify(english)}`];
}

export interface ContentTranslation {
  lessons: Map<string, LessonContent>;
  tips: Map<string, TipContent>;
  puzzles: Map<string, PuzzleContent>;
}

/** What a locale's folder lacks or gets wrong, file by file (empty when complete and faithful). */
export function checkTranslation(locale: Locale, dir: string = CONTENT_DIR): string[] {
  const problems: string[] = [];
  for (const file of translationFiles(dir)) {
    const english = readContentJson(join(dir, file));
    const path = join(dir, 'i18n', locale, file);
    if (!existsSync(path)) {
      problems.push(`${locale}/${file}: missing`);
      continue;
    }
    const translated = readContentJson(path);
    const found = translationProblems(english, translated);
    if (found.length === 0) {
      try {
        parseTranslatedFile(locale, file, translated);
      } catch (error) {
        found.push((error as Error).message);
      }
    }
    problems.push(...found.map((problem) => `${locale}/${file}: ${problem}`));
  }
  return problems;
}

type TranslatedItems = { kind: 'lessons'; items: LessonContent[] } | { kind: 'tips'; items: TipContent[] } | { kind: 'puzzles'; items: PuzzleContent[] };

/** A translated file's items, validated by the English items' schema (lengths included). */
function parseTranslatedFile(locale: Locale, file: string, translated: unknown): TranslatedItems {
  const where = (index?: number) => `i18n/${locale}/${file}${index === undefined ? '' : `[${index}]`}`;
  if (file.startsWith('lessons/')) return { kind: 'lessons', items: [parseContent(lessonContentSchema, translated, where())] };
  const list = translated as unknown[];
  if (file.startsWith('tips/')) return { kind: 'tips', items: list.map((tip, index) => parseContent(tipContentSchema, tip, where(index))) };
  return { kind: 'puzzles', items: list.map((puzzle, index) => parseContent(puzzleContentSchema, puzzle, where(index))) };
}

/** The content files a language translates, relative to content/. */
export function translationFiles(dir: string = CONTENT_DIR): string[] {
  return [...contentFiles(dir, 'lessons').map((name) => `lessons/${name}`), ...contentFiles(dir, 'tips').map((name) => `tips/${name}`), 'puzzles.json'];
}

/**
 * A locale's translated items by slug (lessons, tips) or Lichess id (assessment puzzles), each
 * validated by the English item's schema. A file that is missing or not faithful is left out, so
 * its items are served in English; `checkTranslation` (and its test) says which.
 */
export function loadTranslation(locale: Locale, dir: string = CONTENT_DIR, english = englishFiles(dir)): ContentTranslation {
  const out: ContentTranslation = { lessons: new Map(), tips: new Map(), puzzles: new Map() };
  if (locale === SOURCE_LOCALE) return out;
  for (const [file, source] of english) {
    const path = join(dir, 'i18n', locale, file);
    if (!existsSync(path)) continue;
    const translated = readContentJson(path);
    if (translationProblems(source, translated).length > 0) continue;
    const parsed = parseTranslatedFile(locale, file, translated);
    if (parsed.kind === 'lessons') for (const lesson of parsed.items) out.lessons.set(lesson.slug, lesson);
    else if (parsed.kind === 'tips') for (const tip of parsed.items) out.tips.set(tip.slug, tip);
    else for (const puzzle of parsed.items) out.puzzles.set(puzzle.lichessId, puzzle);
  }
  return out;
}

/** The English content files a language translates, read once, by path relative to content/. */
function englishFiles(dir: string): ReadonlyMap<string, unknown> {
  return new Map(translationFiles(dir).map((file) => [file, readContentJson(join(dir, file))]));
}

/** Every translated locale's content, loaded once at the server's start. */
export function loadTranslations(dir: string = CONTENT_DIR): ReadonlyMap<Locale, ContentTranslation> {
  const english = englishFiles(dir);
  return new Map(TRANSLATED_LOCALES.map((locale) => [locale, loadTranslation(locale, dir, english)]));
}
