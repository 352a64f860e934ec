import { readFileSync } from 'node:fs';
import path from 'node:path';
import { authErrorCodes } from '../features/auth/error-messages';
import { supportedLanguages } from './languages';
import { flatten, type TranslationTree } from './missing-keys';

const localeDir = path.resolve(__dirname, '../../public/locales');
const read = (language: string) =>
  flatten(JSON.parse(readFileSync(path.join(localeDir, language, 'common.json'), 'utf8')) as TranslationTree);
const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string) => key.replace(pluralSuffix, '');
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Values that are rightly the same as in English (the word is the same in that language). */
const sameAsEnglish: Record<string, string[]> = {
  fr: ['nav.documentation', 'common.notifications'],
  tr: ['language.beta'],
};

const english = read('en');
const englishBases = new Set(Object.keys(english).map(baseKey));
const pluralBases = new Set(
  Object.keys(english)
    .filter((k) => pluralSuffix.test(k))
    .map(baseKey),
);

describe.each(supportedLanguages.filter((l) => l !== 'en'))('%s translations', (language) => {
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
      // A plural form may spell the number out ("one character") instead of using {{count}}.
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

it('has a message for every identity error code and every weak-password rule', () => {
  const rules = ['minLength', 'maxLength', 'lowercase', 'uppercase', 'numeric', 'nonAlphanumeric'];
  for (const code of authErrorCodes) expect(english, code).toHaveProperty([`auth.errors.${code}`]);
  for (const rule of rules) expect(english, rule).toHaveProperty([`auth.errors.WEAK_PASSWORD_${rule}`]);
});
