import { describeNamespaceTranslations } from '../../../test/namespace-translations';

describeNamespaceTranslations({
  namespace: 'comfy-node',
  sameAsEnglish: { es: ['definition.experimental'] },
  pluralKeys: [],
});
