/**
 * Every date the app shows, in one format from the reader's locale (issue 20): the month as a word
 * ('5 Dec 2026' in en-IN and en-GB, 'Dec 5, 2026' in en-US), so no reader takes 12/5 for 12 May.
 * `locale` is for tests; the app passes none and gets `readerLocale`'s.
 */
import { i18n } from '@lingui/core';

type Input = string | number | Date | null | undefined;

/**
 * The locale dates are written in (issue 28): the app's language, with the browser's region when
 * the browser speaks that language too ('en-IN' for English on an Indian browser, 'hi-IN' for
 * Hindi there); the language alone when it does not ('hi' on an English browser: '5 दिस॰ 2026').
 */
export function readerLocale(appLocale: string | undefined, browserLocales: readonly string[]): string | undefined {
  if (appLocale === undefined || appLocale === '' || appLocale === 'pseudo') return browserLocales[0];
  return browserLocales.find((tag) => tag.split('-')[0]?.toLowerCase() === appLocale) ?? appLocale;
}

const browserLocales = (): readonly string[] => (typeof navigator === 'undefined' ? [] : (navigator.languages ?? []));

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(asked: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = asked ?? readerLocale(i18n.locale, browserLocales());
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, made);
  }
  return made;
}

/** The month as a word in every language: Arabic's 'medium' date style is digits only (05/12/2026). */
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

function toDate(value: Input): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A day: '5 Dec 2026'. `calendarDay` reads a date stored at midnight UTC (tournament dates) as that
 * day wherever the reader is; other instants show in the reader's time zone.
 */
export function formatDay(value: Input, { calendarDay = false, locale }: { calendarDay?: boolean; locale?: string } = {}): string {
  const date = toDate(value);
  if (date === null) return '';
  return formatter(locale, { ...DAY, ...(calendarDay ? { timeZone: 'UTC' } : {}) }).format(date);
}

/** A day and time: '5 Dec 2026, 5:02 pm'. */
export function formatDateTime(value: Input, { locale }: { locale?: string } = {}): string {
  const date = toDate(value);
  if (date === null) return '';
  return formatter(locale, { ...DAY, hour: 'numeric', minute: '2-digit' }).format(date);
}

/** A short day for a chart's axis or a list of the last weeks: '5 Dec'. */
export function formatShortDay(value: Input, { locale }: { locale?: string } = {}): string {
  const date = toDate(value);
  if (date === null) return '';
  return formatter(locale, { day: 'numeric', month: 'short' }).format(date);
}
