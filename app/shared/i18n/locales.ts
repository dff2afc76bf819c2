import type { AuthUser } from '../../../schema';
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

/** A language the signed-in person chose on this device (app/features/settings/records.ts), sent to their account or queued. */
export interface ChoiceOnDevice {
  userId: number;
  /** null: none of their own (their class's, this device's or the browser's then). */
  language: AppLocale | null;
  /** When, on this device's clock (the setLanguage mutation's setAt). */
  setAt: string;
}

/** What the account answer says of languages (schema/accounts.ts authUserSchema). */
export type AccountLanguages = Pick<AuthUser, 'id' | 'language' | 'languageSetAt' | 'classLanguage'>;

/**
 * The signed-in person's own language: the later of the one chosen on this device (perhaps not
 * sent yet) and the account's (chosen on any device, as the server last said). Pure.
 */
export function ownLanguage(account: AccountLanguages, choiceHere: ChoiceOnDevice | null): AppLocale | null {
  const mine = choiceHere !== null && choiceHere.userId === account.id ? choiceHere : null;
  if (mine !== null && (account.languageSetAt === null || !(Date.parse(mine.setAt) < Date.parse(account.languageSetAt)))) return mine.language;
  return account.language;
}

/** Where the language to show comes from (./locales.test.ts has each case). */
export interface LanguageSources {
  /** This device's choice (chess-preferences' language), made signed out or as a guest. */
  device: AppLocale | null;
  /** The signed-in account; null when no one is signed in. */
  account: AccountLanguages | null;
  /** The signed-in person's choice made on this device (another person's is not theirs). */
  choiceHere: ChoiceOnDevice | null;
  /** navigator.languages. */
  browser: readonly string[];
}

/**
 * The language to show (issue 28; docs/decisions.md, 'Languages of an account'). Signed in: the
 * person's own (a choice made after signing in, here or on another device, the later winning),
 * else their class's default. Then this device's choice (the landing page's, a guest's), then the
 * browser's best match, then English. The device's choice comes after the account's because it is
 * not the person's: on a school's Chromebook it was made by whoever used it signed out. Pure.
 */
export function chooseLocale({ device, account, choiceHere, browser }: LanguageSources): AppLocale {
  const signedIn = account === null ? null : (ownLanguage(account, choiceHere) ?? account.classLanguage);
  return signedIn ?? device ?? matchLocale(browser);
}
