import { describeNamespaceTranslations } from '../../../test/namespace-translations';

describeNamespaceTranslations({
  namespace: 'account',
  sameEverywhere: ['methods.providers.github', 'methods.providers.google', 'start.step3.copyLabel'],
  pluralKeys: [],
});
