import { describe, expect, it } from 'vitest';
import { chooseLocale, matchLocale, ownLanguage, textDirection, type AccountLanguages, type ChoiceOnDevice, type LanguageSources } from './locales';

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

/** Anna (id 7), signed in; her class's default and her account's language vary by row. */
const anna = (fields: Partial<AccountLanguages> = {}): AccountLanguages => ({ id: 7, language: null, languageSetAt: null, classLanguage: null, ...fields });
const choice = (language: ChoiceOnDevice['language'], setAt: string, userId = 7): ChoiceOnDevice => ({ userId, language, setAt });
const MORNING = '2026-11-28T08:00:00.000Z';
const NOON = '2026-11-28T12:00:00.000Z';

describe('chooseLocale: which language the app shows (docs/decisions.md, "Languages of an account")', () => {
  it.each<{ why: string; sources: Partial<LanguageSources>; expected: string }>([
    { why: 'a first visit: the browser', sources: { browser: ['hi-IN'] }, expected: 'hi' },
    { why: 'a first visit in a language the app does not speak: English', sources: { browser: ['xx'] }, expected: 'en' },
    { why: 'signed out: the device’s choice over the browser', sources: { device: 'ar', browser: ['hi-IN'] }, expected: 'ar' },
    { why: 'a new Chromebook: the account’s, though the browser says otherwise', sources: { account: anna({ language: 'es', languageSetAt: MORNING }), browser: ['hi-IN'] }, expected: 'es' },
    { why: 'the account’s over a choice another person made here signed out', sources: { device: 'fr', account: anna({ language: 'es', languageSetAt: MORNING }) }, expected: 'es' },
    { why: 'no language of her own: her class’s, over the device’s', sources: { device: 'fr', account: anna({ classLanguage: 'hi' }) }, expected: 'hi' },
    { why: 'her own over her class’s', sources: { account: anna({ language: 'es', languageSetAt: MORNING, classLanguage: 'hi' }) }, expected: 'es' },
    { why: 'no own language and no class: the device’s', sources: { device: 'fr', account: anna() }, expected: 'fr' },
    { why: 'a choice made here after signing in, not sent yet, over the account’s older one', sources: { account: anna({ language: 'es', languageSetAt: MORNING }), choiceHere: choice('ar', NOON) }, expected: 'ar' },
    { why: 'a later choice made on another device over the one made here', sources: { account: anna({ language: 'es', languageSetAt: NOON }), choiceHere: choice('ar', MORNING) }, expected: 'es' },
    { why: 'a choice made here, the account never told of any', sources: { account: anna(), choiceHere: choice('ar', MORNING) }, expected: 'ar' },
    { why: 'another person’s choice left here is not hers', sources: { account: anna({ classLanguage: 'hi' }), choiceHere: choice('ar', NOON, 8) }, expected: 'hi' },
    { why: 'signed out, a choice left under an id is nobody’s', sources: { device: 'fr', choiceHere: choice('ar', NOON) }, expected: 'fr' },
    { why: 'her choice of none made here: her class’s', sources: { account: anna({ language: 'es', languageSetAt: MORNING, classLanguage: 'hi' }), choiceHere: choice(null, NOON) }, expected: 'hi' },
  ])('$why → $expected', ({ sources, expected }) => {
    expect(chooseLocale({ device: null, account: null, choiceHere: null, browser: [], ...sources })).toBe(expected);
  });
});

describe('ownLanguage', () => {
  it('the same times: the choice made here (it is the one being sent)', () => {
    expect(ownLanguage(anna({ language: 'es', languageSetAt: NOON }), choice('ar', NOON))).toBe('ar');
  });
});

describe('textDirection', () => {
  it('is right to left for Arabic only', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(['en', 'hi', 'es', 'fr', 'pseudo'].map((l) => textDirection(l as 'en'))).toEqual(['ltr', 'ltr', 'ltr', 'ltr', 'ltr']);
  });
});
