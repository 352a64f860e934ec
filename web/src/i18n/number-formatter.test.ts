import { createInstance } from 'i18next';
import { formatNumber } from '../lib/format';
import { numberFormatter } from './number-formatter';
import { i18nOptions } from './options';

async function translator(language: string) {
  const instance = createInstance().use(numberFormatter);
  await instance.init({
    ...i18nOptions(language, []),
    resources: {
      [language]: {
        common: { packs_one: '{{count}} pack', packs_other: '{{count}} packs', at: '{{version}} line {{line}}' },
      },
    },
  });
  return instance;
}

describe('numbers in translations', () => {
  it('are written in the reader’s language, as lib/format writes them, while plurals still follow the number', async () => {
    expect((await translator('en')).t('packs', { count: 12345 })).toBe('12,345 packs');
    expect((await translator('en')).t('packs', { count: 1 })).toBe('1 pack');
    // French groups with a narrow no-break space; each language's digits are the ones lib/format writes.
    expect((await translator('fr')).t('packs', { count: 12345 })).toBe('12\u202f345 packs');
    expect((await translator('ar')).t('at', { version: '1.2.0', line: 12345 })).toBe(
      `1.2.0 line ${formatNumber(12345, 'ar')}`,
    );
  });

  it('leave strings such as versions as they are', async () => {
    expect((await translator('en')).t('at', { version: '1.2.0', line: 7 })).toBe('1.2.0 line 7');
  });
});
