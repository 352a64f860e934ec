import { describe, expect, it } from 'vitest';
import { DATE_TIME, DATE_TIME_SECONDS, formatCompact, formatDate, formatNumber } from './format';

describe('formatNumber', () => {
  it('groups digits the way the language does', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
  });

  it('keeps formats with different options apart', () => {
    expect(formatNumber(4.25, 'en', { maximumFractionDigits: 1 })).toBe('4.3');
    expect(formatNumber(4, 'en', { minimumFractionDigits: 1 })).toBe('4.0');
    expect(formatNumber(4.25, 'en')).toBe('4.25');
    expect(formatCompact(1234, 'en')).toBe('1.2K');
  });
});

describe('formatDate', () => {
  it('writes a medium date by default and honours other options', () => {
    expect(formatDate('2026-03-05T12:00:00Z', 'en')).toBe('Mar 5, 2026');
    expect(formatDate('2026-03-05T00:00:00Z', 'en', { dateStyle: 'short', timeZone: 'UTC' })).toBe('3/5/26');
    expect(formatDate(new Date('2026-03-05T12:00:00Z'), 'fr')).toBe('5 mars 2026');
  });

  it('writes every date in one style: the month by name, with the time to the minute or the second', () => {
    const when = new Date('2026-03-05T14:14:31Z');
    expect(formatDate(when, 'en', { ...DATE_TIME_SECONDS, timeZone: 'UTC' })).toBe('Mar 5, 2026, 2:14:31 PM');
    expect(formatDate(when, 'en', { ...DATE_TIME, timeZone: 'UTC' })).toBe('Mar 5, 2026, 2:14 PM');
  });
});
