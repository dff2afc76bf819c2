/**
 * Every language's catalogues hold a translation of every message extracted from the source
 * (app/locales/en/*.po, kept current by `npm run i18n:extract`; `npm run check` fails when they
 * are not), and each translation can work: it compiles, keeps the source's placeholders and tags,
 * and gives every plural form its language has (Arabic six, Hindi two).
 */
import { parsePoFile } from '@lingui/format-po';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';

const CATALOGUES = ['first', 'screens'] as const;
const TRANSLATED = LOCALES.filter((locale) => locale !== 'en');

/** The .po files as text (not compiled: `?raw`). */
const FILES = import.meta.glob<string>('../../locales/*/*.po', { query: '?raw', import: 'default', eager: true });

function readCatalogue(locale: string, name: string): Map<string, string> {
  const text = FILES[`../../locales/${locale}/${name}.po`];
  if (text === undefined) throw new Error(`app/locales/${locale}/${name}.po is missing`);
  const entries = parsePoFile(text).items.filter((item) => !item.obsolete);
  return new Map(entries.map((item) => [item.msgid, item.msgstr[0] ?? '']));
}

interface Shape {
  arguments: Set<string>;
  plurals: { name: string; forms: string[] }[];
}

/** The arguments a compiled message uses, and the forms each of its plurals gives. */
function shapeOf(message: CompiledMessage, shape: Shape = { arguments: new Set(), plurals: [] }): Shape {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, type, format] = token;
    shape.arguments.add(name);
    if ((type === 'plural' || type === 'select' || type === 'selectordinal') && format && typeof format === 'object') {
      const choices = Object.entries(format).filter(([key]) => key !== 'offset');
      if (type === 'plural') shape.plurals.push({ name, forms: choices.map(([key]) => key).filter((key) => !key.startsWith('=')) });
      for (const [, choice] of choices) shapeOf(choice as CompiledMessage, shape);
    }
  }
  return shape;
}

const tagsOf = (message: string) => [...message.matchAll(/<\/?(\d+)\/?>/g)].map((match) => match[0]).sort();

describe.each(CATALOGUES)('the %s catalogue', (name) => {
  const source = readCatalogue('en', name);

  it('has messages (extraction found the source)', () => {
    expect(source.size).toBeGreaterThan(0);
  });

  describe.each(TRANSLATED)('in %s', (locale) => {
    const catalogue = readCatalogue(locale, name);
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

    it('translates every extracted message', () => {
      const missing = [...source.keys()].filter((id) => !catalogue.get(id));
      expect(missing, `untranslated in app/locales/${locale}/${name}.po`).toEqual([]);
    });

    it('keeps each message working: it compiles, with the same placeholders and tags, and every plural form', () => {
      for (const [id, translation] of catalogue) {
        if (!translation || !source.has(id)) continue;
        const want = shapeOf(compileMessageOrThrow(id));
        const got = shapeOf(compileMessageOrThrow(translation));
        expect([...got.arguments].sort(), `placeholders of "${translation}"`).toEqual([...want.arguments].sort());
        expect(tagsOf(translation), `tags of "${translation}"`).toEqual(tagsOf(id));
        for (const plural of got.plurals) {
          const lacking = categories.filter((category) => !plural.forms.includes(category));
          expect(lacking, `plural forms of {${plural.name}} in "${translation}"`).toEqual([]);
        }
      }
    });
  });
});
