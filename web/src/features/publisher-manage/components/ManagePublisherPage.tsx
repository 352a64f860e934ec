import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { statusOf } from '../../../api/cache-rules';
import { usePublisher } from '../../../api/queries/publisher';
import { usePublisherPermissions } from '../../../api/queries/publisher-permissions';
import { buttonClass } from '../../../components/ui/button';
import { LoadFailure } from '../../../components/ui/load-failure';
import { PageSpinner } from '../../../components/ui/spinner';
import { DeleteSection } from './DeleteSection';
import { DetailsSection } from './DetailsSection';
import { MembersSection } from './MembersSection';
import { TokensSection } from './TokensSection';
import { TrustedPublishersSection } from './TrustedPublishersSection';

/** `/publishers/:publisherId/manage` (owners and admins): details, members, tokens, deletion. */
export function ManagePublisherPage() {
  const { publisherId = '' } = useParams();
  const { t } = useTranslation('publisher-manage');
  const permission = usePublisherPermissions(publisherId);
  const publisher = usePublisher(publisherId);
  const profile = publisher.data;

  const { hash } = useLocation();
  const ready = Boolean(profile && permission.data?.canEdit);
  // The sections render after loading, too late for the browser's own jump to `#tokens` and co.
  useEffect(() => {
    if (ready && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [ready, hash]);

  useEffect(() => {
    document.title = t('manage.documentTitle', { name: profile?.name || publisherId });
  }, [profile, publisherId, t]);

  if (permission.isPending || publisher.isPending) return <PageSpinner label={t('manage.loading')} />;
  const missing = statusOf(publisher.error) === 404 || statusOf(permission.error) === 404;
  if (publisher.isError || permission.isError || !profile) {
    return (
      <LoadFailure
        missing={missing}
        onRetry={() => {
          void publisher.refetch();
          void permission.refetch();
        }}
        text={{
          title: missing ? t('manage.notFoundTitle') : t('manage.errorTitle'),
          body: missing ? t('manage.notFoundBody', { id: publisherId }) : t('manage.errorBody'),
          retry: t('manage.retry'),
          back: t('manage.backToSearch'),
        }}
      />
    );
  }
  if (!permission.data?.canEdit) {
    return (
      <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 py-16 text-center">
        <p className="text-sm font-semibold text-red-700 dark:text-red-400">403</p>
        <h1 className="text-3xl font-semibold tracking-tight">{t('manage.forbiddenTitle')}</h1>
        <p className="max-w-md text-slate-700 dark:text-slate-300">{t('manage.forbiddenBody')}</p>
        <Link to={`/publishers/${encodeURIComponent(publisherId)}`} className={buttonClass('secondary')}>
          {t('manage.viewProfile')}
        </Link>
      </div>
    );
  }

  const sections = [
    ['details', t('details.title')],
    ['members', t('members.title')],
    ['tokens', t('tokens.title')],
    ['trusted-publishers', t('trusted.title')],
    ['delete', t('delete.title')],
  ] as const;

  return (
    <div className="mx-auto max-w-3xl py-8">
      <p className="text-sm">
        <Link to="/nodes" className="text-brand-600 underline underline-offset-2 dark:text-brand-100">
          {t('manage.backToNodes')}
        </Link>
      </p>
      <h1 dir="auto" className="mt-2 break-words text-start text-3xl font-semibold tracking-tight">
        {t('manage.title', { name: profile.name || profile.id })}
      </h1>
      <p className="mt-1 break-all text-sm text-slate-600 dark:text-slate-400">
        <Link to={`/publishers/${encodeURIComponent(profile.id)}`} className="hover:underline">
          <span dir="ltr">@{profile.id}</span>
        </Link>
      </p>
      <p className="mt-3">
        <Link to={`/publishers/${encodeURIComponent(profile.id)}/publish`} className={buttonClass('primary', 'sm')}>
          {t('manage.publishPack')}
        </Link>
      </p>
      <nav aria-label={t('manage.sectionsLabel')} className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {sections.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`} className={buttonClass('secondary', 'sm')}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-8 flex flex-col gap-12">
        <DetailsSection key={`${profile.id}-${profile.name}`} publisher={profile} />
        <MembersSection publisherId={profile.id} />
        <TokensSection publisherId={profile.id} />
        <TrustedPublishersSection publisherId={profile.id} />
        <DeleteSection publisherId={profile.id} />
      </div>
    </div>
  );
}
