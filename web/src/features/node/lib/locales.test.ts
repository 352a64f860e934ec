import { describeNamespaceTranslations } from '../../../test/namespace-translations';

describeNamespaceTranslations({
  namespace: 'node',
  // The file's conventional name, kept as written in every language (as npm and PyPI do).
  sameEverywhere: ['readme.title'],
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
