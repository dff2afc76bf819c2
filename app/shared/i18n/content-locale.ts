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
