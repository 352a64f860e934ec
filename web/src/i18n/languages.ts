/** The interface languages, in the order the picker lists them. */
export const supportedLanguages = ['en', 'zh', 'ja', 'fr', 'es', 'ko', 'ru', 'ar', 'tr'] as const;

/** One supported interface language code. */
export type Language = (typeof supportedLanguages)[number];

export const fallbackLanguage: Language = 'en';
export const defaultNamespace = 'common';

/** Each language's name in its own language. */
export const nativeNames: Record<Language, string> = {
  en: 'English',
  zh: '中文',
  ja: '日本語',
  fr: 'Français',
  es: 'Español',
  ko: '한국어',
  ru: 'Русский',
  ar: 'العربية',
  tr: 'Türkçe',
};

/** Languages whose translation is still being reviewed; the picker tags them "(Beta)". */
export const betaLanguages: ReadonlySet<Language> = new Set<Language>(['ar']);

/** Whether a string is a supported language code. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (supportedLanguages as readonly string[]).includes(value);
}

/** Text direction of a language. */
export function directionOf(language: string): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/**
 * The language to start in: the stored choice, else the first of the browser's languages whose
 * base code is supported (zh-CN → zh), else English. index.html applies the same rule early.
 */
export function pickLanguage(stored: string | null, browser: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return fallbackLanguage;
}

/** One formatter per display language: building one loads locale data and is slow. */
const displayNames = new Map<string, Intl.DisplayNames>();

/** A language's name as written in another language, via the browser's locale data. */
export function languageNameIn(code: Language, displayLanguage: string): string {
  try {
    let names = displayNames.get(displayLanguage);
    if (!names) {
      names = new Intl.DisplayNames([displayLanguage], { type: 'language' });
      displayNames.set(displayLanguage, names);
    }
    const name = names.of(code);
    if (name && name !== code) return name.charAt(0).toLocaleUpperCase(displayLanguage) + name.slice(1);
  } catch {
    // Older engines without DisplayNames: fall back to the native name.
  }
  return nativeNames[code];
}
