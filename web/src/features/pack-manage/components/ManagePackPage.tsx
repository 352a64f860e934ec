import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { statusOf } from '../../../api/cache-rules';
import { useNode } from '../../../api/queries/node';
import { usePackPermissions } from '../../../api/queries/pack-permissions';
import { useHasToken } from '../../../api/use-has-token';
import { buttonClass } from '../../../components/ui/button';
import { LoadFailure } from '../../../components/ui/load-failure';
import { PageSpinner } from '../../../components/ui/spinner';
import { DeletePackSection } from './DeletePackSection';
import { PackDetailsForm } from './PackDetailsForm';
import { UploadPanel } from './UploadPanel';
import { VersionsSection } from './VersionsSection';

/** A section of the manage page with its heading. */
export function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The 403 of the manage page: signed in, but not an owner, member or admin of the pack. */
function NotYours({ nodeId }: { nodeId: string }) {
  const { t } = useTranslation('pack-manage');
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 py-16 text-center">
      <p className="text-sm font-semibold text-red-700 dark:text-red-400">403</p>
      <h1 className="text-3xl font-semibold tracking-tight">{t('forbidden.title')}</h1>
      <p className="max-w-md text-slate-700 dark:text-slate-300">{t('forbidden.body', { id: nodeId })}</p>
      <Link to={`/nodes/${encodeURIComponent(nodeId)}`} className={buttonClass('secondary')}>
        {t('viewPack')}
      </Link>
    </div>
  );
}

/** `/nodes/:nodeId/manage`: edit a pack, manage its versions, upload a new one, delete it. */
export function ManagePackPage() {
  const { nodeId = '' } = useParams();
  const { t } = useTranslation('pack-manage');
  const hasToken = useHasToken();
  const pack = useNode(nodeId);
  const publisherId = pack.data?.publisher?.id;
  const permission = usePackPermissions(publisherId, pack.data?.id ?? nodeId, hasToken && pack.isSuccess);

  useEffect(() => {
    document.title = t('documentTitle', { name: pack.data?.name || nodeId });
  }, [pack.data?.name, nodeId, t]);

  if (pack.isPending || (pack.isSuccess && publisherId && permission.isPending)) {
    return <PageSpinner label={t('loading')} />;
  }
  if (pack.isError || !pack.data || !publisherId) {
    const missing = statusOf(pack.error) === 404 || (pack.isSuccess && !publisherId);
    return (
      <LoadFailure
        missing={missing}
        onRetry={() => void pack.refetch()}
        text={{
          title: missing ? t('notFound.title') : t('error.title'),
          body: missing ? t('notFound.body', { id: nodeId }) : t('error.body'),
          retry: t('error.retry'),
          back: t('backToSearch'),
        }}
      />
    );
  }
  if (permission.isError && statusOf(permission.error) !== 403) {
    return (
      <LoadFailure
        missing={false}
        onRetry={() => void permission.refetch()}
        text={{ title: t('error.title'), body: t('error.body'), retry: t('error.retry'), back: t('backToSearch') }}
      />
    );
  }
  if (!permission.data?.canEdit) return <NotYours nodeId={pack.data.id} />;

  const node = pack.data;
  return (
    <div className="mx-auto flex max-w-4xl min-w-0 flex-col gap-6 py-8">
      <header className="flex min-w-0 flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <Link
              to={`/publishers/${encodeURIComponent(publisherId)}`}
              className="break-all underline underline-offset-2"
            >
              {publisherId}
            </Link>
            {' / '}
            <span className="break-all">{node.id}</span>
          </p>
          <h1 className="mt-1 break-words text-3xl font-semibold tracking-tight">
            {t('title', { name: node.name || node.id })}
          </h1>
        </div>
        <Link to={`/nodes/${encodeURIComponent(node.id)}`} className={buttonClass('secondary', 'sm')}>
          {t('viewPack')}
        </Link>
      </header>
      <Section id="pack-details" title={t('details.title')}>
        <PackDetailsForm pack={node} publisherId={publisherId} />
      </Section>
      <Section id="pack-upload" title={t('upload.title')}>
        <UploadPanel publisherId={publisherId} nodeId={node.id} fixedNodeId />
      </Section>
      <Section id="pack-versions" title={t('versions.title')}>
        <VersionsSection publisherId={publisherId} nodeId={node.id} />
      </Section>
      <Section id="pack-delete" title={t('deletePack.title')}>
        <DeletePackSection publisherId={publisherId} nodeId={node.id} />
      </Section>
    </div>
  );
}
