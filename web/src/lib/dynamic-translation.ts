import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { readStorage, storageKeys, writeStorage } from './storage-keys';
import { translateText } from './translator';

const listeners = new Set<() => void>();
const read = () => readStorage('local', storageKeys.dynamicTranslation) === 'true';

/**
 * The Dynamic Translation switch (default off, stored): when on, content written by people
 * (pack descriptions, changelogs) is translated in the browser into the interface language.
 */
export function useDynamicTranslation(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => false,
  );
  const set = useCallback((next: boolean) => {
    writeStorage('local', storageKeys.dynamicTranslation, next ? 'true' : null);
    for (const l of listeners) l();
  }, []);
  return [on, set];
}

/**
 * Text written by people, translated into `language` by the browser when Dynamic Translation is
 * on and a translator exists; the original text until then (or when it cannot be translated).
 */
export function useTranslatedText(text: string, language: string, sourceLanguage = 'en'): string {
  const [on] = useDynamicTranslation();
  const [translated, setTranslated] = useState<{ key: string; value: string } | null>(null);
  const key = `${sourceLanguage}>${language}:${text}`;
  useEffect(() => {
    if (!on || language === sourceLanguage || !text) return;
    let live = true;
    void translateText(text, sourceLanguage, language).then((value) => {
      if (live && value) setTranslated({ key, value });
    });
    return () => {
      live = false;
    };
  }, [on, key, text, language, sourceLanguage]);
  return on && translated?.key === key ? translated.value : text;
}
