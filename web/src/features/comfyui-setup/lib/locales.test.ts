import { describeNamespaceTranslations } from '../../../test/namespace-translations';

describeNamespaceTranslations({
  namespace: 'clients',
  sameEverywhere: ['manager.title', 'cli.title'],
  pluralKeys: [],
});
