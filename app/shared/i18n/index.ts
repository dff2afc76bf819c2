/** The app's languages (issue 28): which one, its catalogues, and the screens that wait for them. */
import { activateLocale, rememberedLocale } from './catalogues';
import { isCatalogueLocale, matchLocale, type CatalogueLocale } from './locales';

export { activateLocale, messagesReady } from './catalogues';
export { lazyScreen } from './lazy-screen';
export { useContentLang, useContentLanguageQuery } from './content-locale';
export { chooseLocale, isAppLocale, LANGUAGE_NAMES, LOCALES, matchLocale, PSEUDO_LOCALE, textDirection, type AppLocale, type CatalogueLocale, type ChoiceOnDevice, type LanguageSources } from './locales';

/** The language of the first paint: the one in effect last time, else the browser's best match. */
export function initialLocale(): CatalogueLocale {
  const remembered = rememberedLocale();
  return isCatalogueLocale(remembered) ? remembered : matchLocale(navigator.languages ?? []);
}

/** Starts in the first paint's language; resolves when it can be shown (at once for English). */
export function startI18n(): Promise<void> {
  const locale = initialLocale();
  const ready = activateLocale(locale);
  return locale === 'en' ? Promise.resolve() : ready;
}
