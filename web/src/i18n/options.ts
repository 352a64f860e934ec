import type { InitOptions } from 'i18next';
import { defaultNamespace, fallbackLanguage, supportedLanguages } from './languages';

/**
 * The i18next settings the browser (i18n/index.ts) and the server's first-screen render
 * (entry-server.tsx) share, so both word a page the same way.
 */
export function i18nOptions(language: string, namespaces: readonly string[]): InitOptions {
  return {
    lng: language,
    fallbackLng: fallbackLanguage,
    supportedLngs: [...supportedLanguages],
    load: 'languageOnly',
    ns: [defaultNamespace, ...namespaces.filter((ns) => ns !== defaultNamespace)],
    defaultNS: defaultNamespace,
    // Numbers in translations go through lib/format (i18n/number-formatter.ts, passed to use()).
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
    react: { useSuspense: true, bindI18nStore: 'added' },
  };
}
