import { readFileSync } from 'node:fs';
import path from 'node:path';
import { supportedLanguages } from '../../../i18n/languages';
import { flatten, type TranslationTree } from '../../../i18n/missing-keys';

const dir = path.resolve(__dirname, '../../../../public/locales');
const read = (language: string) =>
  flatten(JSON.parse(readFileSync(path.join(dir, language, 'admin.json'), 'utf8')) as TranslationTree);
const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string) => key.replace(pluralSuffix, '');
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Values that are rightly the same as in English. */
const sameAsEnglish: Record<string, string[]> = {
  fr: ['review.total_one', 'review.total_many', 'review.total_other'],
};

const english = read('en');
const englishBases = new Set(Object.keys(english).map(baseKey));
const pluralBases = new Set(
  Object.keys(english)
    .filter((k) => pluralSuffix.test(k))
    .map(baseKey),
);

describe.each(supportedLanguages.filter((l) => l !== 'en'))('%s admin translations', (language) => {
  const own = read(language);

  it('has exactly the English keys (plural forms aside)', () => {
    expect(new Set(Object.keys(own).map(baseKey))).toEqual(englishBases);
  });

  it("has every plural form the language's grammar uses", () => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const base of pluralBases) {
      for (const category of categories) expect(own, `${base}_${category}`).toHaveProperty([`${base}_${category}`]);
    }
  });

  it('keeps the same placeholders as English', () => {
    for (const [key, value] of Object.entries(own)) {
      const source = english[key] ?? english[`${baseKey(key)}_other`] ?? '';
      const expected = variables(source).filter((v) => !(pluralSuffix.test(key) && v === 'count'));
      const actual = variables(value).filter((v) => !(pluralSuffix.test(key) && v === 'count'));
      expect(actual, key).toEqual(expected);
    }
  });

  it('is translated: no empty values and no English left over', () => {
    const allowed = new Set(sameAsEnglish[language] ?? []);
    for (const [key, value] of Object.entries(own)) {
      expect(value.trim(), key).not.toBe('');
      if (!allowed.has(key) && english[key] !== undefined) expect(value, key).not.toBe(english[key]);
    }
  });
});
