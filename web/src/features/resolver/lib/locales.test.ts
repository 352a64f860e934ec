import { describeNamespaceTranslations } from '../../../test/namespace-translations';

describeNamespaceTranslations({
  namespace: 'resolver',
  sameEverywhere: ['paste.placeholder', 'uses'],
  pluralKeys: [],
});
