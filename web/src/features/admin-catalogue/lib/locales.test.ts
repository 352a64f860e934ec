import { readFileSync } from 'node:fs';
import path from 'node:path';
import { supportedLanguages } from '../../../i18n/languages';
import { flatten, type TranslationTree } from '../../../i18n/missing-keys';

const dir = path.resolve(__dirname, '../../../../public/locales');
const read = (language: string) =>
  flatten(JSON.parse(readFileSync(path.join(dir, language, 'admin-catalogue.json'), 'utf8')) as TranslationTree);
const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string) => key.replace(pluralSuffix, '');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const english = read('en');
const pluralBases = new Set(
  Object.keys(english)
    .filter((k) => pluralSuffix.test(k))
    .map(baseKey),
);

describe.each(supportedLanguages.filter((l) => l !== 'en'))('%s admin catalogue translations', (language) => {
  const own = read(language);

  it('has exactly the English keys (plural forms aside)', () => {
    expect(new Set(Object.keys(own).map(baseKey))).toEqual(new Set(Object.keys(english).map(baseKey)));
  });

  it("has every plural form the language's grammar uses", () => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const base of pluralBases) {
      for (const category of categories) expect(own, `${base}_${category}`).toHaveProperty([`${base}_${category}`]);
    }
  });

  it('keeps the placeholders and translates every value', () => {
    for (const [key, value] of Object.entries(own)) {
      expect(value.trim(), key).not.toBe('');
      const source = english[key] ?? english[`${baseKey(key)}_other`] ?? '';
      // A plural form may spell the number out ("one pack") instead of using {{count}}.
      const drop = (v: string | undefined) => !(pluralSuffix.test(key) && v === 'count');
      expect(placeholders(value).filter(drop), key).toEqual(placeholders(source).filter(drop));
      if (english[key] !== undefined) expect(value, key).not.toBe(english[key]);
    }
  });
});
