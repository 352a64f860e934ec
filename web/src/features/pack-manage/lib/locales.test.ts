import { describeNamespaceTranslations } from '../../../test/namespace-translations';

describeNamespaceTranslations({
  namespace: 'pack-manage',
  sameAsEnglish: { fr: ['details.description', 'versions.title'], es: ['upload.selected'] },
  pluralKeys: [],
});
