import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInstance } from 'i18next';
import { numberFormatter } from '../i18n/number-formatter';
import { i18nOptions } from '../i18n/options';
import { localizedErrorText } from './error-message';
import { apiErrorFrom } from './errors';

const locales = path.resolve(__dirname, '../../public/locales');
const docs = path.resolve(__dirname, '../../../docs/api-errors.md');

async function reader(language: string) {
  const instance = createInstance().use(numberFormatter);
  const common = JSON.parse(readFileSync(path.join(locales, language, 'common.json'), 'utf8')) as object;
  await instance.init({ ...i18nOptions(language, []), resources: { [language]: { common } } });
  return instance;
}

describe('the server’s refusals in the reader’s language', () => {
  it('has a translation for every error code the API documents', async () => {
    const text = readFileSync(docs, 'utf8').split('## Scanner findings')[0] ?? '';
    const codes = [...text.matchAll(/^\| `([a-z_]+\.[a-z_.]+)`/gm)].map((m) => m[1] as string);
    expect(codes).toEqual(expect.arrayContaining(['archive.too_large', 'token.expired', 'claim.already_claimed']));
    const en = await reader('en');
    for (const code of codes) {
      expect(en.exists(`apiErrors.${code.replace(/[^\w]/g, '_')}`, { ns: 'common' }), code).toBe(true);
    }
  });

  it('says the install plan’s refusals in all nine languages, naming the release asked for', async () => {
    const codes = ['workflow_or_nodes', 'not_workflow', 'no_nodes', 'too_many_classes', 'unknown_release'];
    for (const language of ['en', 'ar', 'es', 'fr', 'ja', 'ko', 'ru', 'tr', 'zh']) {
      const instance = await reader(language);
      for (const code of codes) {
        expect(instance.exists(`apiErrors.install_plan_${code}`, { ns: 'common' }), `${language} ${code}`).toBe(true);
      }
      const unknown = apiErrorFrom(400, {
        message: 'Unknown ComfyUI release',
        code: 'install_plan.unknown_release',
        params: { release: 'comfyui-0000000' },
      });
      const text = localizedErrorText(unknown, instance);
      expect(text, language).toContain('comfyui-0000000');
      expect(text, language).not.toContain('Unknown ComfyUI release');
    }
  });

  it('says publishing, token and claim refusals once, in French, with their values', async () => {
    const fr = await reader('fr');
    const tooLarge = apiErrorFrom(413, {
      message: 'The archive is too large',
      error: 'the limit is 4096 bytes',
      code: 'archive.too_large',
      params: { limit: 4096 },
    });
    // The number is written the French way; neither the English message nor its detail appear.
    expect(localizedErrorText(tooLarge, fr)).toBe(
      'L’archive est trop volumineuse : 4\u202f096 octets au maximum sont acceptés.',
    );
    const expired = apiErrorFrom(401, {
      message: 'Personal access token expired',
      code: 'token.expired',
      params: { name: 'CI', expiresAt: '2026-01-01T00:00:00.000Z' },
    });
    expect(localizedErrorText(expired, fr)).toBe('Le jeton de publication « CI » a expiré ; créez-en un nouveau.');
    const claimed = apiErrorFrom(403, {
      message: 'This node is already claimed by a publisher',
      code: 'claim.already_claimed',
      params: { nodeId: 'hello' },
    });
    expect(localizedErrorText(claimed, fr)).toBe('Ce pack appartient déjà à un éditeur.');
  });

  it('says an access refusal on the publish form once, in French, naming the publisher', async () => {
    const fr = await reader('fr');
    const denied = apiErrorFrom(403, {
      message: 'Permission denied',
      error: '',
      code: 'access.denied',
      params: { publisherId: 'acme' },
    });
    expect(localizedErrorText(denied, fr)).toBe(
      'Vous n’avez pas le droit de faire cela pour l’éditeur « acme » ; demandez à l’un de ses propriétaires.',
    );
    const banned = apiErrorFrom(403, { message: 'user/publisher is banned', code: 'access.user_banned', params: {} });
    expect(localizedErrorText(banned, fr)).toBe(
      'Votre compte est banni : vous pouvez encore lire, mais plus rien modifier.',
    );
  });
});
