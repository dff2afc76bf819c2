import { describe, expect, it } from 'vitest';
import { chooseLocale, matchLocale, textDirection } from './locales';

describe('matchLocale', () => {
  it.each([
    { languages: ['hi-IN', 'en-US'], expected: 'hi', why: 'the first language the app speaks' },
    { languages: ['de-DE', 'fr-CA', 'en'], expected: 'fr', why: 'skips a language the app does not speak' },
    { languages: ['ES-mx'], expected: 'es', why: 'subtags in any case' },
    { languages: ['ar_MA'], expected: 'ar', why: 'an underscore as some systems write it' },
    { languages: ['de', 'ja'], expected: 'en', why: 'none spoken: English' },
    { languages: [], expected: 'en', why: 'no languages at all' },
  ])('$languages → $expected ($why)', ({ languages, expected }) => {
    expect(matchLocale(languages)).toBe(expected);
  });
});

describe('chooseLocale', () => {
  it('prefers the saved choice over the browser', () => {
    expect(chooseLocale('ar', ['hi-IN'])).toBe('ar');
  });
  it('follows the browser when nothing is saved', () => {
    expect(chooseLocale(null, ['hi-IN'])).toBe('hi');
    expect(chooseLocale(undefined, ['xx'])).toBe('en');
  });
});

describe('textDirection', () => {
  it('is right to left for Arabic only', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(['en', 'hi', 'es', 'fr', 'pseudo'].map((l) => textDirection(l as 'en'))).toEqual(['ltr', 'ltr', 'ltr', 'ltr', 'ltr']);
  });
});
