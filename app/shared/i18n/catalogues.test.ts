/**
 * activateLocale with the real compiled catalogues (the .po files compiled by @lingui/vite-plugin,
 * as in the build): the texts, <html lang dir>, the remembered choice, and the last choice winning.
 */
import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const html = { lang: 'en', dir: 'ltr' };
const stored = new Map<string, string>();
const globals = globalThis as { document?: unknown; localStorage?: unknown };

beforeAll(() => {
  globals.document = { documentElement: html };
  globals.localStorage = { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => stored.set(key, value) };
});

// The test files of a worker share modules: English again, and no stand-ins left behind.
afterAll(async () => {
  const { activateLocale } = await import('./catalogues');
  await activateLocale('en');
  delete globals.document;
  delete globals.localStorage;
});

describe('activateLocale', () => {
  it('shows English from the bundled catalogue before anything is loaded', async () => {
    await import('./catalogues');
    expect(i18n.locale).toBe('en');
    expect(i18n._(msg`Settings`)).toBe('Settings');
  });

  it('loads a language and switches the texts, <html lang> and dir, and remembers it', async () => {
    const { activateLocale, rememberedLocale } = await import('./catalogues');
    await activateLocale('ar');
    expect(i18n.locale).toBe('ar');
    expect(i18n._(msg`Settings`)).toBe('الإعدادات');
    // A lazy screen's message (the screens catalogue) is there too.
    expect(i18n._(msg`Parental Controls`)).toBe('الرقابة الأبوية');
    expect(html).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(rememberedLocale()).toBe('ar');
  });

  it('lets the last choice win when two are loading', async () => {
    const { activateLocale, messagesReady } = await import('./catalogues');
    const first = activateLocale('hi');
    const second = activateLocale('fr');
    await Promise.all([first, second]);
    await messagesReady();
    expect(i18n.locale).toBe('fr');
    expect(i18n._(msg`Settings`)).toBe('Réglages');
    expect(html).toEqual({ lang: 'fr', dir: 'ltr' });
  });

  it('reads plurals by the language’s own rules: Arabic has six forms', async () => {
    const { activateLocale } = await import('./catalogues');
    await activateLocale('ar');
    // The same message as Settings → Time Management's options.
    const label = (minutes: number) => plural(minutes, { one: '# minute', other: '# minutes' });
    expect(label(1)).toBe('دقيقة واحدة');
    expect(label(2)).toBe('دقيقتان');
    expect(label(3)).toMatch(/^\S+ دقائق$/);
    expect(label(11)).toMatch(/^\S+ دقيقة$/);
    await activateLocale('es');
    expect([label(1), label(30)]).toEqual(['1 minuto', '30 minutos']);
  });
});
