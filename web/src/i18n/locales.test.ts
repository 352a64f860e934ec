import { readFileSync } from 'node:fs';
import path from 'node:path';
import { authErrorCodes } from '../lib/auth-error-messages';
import { describeNamespaceTranslations } from '../test/namespace-translations';
import { flatten, type TranslationTree } from './missing-keys';

describeNamespaceTranslations({
  namespace: 'common',
  // Operating systems and accelerators are product names; a list separator may be the same.
  sameAsEnglish: {
    zh: ['compat.os.windows', 'compat.os.linux', 'compat.os.macos'],
    ja: [
      'compat.os.windows',
      'compat.os.linux',
      'compat.os.macos',
      'compat.accelerator.intel-arc',
      'compat.accelerator.ascend',
    ],
    fr: [
      'nav.documentation',
      'common.notifications',
      'footer.contact',
      'footer.version',
      'compat.separator',
      'compat.os.windows',
      'compat.os.linux',
      'compat.os.macos',
    ],
    es: ['compat.separator', 'compat.os.windows', 'compat.os.linux', 'compat.os.macos'],
    ko: [
      'compat.separator',
      'compat.os.windows',
      'compat.os.linux',
      'compat.os.macos',
      'compat.accelerator.cuda',
      'compat.accelerator.rocm',
      'compat.accelerator.intel-arc',
      'compat.accelerator.ascend',
      'compat.accelerator.metal',
    ],
    ru: ['compat.separator', 'compat.os.windows', 'compat.os.linux', 'compat.os.macos'],
    ar: ['compat.os.macos'],
    tr: [
      'language.beta',
      'compat.separator',
      'compat.os.windows',
      'compat.os.linux',
      'compat.os.macos',
      'compat.accelerator.cuda',
      'compat.accelerator.rocm',
      'compat.accelerator.intel-arc',
      'compat.accelerator.ascend',
      'compat.accelerator.metal',
    ],
  },
  pluralKeys: ['auth.password.rules.minLength', 'auth.password.rules.maxLength'],
});

const english = flatten(
  JSON.parse(readFileSync(path.resolve(__dirname, '../../public/locales/en/common.json'), 'utf8')) as TranslationTree,
);

it('has a message for every identity error code and every weak-password rule', () => {
  const rules = [
    'minLength',
    'maxLength',
    'lowercase',
    'uppercase',
    'numeric',
    'nonAlphanumeric',
    'whitespace',
    'common',
  ];
  for (const code of authErrorCodes) expect(english, code).toHaveProperty([`auth.errors.${code}`]);
  for (const rule of rules) expect(english, rule).toHaveProperty([`auth.errors.WEAK_PASSWORD_${rule}`]);
});
