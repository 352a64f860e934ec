import i18next from 'i18next';
import { ApiError, errorText } from './errors';

/** The translation (in `common`) of a coded server message: `archive.other_node` → `apiErrors.archive_other_node`. */
export function apiErrorKey(error: unknown): { key: string; params: Record<string, string | number> } | null {
  if (!(error instanceof ApiError) || !error.code) return null;
  return { key: `apiErrors.${error.code.replace(/[^\w]/g, '_')}`, params: error.params };
}

/** What the app needs of i18next to word an error. */
export interface Translator {
  t: (key: string, options?: Record<string, unknown>) => string;
  exists: (key: string, options?: Record<string, unknown>) => boolean;
}

/**
 * An error as the reader should see it: the translation of the server's code when the app knows
 * it, else the server's English message (new codes reach older clients before translations do).
 */
export function localizedErrorText(error: unknown, i18n: Translator): string {
  const coded = apiErrorKey(error);
  if (coded && i18n.exists(coded.key, { ns: 'common' })) return i18n.t(coded.key, { ns: 'common', ...coded.params });
  return errorText(error);
}

/**
 * `localizedErrorText` in the app's current language, for code outside components (mutation
 * callbacks, form helpers). Every error the reader sees goes through one of the two.
 */
export function readerErrorText(error: unknown): string {
  return localizedErrorText(error, i18next);
}
