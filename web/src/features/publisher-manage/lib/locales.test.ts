import { describeNamespaceTranslations } from '../../../test/namespace-translations';

describeNamespaceTranslations({
  namespace: 'publisher-manage',
  sameEverywhere: [
    'methods.providers.github',
    'methods.providers.google',
    'start.step3.copyLabel',
    'trusted.githubActions',
  ],
  sameAsEnglish: {
    fr: ['form.description', 'manage.sectionsLabel'],
    es: ['tokens.listLabel', 'tokens.secret'],
  },
  pluralKeys: ['delete.hasPacks'],
});
