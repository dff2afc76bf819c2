import { describe, expect, it } from 'vitest';
import { nameSkeleton } from './name-skeleton';
import { checkName, hasInvisibleCharacters, normalizeName } from './names';

describe('normalizeName: one line of visible text', () => {
  it.each([
    { name: 'plain ASCII stays', input: 'Magnus Carlsen', expected: 'Magnus Carlsen' },
    { name: 'CR LF becomes a space, so no second TRF line', input: 'x\r\n012 PWNED', expected: 'x 012 PWNED' },
    { name: 'tabs and runs of spaces become one space', input: '  Anna\t\tKarenina  ', expected: 'Anna Karenina' },
    { name: 'NEL, line and paragraph separators are line breaks too', input: 'a\u0085b\u2028c\u2029d', expected: 'a b c d' },
    { name: 'zero-width space, joiners and BOM go', input: 'pa\u200Byp\u200C\u200Dal\uFEFF', expected: 'paypal' },
    { name: 'right-to-left override and pop go', input: '\u202Egnp.exe\u202C', expected: 'gnp.exe' },
    { name: 'bidi isolates and marks go', input: '\u2066Ann\u2069\u200E\u200F\u061C', expected: 'Ann' },
    { name: 'fullwidth letters become ASCII (NFKC)', input: '\uFF50\uFF41\uFF59\uFF50\uFF41\uFF4C', expected: 'paypal' },
    { name: 'ideographic space is a space', input: 'Li\u3000Wei', expected: 'Li Wei' },
    { name: 'decomposed accents compose (NFC part of NFKC)', input: 'Zoe\u0308', expected: 'Zo\u00EB' },
    { name: 'Hangul filler draws nothing and goes', input: 'ab\u3164', expected: 'ab' },
    { name: 'other control characters go', input: 'a\u0000b\u0007c\u001Bd\u007F', expected: 'abcd' },
    { name: 'right-to-left letters stay (Hebrew, Arabic)', input: 'שלום عمر', expected: 'שלום عمر' },
    { name: 'Cyrillic stays Cyrillic (the skeleton catches lookalikes)', input: 'p\u0430ypal', expected: 'p\u0430ypal' },
    { name: 'quotes, commas, brackets and backslashes stay (each export escapes them)', input: 'O\'Neil, "Bob" [x] \\', expected: 'O\'Neil, "Bob" [x] \\' },
  ])('$name', ({ input, expected }) => {
    expect(normalizeName(input)).toBe(expected);
  });

  it('is idempotent on hostile mixtures', () => {
    const pieces = ['a', ' ', '\t', '\r\n', '\u200B', '\u202E', '\uFF41', 'e\u0301', '\u00A8', '\u3000', '😀', '\uD800', 'ß', 'ﬁ'];
    let seed = 7;
    for (let i = 0; i < 500; i++) {
      let text = '';
      for (let j = 0; j < 12; j++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        text += pieces[seed % pieces.length];
      }
      const once = normalizeName(text);
      expect(normalizeName(once)).toBe(once);
      expect(hasInvisibleCharacters(once)).toBe(false);
      expect(once).not.toMatch(/^\s|\s$|\s\s|[\r\n\t]/u);
    }
  });

  it('cuts to a length without splitting an emoji', () => {
    expect(normalizeName('abc😀', 4)).toBe('abc');
    expect(normalizeName('ab cd', 3)).toBe('ab');
    expect(normalizeName('x'.repeat(100), 33)).toHaveLength(33);
  });
});

describe('checkName: a username as its owner typed it', () => {
  it.each([
    { name: 'plain', input: 'alice', expected: { ok: true, value: 'alice' } },
    { name: 'surrounding spaces trimmed', input: '  alice ', expected: { ok: true, value: 'alice' } },
    { name: 'fullwidth is stored as ASCII', input: '\uFF41\uFF4C\uFF49\uFF43\uFF45', expected: { ok: true, value: 'alice' } },
    { name: 'zero-width space refused', input: 'ali\u200Bce', expected: { ok: false, error: { code: 'ERR_NAME_INVISIBLE' } } },
    { name: 'right-to-left override refused', input: 'alice\u202E', expected: { ok: false, error: { code: 'ERR_NAME_INVISIBLE' } } },
    { name: 'tab refused', input: 'ali\tce', expected: { ok: false, error: { code: 'ERR_NAME_INVISIBLE' } } },
    { name: 'line break refused', input: 'x\r\n012 PWNED', expected: { ok: false, error: { code: 'ERR_NAME_INVISIBLE' } } },
    { name: 'inner spaces collapse', input: 'a    b', expected: { ok: true, value: 'a b' } },
    { name: 'too short', input: ' ab ', expected: { ok: false, error: { code: 'ERR_NAME_LENGTH' } } },
    { name: 'too long after NFKC (the ligature is two letters)', input: 'ﬁ'.repeat(11), expected: { ok: false, error: { code: 'ERR_NAME_LENGTH' } } },
  ])('$name', ({ input, expected }) => {
    expect(checkName(input, 3, 20)).toEqual(expected);
  });
});

describe('nameSkeleton: names that look alike share one (UTS #39)', () => {
  it.each([
    { name: 'Cyrillic а in paypal', a: 'paypal', b: 'p\u0430yp\u0430l' },
    { name: 'Greek omicron and Cyrillic о', a: 'bob', b: 'b\u03BFb' },
    { name: 'digit zero and letter o', a: 'bob', b: 'b0b' },
    { name: 'capital I and small l', a: 'Ivan', b: 'lvan' },
    { name: 'rn and m', a: 'rnagnus', b: 'magnus' },
    { name: 'fullwidth letters', a: 'paypal', b: '\uFF50\uFF41\uFF59\uFF50\uFF41\uFF4C' },
    { name: 'case', a: 'PayPal', b: 'paypal' },
    { name: 'zero-width space', a: 'alice', b: 'ali\u200Bce' },
    { name: 'composed and decomposed accents', a: 'Zo\u00EB', b: 'Zoe\u0308' },
    { name: 'sharp s and SS', a: 'Strauss', b: 'STRAUß' },
  ])('$name', ({ a, b }) => {
    expect(nameSkeleton(a)).toBe(nameSkeleton(b));
  });

  it.each([
    { name: 'different letters', a: 'alice', b: 'alicia' },
    { name: 'accent matters', a: 'Zoe', b: 'Zoë' },
    { name: 'a Cyrillic name is not its Latin transliteration', a: 'Алекс', b: 'Alex' },
  ])('tells apart: $name', ({ a, b }) => {
    expect(nameSkeleton(a)).not.toBe(nameSkeleton(b));
  });
});
