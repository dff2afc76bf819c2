import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatShortDay, readerLocale } from './dates';

describe('dates in one format from the locale', () => {
  const instant = '2026-12-05T11:32:49.000Z';
  it.each([
    ['en-IN', '5 Dec 2026'],
    ['en-GB', '5 Dec 2026'],
    ['en-US', 'Dec 5, 2026'],
  ])('%s reads the month as a word: %s', (locale, expected) => {
    expect(formatDay('2026-12-05T00:00:00.000Z', { calendarDay: true, locale })).toBe(expected);
  });

  it('a calendar day stays the same day west of UTC', () => {
    expect(formatDay('2026-12-05T00:00:00.000Z', { calendarDay: true, locale: 'en-US' })).toBe('Dec 5, 2026');
  });

  it('a date and time never prints digits-only dates', () => {
    const text = formatDateTime(instant, { locale: 'en-US' });
    expect(text).toMatch(/^Dec 5, 2026/);
    expect(text).not.toMatch(/\d+\/\d+\/\d+/);
  });

  it('a short day', () => {
    expect(formatShortDay('2026-12-05T12:00:00.000Z', { locale: 'en-GB' })).toBe('5 Dec');
  });

  it.each([
    { app: 'en', browser: ['en-IN', 'hi'], expected: 'en-IN' },
    { app: 'hi', browser: ['en-IN', 'hi-IN'], expected: 'hi-IN' },
    { app: 'hi', browser: ['en-US'], expected: 'hi' },
    { app: 'ar', browser: ['fr-MA', 'ar-MA'], expected: 'ar-MA' },
    { app: 'fr', browser: ['fr-CA'], expected: 'fr-CA' },
    { app: undefined, browser: ['es-MX'], expected: 'es-MX' },
    { app: 'pseudo', browser: ['en-GB'], expected: 'en-GB' },
  ])('in $app on a $browser browser, dates are written in $expected (issue 28)', ({ app, browser, expected }) => {
    expect(readerLocale(app, browser)).toBe(expected);
  });

  it('a Hindi, Spanish, French and Arabic day has its month in that language', () => {
    expect(formatDay('2026-12-05T00:00:00.000Z', { calendarDay: true, locale: 'es' })).toMatch(/dic/);
    expect(formatDay('2026-12-05T00:00:00.000Z', { calendarDay: true, locale: 'fr' })).toMatch(/déc/);
    expect(formatDay('2026-12-05T00:00:00.000Z', { calendarDay: true, locale: 'hi' })).toMatch(/दिस/);
    expect(formatDay('2026-12-05T00:00:00.000Z', { calendarDay: true, locale: 'ar-MA' })).toMatch(/دجنبر|ديسمبر/);
  });

  it('nothing or a bad date prints nothing', () => {
    expect(formatDay(null)).toBe('');
    expect(formatDay('not a date')).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
});
