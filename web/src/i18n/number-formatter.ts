import type { FormatterModule } from 'i18next';
import { formatNumber } from '../lib/format';

/**
 * i18next's formatter, set to format every value a translation interpolates (`alwaysFormat` in
 * options.ts): numbers (`{{count}}`, `{{page}}`, `{{line}}`) are written by lib/format in the
 * reader's language, so "12 packs" has the same digits and grouping as the figures beside it
 * (Arabic-Indic digits in Arabic). Strings, such as versions and ids, stay as they are.
 */
export const numberFormatter: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  // Values other than numbers go back untouched (undefined included: i18next then reports it missing).
  format: (value, _format, language) =>
    typeof value === 'number' && Number.isFinite(value) && language ? formatNumber(value, language) : value,
};
