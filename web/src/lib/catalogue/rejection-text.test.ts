import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInstance } from 'i18next';
import { numberFormatter } from '../../i18n/number-formatter';
import { i18nOptions } from '../../i18n/options';
import { rejectionText } from './rejection-text';

const locales = path.resolve(__dirname, '../../../public/locales');

async function reader(language: string) {
  const instance = createInstance().use(numberFormatter);
  const common = JSON.parse(readFileSync(path.join(locales, language, 'common.json'), 'utf8')) as object;
  await instance.init({ ...i18nOptions(language, []), resources: { [language]: { common } } });
  return instance;
}

describe('a rejected archive’s reason in the reader’s language', () => {
  const english = 'entry "data.bin" expands 1024-fold (limit 200); this looks like a zip bomb';

  it('says a coded reason in French, with its values, and no English', async () => {
    const fr = await reader('fr');
    const coded = {
      status_reason_code: 'archive.compression_ratio',
      status_reason_params: { entry: 'data.bin', ratio: 1024, limit: 200 },
    };
    expect(rejectionText(coded, english, fr)).toEqual({
      text: '« data.bin » se décompresse 1\u202f024 fois plus gros (la limite est 200) ; cela ressemble à une bombe zip.',
      lang: undefined,
    });
  });

  it('keeps the analyser’s English, marked as such, without a code or for an unknown one', async () => {
    const fr = await reader('fr');
    expect(rejectionText({}, english, fr)).toEqual({ text: english, lang: 'en' });
    expect(
      rejectionText({ status_reason_code: 'archive.from_the_future', status_reason_params: {} }, english, fr),
    ).toEqual({ text: english, lang: 'en' });
  });

  it('says the ban that stopped a version in French, from its publishing.banned_* code', async () => {
    const fr = await reader('fr');
    const coded = { status_reason_code: 'publishing.banned_publisher', status_reason_params: { publisherId: 'acme' } };
    expect(rejectionText(coded, 'the publisher acme is banned', fr)).toEqual({
      text: 'Rien ne peut être publié : l’éditeur « acme » est banni.',
      lang: undefined,
    });
  });
});
