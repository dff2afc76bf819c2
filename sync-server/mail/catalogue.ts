import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, SOURCE_LOCALE, type AppLocale } from '../../schema/core/values';

/**
 * The e-mails' texts in every language (issue 28): messages/<locale>.json, one flat table each,
 * for a translator to edit: `"<mail>.subject"` and `"<mail>.text"`, with `{username}` and `{link}`
 * where the name and the link go. English is the source (its words are the ones the app always
 * sent). Not a Lingui catalogue: the server runs under tsx, which cannot run Lingui's macros, and
 * the compiled .po catalogues need the build's plugin (docs/decisions.md, 'Languages of an account').
 * Read once, when the server starts: a table missing a text, or with other placeholders than the
 * English one, stops the start, naming it (./catalogue.test.ts holds every table to this).
 */

/** Each e-mail the server sends and the placeholders its texts fill. */
export const MAILS = {
  verifyEmail: ['username', 'link'],
  resetPassword: ['username', 'link'],
} as const;
export type MailName = keyof typeof MAILS;
type MailValues<N extends MailName> = Record<(typeof MAILS)[N][number], string>;

const MAIL_KEYS = (Object.keys(MAILS) as MailName[]).flatMap((name) => [`${name}.subject`, `${name}.text`]);
const MESSAGES_DIR = fileURLToPath(new URL('./messages', import.meta.url));

/** The `{name}` placeholders of a text, sorted. Pure. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string).sort();
}

/**
 * What is wrong with a language's table (empty when nothing): a text missing or empty, a key the
 * English table does not have, a text whose placeholders differ from the English one's. Pure.
 */
export function catalogueProblems(english: Readonly<Record<string, string>>, table: unknown): string[] {
  if (table === null || typeof table !== 'object' || Array.isArray(table)) return ['should be an object of texts'];
  const texts = table as Record<string, unknown>;
  const problems = Object.keys(texts).filter((key) => !(key in english)).map((key) => `${key}: is not in the English table`);
  for (const [key, source] of Object.entries(english)) {
    const text = texts[key];
    if (typeof text !== 'string' || text.trim() === '') problems.push(`${key}: is missing`);
    else if (placeholdersOf(text).join() !== placeholdersOf(source).join()) problems.push(`${key}: has {${placeholdersOf(text).join('}, {')}}, the English has {${placeholdersOf(source).join('}, {')}}`);
  }
  return problems;
}

export function readMailTable(locale: AppLocale, dir = MESSAGES_DIR): unknown {
  return JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8'));
}

/** What the English table lacks or has too much of against MAILS: a text, or a placeholder its e-mail does not fill. Pure. */
export function englishProblems(english: Readonly<Record<string, unknown>>): string[] {
  const problems = MAIL_KEYS.filter((key) => typeof english[key] !== 'string').map((key) => `${key}: is missing`);
  for (const [key, text] of Object.entries(english)) {
    const filled: readonly string[] | undefined = MAIL_KEYS.includes(key) ? MAILS[key.split('.')[0] as MailName] : undefined;
    if (filled === undefined) problems.push(`${key}: is no e-mail's text`);
    else if (typeof text === 'string') problems.push(...placeholdersOf(text).filter((name) => !filled.includes(name)).map((name) => `${key}: {${name}} is not filled`));
  }
  return problems;
}

/** Every language's table, checked against the English one (and the English against MAILS); throws naming every problem. */
export function loadMailCatalogues(dir = MESSAGES_DIR): ReadonlyMap<AppLocale, Readonly<Record<string, string>>> {
  const english = readMailTable(SOURCE_LOCALE, dir) as Record<string, string>;
  const problems = englishProblems(english).map((problem) => `${SOURCE_LOCALE}.json: ${problem}`);
  const tables = new Map<AppLocale, Readonly<Record<string, string>>>();
  for (const locale of LOCALES) {
    const table = locale === SOURCE_LOCALE ? english : readMailTable(locale, dir);
    problems.push(...catalogueProblems(english, table).map((problem) => `${locale}.json: ${problem}`));
    tables.set(locale, table as Record<string, string>);
  }
  if (problems.length > 0) throw new Error(`The e-mail texts (sync-server/mail/messages) are not complete: ${problems.join('; ')}`);
  return tables;
}

const CATALOGUES = loadMailCatalogues();

/** Fills a text's placeholders (once: a value that holds '{link}' stays as typed). */
function fill(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}

/** The e-mail `name` in `locale` (English when the account chose no language), its placeholders filled. */
export function composeMail<N extends MailName>(name: N, locale: AppLocale | null, values: MailValues<N>): { subject: string; text: string } {
  const table = CATALOGUES.get(locale ?? SOURCE_LOCALE) ?? (CATALOGUES.get(SOURCE_LOCALE) as Readonly<Record<string, string>>);
  return { subject: fill(table[`${name}.subject`] ?? '', values), text: fill(table[`${name}.text`] ?? '', values) };
}
