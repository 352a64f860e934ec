/**
 * The browser's built-in translator (the Translator API), typed locally because TypeScript's DOM
 * library does not describe it yet.
 */
interface BrowserTranslator {
  translate(text: string): Promise<string>;
}

interface TranslatorFactory {
  availability(options: { sourceLanguage: string; targetLanguage: string }): Promise<string>;
  create(options: { sourceLanguage: string; targetLanguage: string }): Promise<BrowserTranslator>;
}

function factory(): TranslatorFactory | null {
  const candidate = (globalThis as { Translator?: TranslatorFactory }).Translator;
  return candidate && typeof candidate.create === 'function' ? candidate : null;
}

/** Whether this browser has a built-in translator at all. */
export function translatorSupported(): boolean {
  return factory() !== null;
}

const translators = new Map<string, Promise<BrowserTranslator | null>>();

async function translatorFor(source: string, target: string): Promise<BrowserTranslator | null> {
  const api = factory();
  if (!api || source === target) return null;
  const pair = `${source}>${target}`;
  let pending = translators.get(pair);
  if (!pending) {
    pending = (async () => {
      try {
        const availability = await api.availability({ sourceLanguage: source, targetLanguage: target });
        if (availability === 'unavailable') return null;
        return await api.create({ sourceLanguage: source, targetLanguage: target });
      } catch {
        return null;
      }
    })();
    translators.set(pair, pending);
  }
  return pending;
}

/** Translates text with the browser's translator; null when it cannot (no API, no language pair). */
export async function translateText(text: string, source: string, target: string): Promise<string | null> {
  const translator = await translatorFor(source, target);
  if (!translator) return null;
  try {
    return await translator.translate(text);
  } catch {
    return null;
  }
}

/**
 * Whether the browser can translate into `language`: the API exists and (for languages other
 * than English) the English → `language` pair is not reported unavailable.
 */
export async function translatorAvailable(language: string): Promise<boolean> {
  const api = factory();
  if (!api) return false;
  if (language === 'en') return true;
  try {
    return (await api.availability({ sourceLanguage: 'en', targetLanguage: language })) !== 'unavailable';
  } catch {
    return false;
  }
}
