import { readFileSync } from 'node:fs';
import path from 'node:path';
import { supportedLanguages } from '../../../i18n/languages';
import { flatten, type TranslationTree } from '../../../i18n/missing-keys';

const dir = path.resolve(__dirname, '../../../../public/locales');
const read = (language: string) =>
  flatten(JSON.parse(readFileSync(path.join(dir, language, 'resolver.json'), 'utf8')) as TranslationTree);
const english = read('en');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe.each(supportedLanguages.filter((l) => l !== 'en'))('%s resolver translations', (language) => {
  const own = read(language);
  it('has the English keys, filled, with the same placeholders', () => {
    expect(Object.keys(own).sort()).toEqual(Object.keys(english).sort());
    for (const [key, value] of Object.entries(own)) {
      expect(value.trim(), key).not.toBe('');
      expect(placeholders(value), key).toEqual(placeholders(english[key] ?? ''));
    }
  });
});
