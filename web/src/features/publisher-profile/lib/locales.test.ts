import { describeNamespaceTranslations } from '../../../test/namespace-translations';

describeNamespaceTranslations({
  namespace: 'publisher-profile',
  pluralKeys: ['packsCount'],
});
