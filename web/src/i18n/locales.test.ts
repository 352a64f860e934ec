import { readFileSync } from 'node:fs';
import path from 'node:path';
import { authErrorCodes } from '../lib/auth-error-messages';
import { describeNamespaceTranslations } from '../test/namespace-translations';
import { flatten, type TranslationTree } from './missing-keys';

// Operating systems and accelerators are product names; a list separator may be the same.
const OS_NAMES = ['compat.os.windows', 'compat.os.linux', 'compat.os.macos'];
const ACCELERATOR_NAMES = [
  'compat.accelerator.cuda',
  'compat.accelerator.rocm',
  'compat.accelerator.intel-arc',
  'compat.accelerator.ascend',
  'compat.accelerator.metal',
];

describeNamespaceTranslations({
  namespace: 'common',
  sameAsEnglish: {
    zh: OS_NAMES,
    ja: [...OS_NAMES, 'compat.accelerator.intel-arc', 'compat.accelerator.ascend'],
    fr: [
      'nav.documentation',
      'common.notifications',
      'footer.contact',
      'footer.version',
      'compat.separator',
      ...OS_NAMES,
    ],
    es: ['compat.separator', ...OS_NAMES],
    ko: ['compat.separator', ...OS_NAMES, ...ACCELERATOR_NAMES],
    ru: ['compat.separator', ...OS_NAMES],
    ar: ['compat.os.macos'],
    tr: ['language.beta', 'compat.separator', ...OS_NAMES, ...ACCELERATOR_NAMES],
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
