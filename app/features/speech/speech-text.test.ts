import { describe, expect, it } from 'vitest';
import { chooseVoice, MAX_SPOKEN_SENTENCE, pickVoice, shortenHint, speechRateLabel, splitLongSentence, splitSentences } from './speech-text';

describe('splitSentences', () => {
  it.each([
    { text: '', expected: [] },
    { text: 'Good move.', expected: ['Good move.'] },
    { text: 'Good move. Your knight is safe!  Can you see the fork?', expected: ['Good move.', 'Your knight is safe!', 'Can you see the fork?'] },
    { text: 'After 12. Nf3 the queen is attacked.', expected: ['After 12. Nf3 the queen is attacked.'] },
    { text: 'Line one\nline two. Next', expected: ['Line one line two.', 'Next'] },
    { text: 'अच्छी चाल। अब रानी देखें।', expected: ['अच्छी चाल।', 'अब रानी देखें।'] },
    { text: 'نقلة جيدة. هل ترى الشوكة؟ انظر إلى e5.', expected: ['نقلة جيدة.', 'هل ترى الشوكة؟', 'انظر إلى e5.'] },
  ])('$text', ({ text, expected }) => {
    expect(splitSentences(text)).toEqual(expected);
  });

  it('splits a sentence over 100 characters and keeps short ones whole', () => {
    const long =
      'Your queen on h5 can be taken by the knight on f6, so it is lost for nothing and Black is now much better in this position.';
    expect(long.length).toBeGreaterThan(MAX_SPOKEN_SENTENCE);
    const parts = splitSentences(`Careful. ${long}`);
    expect(parts[0]).toBe('Careful.');
    expect(parts.slice(1).join(' ')).toBe(long);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(MAX_SPOKEN_SENTENCE);
  });
});

describe('splitLongSentence', () => {
  it.each([
    {
      name: 'at commas',
      text: 'one two three, four five six, seven eight nine',
      max: 20,
      expected: ['one two three,', 'four five six,', 'seven eight nine'],
    },
    {
      name: 'before conjunctions, never inside a word like "andante" or "sorry"',
      text: 'play andante and sorry but then stop',
      max: 15,
      expected: ['play andante', 'and sorry but', 'then stop'],
    },
    { name: 'at Arabic commas', text: 'واحد اثنان ثلاثة، أربعة خمسة ستة', max: 20, expected: ['واحد اثنان ثلاثة،', 'أربعة خمسة ستة'] },
    { name: 'joins pieces while they fit', text: 'a, b, c and d', max: 100, expected: ['a, b, c and d'] },
  ])('$name', ({ text, max, expected }) => {
    expect(splitLongSentence(text, max)).toEqual(expected);
  });
});

describe('shortenHint', () => {
  it.each([
    { text: 'Move your knight.', expected: 'Move your knight.' },
    { text: 'x'.repeat(80), expected: 'x'.repeat(80) },
    { text: 'y'.repeat(81), expected: `${'y'.repeat(80)}...` },
    { text: `${'z'.repeat(79)} and more words`, expected: `${'z'.repeat(79)}...` },
  ])('$text.length characters', ({ text, expected }) => {
    expect(shortenHint(text)).toBe(expected);
  });
});

describe('pickVoice', () => {
  const voices = [
    { name: 'Google Deutsch', lang: 'de-DE' },
    { name: 'Microsoft David - English (United States)', lang: 'en-US' },
    { name: 'Daniel', lang: 'en-GB' },
    { name: 'Microsoft Zira - English (United States)', lang: 'en-US' },
    { name: 'Karen', lang: 'en-AU' },
  ];
  it.each([
    { name: 'an English female voice of the language first', list: voices, lang: 'en-US', preferred: null, expected: 'Microsoft Zira - English (United States)' },
    { name: 'a female English voice of another country before a male of the language', list: voices.slice(0, 3).concat(voices[4]!), lang: 'en-US', preferred: null, expected: 'Karen' },
    { name: 'the voice of the language when no female voice is known', list: voices.slice(0, 3), lang: 'en-GB', preferred: null, expected: 'Daniel' },
    { name: 'any English voice otherwise', list: voices.slice(0, 2), lang: 'en-GB', preferred: null, expected: 'Microsoft David - English (United States)' },
    { name: 'the stored choice wins', list: voices, lang: 'en-US', preferred: 'Daniel', expected: 'Daniel' },
    { name: 'null without English voices', list: voices.slice(0, 1), lang: 'en-US', preferred: null, expected: null },
  ])('$name', ({ list, lang, preferred, expected }) => {
    expect(pickVoice(list, lang, preferred)?.name ?? null).toBe(expected);
  });
});

describe("chooseVoice: a voice of the app's language (issue 28)", () => {
  const voices = [
    { name: 'Samantha', lang: 'en-US' },
    { name: 'Daniel', lang: 'en-GB' },
    { name: 'Google हिन्दी', lang: 'hi-IN' },
    { name: 'Mónica', lang: 'es-ES' },
    { name: 'Paulina', lang: 'es-MX', default: true },
    { name: 'Amélie', lang: 'fr_CA' },
    { name: 'Thomas', lang: 'fr-FR' },
  ];
  const auto = { lang: 'en-US', voice: null };
  it.each([
    { name: 'English: pickVoice, with the stored language', list: voices, locale: 'en', settings: auto, voice: 'Samantha', lang: 'en-US' },
    { name: 'English: the stored English voice', list: voices, locale: 'en', settings: { lang: 'en-US', voice: 'Daniel' }, voice: 'Daniel', lang: 'en-US' },
    { name: 'English: a stored voice of another language is not used', list: voices, locale: 'en', settings: { lang: 'en-US', voice: 'Thomas' }, voice: 'Samantha', lang: 'en-US' },
    { name: 'the pseudo-locale is English', list: voices, locale: 'pseudo', settings: auto, voice: 'Samantha', lang: 'en-US' },
    { name: "Hindi: the language's voice", list: voices, locale: 'hi', settings: auto, voice: 'Google हिन्दी', lang: 'hi-IN' },
    { name: "Spanish: the usual country's voice before the device's default", list: voices, locale: 'es', settings: auto, voice: 'Mónica', lang: 'es-ES' },
    { name: "Spanish: the device's default of the language", list: voices.filter((v) => v.name !== 'Mónica'), locale: 'es', settings: auto, voice: 'Paulina', lang: 'es-MX' },
    { name: 'Spanish: the stored voice when it speaks Spanish', list: voices, locale: 'es', settings: { lang: 'en-US', voice: 'Paulina' }, voice: 'Paulina', lang: 'es-MX' },
    { name: 'French: a stored English voice is not used', list: voices, locale: 'fr', settings: { lang: 'en-US', voice: 'Daniel' }, voice: 'Thomas', lang: 'fr-FR' },
    { name: "French: any voice of the language, Android's tag read", list: voices.filter((v) => v.name !== 'Thomas'), locale: 'fr', settings: auto, voice: 'Amélie', lang: 'fr-CA' },
    { name: "Arabic: none on the device, the language's tag alone", list: voices, locale: 'ar', settings: auto, voice: null, lang: 'ar-SA' },
    { name: 'no voices at all', list: [], locale: 'hi', settings: auto, voice: null, lang: 'hi-IN' },
  ])('$name', ({ list, locale, settings, voice, lang }) => {
    const chosen = chooseVoice(list, locale, settings);
    expect({ voice: chosen.voice?.name ?? null, lang: chosen.lang }).toEqual({ voice, lang });
  });
});

describe('speechRateLabel: one reading of the speed on Play and in Settings (issue 20)', () => {
  it.each([
    [0.95, '0.95×'],
    [1, '1.0×'],
    [0.7, '0.7×'],
    [1.2, '1.2×'],
    [0.8000000000000002, '0.8×'],
  ])('%d -> %s', (rate, label) => {
    expect(speechRateLabel(rate)).toBe(label);
  });
});
