import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useFreshNode } from '../../../api/queries/node';
import { LoadState } from '../../../components/ui/load-state';
import { DetailsForm } from './admin-node/DetailsForm';
import { Moderation } from './admin-node/Moderation';
import { Versions } from './admin-node/Versions';
import { AdminPage, NS } from './admin-page';
import { Badge, nodeStatusTone } from './badge';

/** `/admin/nodes/:nodeId`: edit a pack's fields, ban or unban it, unclaim or assign it. */
export function AdminNodePage() {
  const { nodeId = '' } = useParams();
  const { t } = useTranslation(NS);
  const node = useFreshNode(nodeId);
  if (node.isError || !node.data) {
    return (
      <LoadState
        query={node}
        text={{
          loading: t('loading'),
          missingTitle: t('node.notFound'),
          missingBody: t('node.notFoundBody', { id: nodeId }),
          failedTitle: t('loadError'),
          failedBody: t('loadErrorBody'),
          retry: t('retry'),
          back: t('backToSearch'),
        }}
      />
    );
  }
  const pack = node.data;
  return (
    <AdminPage
      title={pack.name || pack.id}
      intro={
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span dir="ltr" className="break-all">
            @{pack.id}
          </span>
          <Badge tone={nodeStatusTone(pack.status)}>{t(`nodeStatus.${pack.status}`)}</Badge>
          <Link
            to={`/nodes/${encodeURIComponent(pack.id)}`}
            className="text-brand-700 underline underline-offset-2 dark:text-brand-100"
          >
            {t('node.publicPage')}
          </Link>
        </div>
      }
    >
      <div className="grid gap-6">
        <DetailsForm
          key={`${pack.id}:${JSON.stringify([pack.category, pack.license, pack.tags, pack.tags_admin, pack.search_ranking, pack.preempted_comfy_node_names])}`}
          pack={pack}
        />
        <Moderation pack={pack} />
        <Versions nodeId={pack.id} latest={pack.latest_version?.version} />
      </div>
    </AdminPage>
  );
}
