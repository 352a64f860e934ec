import { describeNamespaceTranslations } from '../../../test/namespace-translations';

describeNamespaceTranslations({
  namespace: 'admin-catalogue',
  pluralKeys: ['nodes.count', 'publishers.count', 'publishers.members', 'users.count', 'audit.count'],
  // French spells these field names as English does.
  sameAsEnglish: {
    fr: ['audit.fields.description', 'audit.fields.nodes', 'audit.fields.node_id', 'audit.fields.version'],
  },
});
