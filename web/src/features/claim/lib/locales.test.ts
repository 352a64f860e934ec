import { describeNamespaceTranslations } from '../../../test/namespace-translations';

describeNamespaceTranslations({
  namespace: 'claim',
  pluralKeys: [],
});
