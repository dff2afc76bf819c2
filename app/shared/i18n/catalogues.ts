/**
 * Loading the message catalogues (issue 28). Each language has two compiled catalogues
 * (lingui.config.ts): `first`, what the first screen can show, and `screens`, the lazy screens'.
 * English's first catalogue is bundled, so English paints at once; every other catalogue is its
 * own chunk, imported when its language is chosen (the service worker precaches them all).
 */
import { i18n, type Messages } from '@lingui/core';
import { messages as englishFirst } from '../../locales/en/first.po';
import { textDirection, type CatalogueLocale } from './locales';

interface CompiledCatalogue { messages: Messages }
type Loaders = Record<string, () => Promise<CompiledCatalogue>>;

const FIRST: Loaders = import.meta.glob<CompiledCatalogue>(['../../locales/*/first.po', '!../../locales/en/first.po']);
const SCREENS: Loaders = import.meta.glob<CompiledCatalogue>('../../locales/*/screens.po');

/** Remembers the language in effect, read synchronously at the next start (the preferences are in IndexedDB). */
const REMEMBERED_KEY = 'chess-locale';

i18n.loadAndActivate({ locale: 'en', messages: englishFirst });

const loaded = new Map<CatalogueLocale, Promise<Messages>>();
let requested: CatalogueLocale = 'en';
let activation: Promise<void> = Promise.resolve();

function load(loaders: Loaders, locale: CatalogueLocale, name: string): Promise<Messages> {
  const loader = loaders[`../../locales/${locale}/${name}.po`];
  if (!loader) return Promise.reject(new Error(`No ${name} catalogue for ${locale}`));
  return loader().then((module) => module.messages);
}

function loadMessages(locale: CatalogueLocale): Promise<Messages> {
  let messages = loaded.get(locale);
  if (!messages) {
    const first = locale === 'en' ? Promise.resolve(englishFirst) : load(FIRST, locale, 'first');
    // Another language than English also needs the words for the server's refusals by code
    // (./server-messages.ts, registered with ../api.ts when loaded); English's are the server's own.
    const serverWords = locale === 'en' ? Promise.resolve() : import('./server-messages');
    messages = Promise.all([first, load(SCREENS, locale, 'screens'), serverWords]).then(([a, b]) => ({ ...a, ...b }));
    // A failed load (offline before the precache finished) is tried again at the next choice.
    messages.catch(() => loaded.delete(locale));
    loaded.set(locale, messages);
  }
  return messages;
}

function applyToDocument(locale: CatalogueLocale) {
  document.documentElement.lang = locale;
  document.documentElement.dir = textDirection(locale);
}

/**
 * Shows the app in `locale`: loads its catalogues (only that language's), then switches every
 * mounted text at once, and <html lang dir>. A later call wins over one still loading.
 */
export function activateLocale(locale: CatalogueLocale): Promise<void> {
  requested = locale;
  activation = loadMessages(locale).then(
    (messages) => {
      if (requested !== locale) return;
      i18n.loadAndActivate({ locale, messages });
      applyToDocument(locale);
      rememberLocale(locale);
    },
    (error: unknown) => console.error(`The ${locale} texts could not be loaded; the app stays in ${i18n.locale}.`, error),
  );
  return activation;
}

/** Settles when the language being switched to (or the first) has all its catalogues: the lazy screens wait for it. */
export function messagesReady(): Promise<void> {
  return activation;
}

export function rememberedLocale(): string | null {
  try {
    return localStorage.getItem(REMEMBERED_KEY);
  } catch {
    return null;
  }
}

/**
 * An account left this device (app/features/auth/account-data.ts): the next start must not paint in
 * its person's language. It starts in the browser's, then takes this device's choice, if any.
 */
export function forgetRememberedLocale(): void {
  try {
    localStorage.removeItem(REMEMBERED_KEY);
  } catch {
    // Storage refused: nothing was remembered either.
  }
}

function rememberLocale(locale: CatalogueLocale) {
  try {
    localStorage.setItem(REMEMBERED_KEY, locale);
  } catch {
    // Storage refused (a private window): the next start follows the preference once it loads.
  }
}
