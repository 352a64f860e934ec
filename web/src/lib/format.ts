/**
 * Numbers and dates in the reader's language. Formatters are cached per language and options:
 * building an Intl formatter loads locale data, and `toLocaleString` builds one on every call,
 * which adds up on pages with hundreds of figures.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F>(cache: Map<string, F>, language: string, options: object, make: () => F): F {
  const key = `${language}\u0000${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** A number with the language's grouping and decimal signs: 12,345 or 12 345 or 12.345. */
export function formatNumber(value: number, language: string, options: Intl.NumberFormatOptions = {}): string {
  return cached(numberFormats, language, options, () => new Intl.NumberFormat(language, options)).format(value);
}

/** A count in short form for the language: 1.2K, 3.4M (12万 in Chinese, 1,2 k in French). */
export function formatCompact(value: number, language: string): string {
  return formatNumber(value, language, { notation: 'compact', maximumFractionDigits: 1 });
}

/** Date and time to the minute: "Mar 5, 2026, 2:14 PM". */
export const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * Date and time to the second, in the same style as every other date: "Mar 5, 2026, 2:14:31 PM"
 * (the audit log, where entries a few seconds apart must stay in order to the eye).
 */
export const DATE_TIME_SECONDS: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };

/** A date (an ISO string or a Date) in the language, by default as "Mar 5, 2026". */
export function formatDate(
  value: string | Date,
  language: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return cached(dateFormats, language, options, () => new Intl.DateTimeFormat(language, options)).format(date);
}
