import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useMyPublishers } from '../../../api/queries/my-publishers';
import { useProfile } from '../../../api/queries/profile';
import { useHasToken } from '../../../api/use-has-token';
import { buttonClass } from '../../../components/ui/button';
import { LoadFailure } from '../../../components/ui/load-failure';
import { PageSpinner } from '../../../components/ui/spinner';
import { Section } from './ManagePackPage';
import { UploadPanel } from './UploadPanel';

/** `/publishers/:publisherId/publish`: publish a brand-new pack (or any version) by uploading its zip. */
export function PublishPackPage() {
  const { publisherId = '' } = useParams();
  const { t } = useTranslation('pack-manage');
  const hasToken = useHasToken();
  const mine = useMyPublishers(hasToken);
  const profile = useProfile(hasToken);

  useEffect(() => {
    document.title = t('publish.documentTitle', { publisher: publisherId });
  }, [publisherId, t]);

  if (mine.isPending || profile.isPending) return <PageSpinner label={t('loading')} />;
  if (mine.isError) {
    return (
      <LoadFailure
        missing={false}
        onRetry={() => void mine.refetch()}
        text={{ title: t('error.title'), body: t('error.body'), retry: t('error.retry'), back: t('backToSearch') }}
      />
    );
  }
  // Members publish for their publishers; registry admins for any.
  const publisher =
    mine.data.find((p) => p.id === publisherId) ?? (profile.data?.isAdmin ? { id: publisherId, name: '' } : null);
  if (!publisher) {
    return (
      <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 py-16 text-center">
        <p className="text-sm font-semibold text-red-700 dark:text-red-400">403</p>
        <h1 className="text-3xl font-semibold tracking-tight">{t('publish.forbiddenTitle')}</h1>
        <p className="max-w-md text-slate-700 dark:text-slate-300">
          {t('publish.forbiddenBody', { publisher: publisherId })}
        </p>
        <Link to="/nodes" className={buttonClass('secondary')}>
          {t('publish.yourNodes')}
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-3xl min-w-0 flex-col gap-6 py-8">
      <header className="min-w-0">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Link
            to={`/publishers/${encodeURIComponent(publisher.id)}`}
            className="break-all underline underline-offset-2"
          >
            {publisher.name || publisher.id}
          </Link>
        </p>
        <h1 className="mt-1 text-3xl font-semibold tracking-tight">{t('publish.title')}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t('publish.intro')}</p>
      </header>
      <Section id="publish-upload" title={t('upload.title')}>
        <UploadPanel publisherId={publisher.id} nodeId="" fixedNodeId={false} />
      </Section>
    </div>
  );
}
