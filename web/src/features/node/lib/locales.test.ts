import { describeNamespaceTranslations } from '../../../test/namespace-translations';

describeNamespaceTranslations({
  namespace: 'node',
  sameAsEnglish: { fr: ['versions.choose'], es: ['comfyNodes.experimental'] },
  numberPlaceholders: ['total'],
  pluralKeys: [
    'comfyNodes.count',
    'comfyNodes.importedCount',
    'comfyNodes.matches',
    'chart.summary',
    'reviews.count',
    'reviews.star',
    'reviews.saved',
  ],
});
