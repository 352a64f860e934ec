import { describeNamespaceTranslations } from '../../../test/namespace-translations';

describeNamespaceTranslations({
  namespace: 'admin-catalogue',
  pluralKeys: ['nodes.count', 'publishers.count', 'publishers.members', 'users.count', 'audit.count'],
});
