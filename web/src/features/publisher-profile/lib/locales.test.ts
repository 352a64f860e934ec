import { readFileSync } from 'node:fs';
import path from 'node:path';
import { supportedLanguages } from '../../../i18n/languages';
import { flatten, type TranslationTree } from '../../../i18n/missing-keys';

const dir = path.resolve(__dirname, '../../../../public/locales');
const read = (language: string) =>
  flatten(JSON.parse(readFileSync(path.join(dir, language, 'publisher-profile.json'), 'utf8')) as TranslationTree);
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const english = read('en');

describe.each(supportedLanguages.filter((l) => l !== 'en'))('%s publisher-page translations', (language) => {
  const own = read(language);
  it('has the English keys and the plural forms of the language', () => {
    expect(new Set(Object.keys(own).map(base))).toEqual(new Set(Object.keys(english).map(base)));
    for (const category of new Intl.PluralRules(language).resolvedOptions().pluralCategories)
      expect(own).toHaveProperty([`packsCount_${category}`]);
    for (const value of Object.values(own)) expect(value.trim()).not.toBe('');
  });
});
