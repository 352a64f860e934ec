import { readFileSync } from 'node:fs';
import path from 'node:path';
import { supportedLanguages } from '../../../i18n/languages';
import { flatten, type TranslationTree } from '../../../i18n/missing-keys';

const dir = path.resolve(__dirname, '../../../../public/locales');
const read = (language: string) =>
  flatten(JSON.parse(readFileSync(path.join(dir, language, 'node.json'), 'utf8')) as TranslationTree);
const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(pluralSuffix, '');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const english = read('en');
const pluralBases = new Set(
  Object.keys(english)
    .filter((k) => pluralSuffix.test(k))
    .map(base),
);
/** Values that are rightly the same as in English. */
const sameAsEnglish: Record<string, string[]> = {
  fr: ['versions.choose'],
  es: ['comfyNodes.experimental'],
};

describe.each(supportedLanguages.filter((l) => l !== 'en'))('%s pack-page translations', (language) => {
  const own = read(language);
  it('has the English keys (plural forms aside), filled, with the same placeholders', () => {
    expect(new Set(Object.keys(own).map(base))).toEqual(new Set(Object.keys(english).map(base)));
    for (const [key, value] of Object.entries(own)) {
      expect(value.trim(), key).not.toBe('');
      const source = english[key] ?? english[`${base(key)}_other`] ?? '';
      const expected = placeholders(source);
      const actual = placeholders(value);
      // A plural form may spell its number out ("two stars") and so leave a number placeholder out.
      if (pluralSuffix.test(key)) for (const name of actual) expect(expected, key).toContain(name);
      else expect(actual, key).toEqual(expected);
    }
  });

  it("has every plural form the language's grammar uses", () => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const key of pluralBases)
      for (const c of categories) expect(own, `${key}_${c}`).toHaveProperty([`${key}_${c}`]);
  });

  it('leaves no English behind', () => {
    const allowed = new Set(sameAsEnglish[language] ?? []);
    for (const [key, value] of Object.entries(own)) {
      if (!allowed.has(key) && english[key] !== undefined && /[a-z]{3}/i.test(english[key] ?? ''))
        expect(value, key).not.toBe(english[key]);
    }
  });
});
