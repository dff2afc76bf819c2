import { useLingui } from '@lingui/react';
import { isAppLocale, type AppLocale } from './locales';

/**
 * The query that asks the server for its lessons, tips and assessment puzzles in the app's
 * language (`?lang=hi`, issue 28); nothing for English (and for the e2e pass's pseudo-locale), so
 * English requests read as they always have. A change of language changes the query, and the
 * screen fetches again; offline, the stored copy stays in the language it was fetched in.
 */
export function useContentLanguageQuery(): { lang?: Exclude<AppLocale, 'en'> } {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return isAppLocale(locale) && locale !== 'en' ? { lang: locale } : {};
}

/**
 * The language the content's words come in, for their `lang` attribute (WCAG 3.1.2): the app's
 * language, except for the pseudo-locale, whose content is the English (no `?lang=`). A screen
 * reader then reads an English lesson title with an English voice, and the pseudo-locale pass
 * (e2e/pseudo-locale.spec.ts) knows the words are not the catalogue's.
 */
export function useContentLang(): AppLocale {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return isAppLocale(locale) ? locale : 'en';
}
