import { describeNamespaceTranslations } from '../../../test/namespace-translations';

describeNamespaceTranslations({
  namespace: 'code',
  // Arrows, signs and units written the same in every language.
  sameEverywhere: ['backToPack', 'compare.additions', 'compare.deletions', 'size.bytes', 'size.kib', 'size.mib'],
  pluralKeys: [],
});
