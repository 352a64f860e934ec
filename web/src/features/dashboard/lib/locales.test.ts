import { describeNamespaceTranslations } from '../../../test/namespace-translations';

describeNamespaceTranslations({
  namespace: 'dashboard',
  sameEverywhere: ['methods.providers.github', 'methods.providers.google', 'start.step3.copyLabel'],
  sameAsEnglish: { fr: ['start.step4.terminal', 'invitations.title'], es: ['start.step4.terminal'] },
  pluralKeys: ['packsCount'],
});
