import { describeNamespaceTranslations } from '../../../test/namespace-translations';

describeNamespaceTranslations({
  namespace: 'resolver',
  sameEverywhere: ['paste.placeholder', 'uses', 'plan.env.conflict'],
  pluralKeys: ['plan.packs', 'plan.env.conflicts', 'plan.env.noConflicts', 'plan.env.unchecked'],
});
