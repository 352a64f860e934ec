import { readFileSync } from 'node:fs';
import path from 'node:path';
import { supportedLanguages } from '../i18n/languages';
import { flatten, type TranslationTree } from '../i18n/missing-keys';

const dir = path.resolve(__dirname, '../../public/locales');
const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(pluralSuffix, '');
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].flatMap((m) => (m[1] === undefined ? [] : [m[1]])).sort();

export interface NamespaceTranslationRules {
  /** The file name under public/locales/<language>/, without `.json`. */
  namespace: string;
  /** Keys whose values are rightly the same as English in every language (names, file names). */
  sameEverywhere?: string[];
  /** Keys whose values are rightly the same as English in one language (the word is the same there). */
  sameAsEnglish?: Record<string, string[]>;
  /** The namespace's plural keys, so a new or lost plural is noticed. */
  pluralKeys: string[];
  /**
   * Placeholders that carry a plural's number besides `count` (its formatted twin, `total`): a
   * plural form may spell the number out ("two stars") and leave them out, as it may `count`.
   */
  numberPlaceholders?: string[];
}

/**
 * Checks one translation namespace in every language against English: same keys, every plural form
 * the language's grammar uses, the same placeholders, and no value left in English.
 */
export function describeNamespaceTranslations(rules: NamespaceTranslationRules): void {
  const { namespace } = rules;
  const read = (language: string) =>
    flatten(JSON.parse(readFileSync(path.join(dir, language, `${namespace}.json`), 'utf8')) as TranslationTree);
  const english = read('en');
  const englishByBase = new Map(Object.entries(english).map(([key, value]) => [base(key), value]));
  const pluralKeys = [
    ...new Set(
      Object.keys(english)
        .filter((k) => pluralSuffix.test(k))
        .map(base),
    ),
  ];
  const sameEverywhere = new Set(rules.sameEverywhere ?? []);
  const sameAsEnglish = rules.sameAsEnglish ?? {};
  const numbers = new Set(['count', ...(rules.numberPlaceholders ?? [])]);

  describe.each(supportedLanguages.filter((l) => l !== 'en'))(`%s ${namespace} translations`, (language) => {
    const own = read(language);
    it('has the English keys, the plural forms of the language, and the same placeholders', () => {
      expect(new Set(Object.keys(own).map(base))).toEqual(new Set(Object.keys(english).map(base)));
      for (const key of pluralKeys)
        for (const category of new Intl.PluralRules(language).resolvedOptions().pluralCategories)
          expect(own, key).toHaveProperty([`${key}_${category}`]);
      for (const [key, value] of Object.entries(own)) {
        expect(value.trim(), key).not.toBe('');
        const source = englishByBase.get(base(key)) ?? '';
        // Plural forms may spell the number out ("one pack") instead of {{count}}.
        const expected = placeholders(source).filter((name) => !(pluralSuffix.test(key) && numbers.has(name)));
        for (const name of expected) expect(placeholders(value), key).toContain(name);
        for (const name of placeholders(value)) expect(placeholders(source), key).toContain(name);
      }
    });

    it('is translated, not left in English', () => {
      for (const [key, value] of Object.entries(own)) {
        if (
          sameEverywhere.has(key) ||
          sameAsEnglish[language]?.includes(key) ||
          english[key] === undefined ||
          !/[a-z]{3}/i.test(value)
        )
          continue;
        if (value === english[key]) expect.soft(`${key}: ${value}`).toBe('translated');
      }
    });
  });

  it(`${namespace}: the plural keys are known`, () => {
    expect(pluralKeys).toEqual(rules.pluralKeys);
  });
}
