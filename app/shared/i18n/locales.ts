import { isAppLocale, LOCALES, RTL_LOCALES, type AppLocale } from '../../../schema/core/values';

export { isAppLocale, LOCALES, type AppLocale };

/** The e2e pass's locale: every catalogued text wrapped in ⟦ ⟧ (lingui.config.ts), never offered to users. */
export const PSEUDO_LOCALE = 'pseudo';
export type CatalogueLocale = AppLocale | typeof PSEUDO_LOCALE;

/** Each language by its own name, as a reader of it looks for it in a list. */
export const LANGUAGE_NAMES: Record<AppLocale, string> = {
  en: 'English',
  hi: 'हिन्दी',
  es: 'Español',
  fr: 'Français',
  ar: 'العربية',
};

const RIGHT_TO_LEFT: ReadonlySet<string> = new Set<string>(RTL_LOCALES);

export function isCatalogueLocale(value: unknown): value is CatalogueLocale {
  return value === PSEUDO_LOCALE || isAppLocale(value);
}

export function textDirection(locale: CatalogueLocale): 'rtl' | 'ltr' {
  return RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr';
}

/**
 * The first of the browser's languages (navigator.languages, in the user's order) that the app
 * speaks, by its language subtag ('es-MX' → 'es', 'hi-IN' → 'hi'); English when none is.
 */
export function matchLocale(languages: readonly string[]): AppLocale {
  for (const tag of languages) {
    const language = tag.split(/[-_]/)[0]?.toLowerCase();
    if (isAppLocale(language)) return language;
  }
  return 'en';
}

/** The language to show: the saved choice, else the browser's best match, else English. */
export function chooseLocale(saved: AppLocale | null | undefined, languages: readonly string[]): AppLocale {
  return saved ?? matchLocale(languages);
}
