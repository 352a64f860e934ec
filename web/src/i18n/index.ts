import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { config } from '../lib/config';
import { pageNamespaces } from '../lib/embedded-data';
import { readStorage, storageKeys, writeStorage } from '../lib/storage-keys';
import { translateText, translatorSupported } from '../lib/translator';
import { defaultNamespace, directionOf, fallbackLanguage, isLanguage, type Language, pickLanguage } from './languages';
import { createTranslationLoader } from './loader';
import { flatten, missingKeys, type TranslationTree } from './missing-keys';
import { numberFormatter } from './number-formatter';
import { i18nOptions } from './options';

/** Fetches one translation file from /locales; a bad status is an error so it is retried. */
async function fetchTranslationFile(language: string, namespace: string): Promise<TranslationTree> {
  const response = await fetch(`/locales/${language}/${namespace}.json?v=${encodeURIComponent(config.buildId)}`);
  if (!response.ok) throw new Error(`translations ${language}/${namespace}: HTTP ${response.status}`);
  return (await response.json()) as TranslationTree;
}

const load = createTranslationLoader(fetchTranslationFile);

/** i18next backend over the loader; i18next's own retry is off because the loader retries. */
const backend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    load(language, namespace).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * Logs keys the current language lacks (they show in English meanwhile) and, when the browser
 * has a translator, translates them from English and adds them, which re-renders the page.
 */
async function fillMissing(instance: I18n, language: string): Promise<void> {
  if (language === fallbackLanguage) return;
  const english = instance.getResourceBundle(fallbackLanguage, defaultNamespace) as TranslationTree | undefined;
  if (!english) return;
  const own = instance.getResourceBundle(language, defaultNamespace) as TranslationTree | undefined;
  const missing = missingKeys(english, own);
  if (missing.length === 0) return;
  console.warn(`[i18n] ${missing.length} key(s) missing in "${language}":`, missing);
  if (!translatorSupported()) return;
  const source = flatten(english);
  for (const key of missing) {
    const text = source[key];
    if (!text) continue;
    const translated = await translateText(text, fallbackLanguage, language);
    if (translated && instance.language === language) instance.addResource(language, defaultNamespace, key, translated);
  }
}

/** Puts the language on <html> (lang and direction), as index.html does before the first paint. */
export function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Tells the web listener the language too (a cookie of the same name as the storage key), so the
 * first screen it renders on the next visit is already in this language.
 */
function shareLanguageWithServer(language: string): void {
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: a fixed, well-formed value; the Cookie Store API is missing from some browsers the app supports
    document.cookie = `${storageKeys.language}=${language}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
  } catch {
    // Cookies blocked: the server falls back to Accept-Language.
  }
}

/** The language the cookie names (shared with the web listener), or null. */
function languageCookie(): string | null {
  try {
    return new RegExp(`(?:^|;\\s*)${storageKeys.language}=([a-z]{2})(?:;|$)`).exec(document.cookie)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** Switches the interface language and stores the choice. */
export async function setLanguage(language: Language): Promise<void> {
  writeStorage('local', storageKeys.language, language);
  await i18next.changeLanguage(language);
}

/** Starts i18next in the stored or browser language; resolves when its file has loaded. */
export async function initI18n(): Promise<I18n> {
  // Logout empties local storage but keeps the cookie, which the server rendered this page by:
  // reading it next keeps the app in the language the page arrived in.
  const language = pickLanguage(
    readStorage('local', storageKeys.language) ?? languageCookie(),
    navigator.languages ?? [],
  );
  i18next.on('languageChanged', (lng) => {
    if (!isLanguage(lng)) return;
    applyDocumentLanguage(lng);
    shareLanguageWithServer(lng);
  });
  i18next.on('loaded', () => void fillMissing(i18next, i18next.language));
  await i18next
    .use(backend)
    .use(numberFormatter)
    .use(initReactI18next)
    .init({
      // The first screen's own namespaces load with the default one, so it renders without a second wait.
      ...i18nOptions(language, pageNamespaces()),
      saveMissing: true,
      missingKeyHandler: (languages, namespace, key) =>
        console.warn(`[i18n] missing key "${namespace}:${key}" for ${languages.join(', ')}`),
    });
  applyDocumentLanguage(language);
  shareLanguageWithServer(language);
  return i18next;
}
