import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInstance } from 'i18next';
import { numberFormatter } from '../../i18n/number-formatter';
import { i18nOptions } from '../../i18n/options';
import { findingText } from './finding-text';

const locales = path.resolve(__dirname, '../../../public/locales');
const docs = path.resolve(__dirname, '../../../../docs/api-errors.md');

/** An i18next instance with the app's options and the real `common` namespace of `language`. */
async function reader(language: string) {
  const instance = createInstance().use(numberFormatter);
  const common = JSON.parse(readFileSync(path.join(locales, language, 'common.json'), 'utf8')) as object;
  await instance.init({ ...i18nOptions(language, []), resources: { [language]: { common } } });
  return instance;
}

const binary = {
  issue_type: 'native_binary',
  file_path: 'bin/helper.exe',
  line_number: 0,
  code_snippet: 'PE magic bytes 4d5a9000',
  message: 'Windows binary in the archive; executables cannot be inspected and a node pack should not need one',
};

describe('scanner findings in the reader’s language', () => {
  it('says a known finding from its code and file, without the scanner’s English sentence', async () => {
    expect(findingText(binary, await reader('fr'))).toEqual({
      text: 'bin/helper.exe est un programme ou une bibliothèque compilé ; son code ne peut pas être inspecté.',
      lang: undefined,
    });
    expect(findingText({ ...binary, issue_type: 'crypto_miner', line_number: 12 }, await reader('ja')).text).toBe(
      '暗号通貨のマイニングソフトに言及しています。ノードパックに含めることはできません。',
    );
  });

  it('falls back to the English message, marked as English, for a code the app does not know', async () => {
    const newer = { ...binary, issue_type: 'something_new', message: 'A newer scanner rule' };
    expect(findingText(newer, await reader('fr'))).toEqual({ text: 'A newer scanner rule', lang: 'en' });
  });

  it('has a sentence for every issue type the error-code document lists', async () => {
    const section = readFileSync(docs, 'utf8').split('## Scanner findings')[1] ?? '';
    const types = [...section.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1] as string);
    expect(types.length).toBeGreaterThan(10);
    const en = await reader('en');
    for (const type of types) expect(en.exists(`scan.detail.${type}`, { ns: 'common' }), type).toBe(true);
  });
});
