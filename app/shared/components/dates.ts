/**
 * Every date the app shows, in one format from the reader's locale (issue 20): the month as a word
 * ('5 Dec 2026' in en-IN and en-GB, 'Dec 5, 2026' in en-US), so no reader takes 12/5 for 12 May.
 * `locale` is for tests; the app passes none and gets the browser's.
 */
type Input = string | number | Date | null | undefined;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, made);
  }
  return made;
}

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
  return formatter(locale, { dateStyle: 'medium', ...(calendarDay ? { timeZone: 'UTC' } : {}) }).format(date);
}

/** A day and time: '5 Dec 2026, 5:02 pm'. */
export function formatDateTime(value: Input, { locale }: { locale?: string } = {}): string {
  const date = toDate(value);
  if (date === null) return '';
  return formatter(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A short day for a chart's axis or a list of the last weeks: '5 Dec'. */
export function formatShortDay(value: Input, { locale }: { locale?: string } = {}): string {
  const date = toDate(value);
  if (date === null) return '';
  return formatter(locale, { day: 'numeric', month: 'short' }).format(date);
}
