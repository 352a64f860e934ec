import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { usePublisher } from '../../../api/queries/publisher';
import { usePublisherNodes } from '../../../api/queries/publisher-nodes';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { ContactAdmins } from '../../../components/ui/contact-admins';
import { LoadState } from '../../../components/ui/load-state';
import { Markdown } from '../../../components/ui/markdown';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { plainDescription } from '../../../lib/catalogue/plain-text';
import { isUnclaimedPublisher } from '../../../lib/catalogue/unclaimed';
import { formatNumber } from '../../../lib/format';
import { httpLink } from '../../../lib/http-link';
import { useCanManage } from '../hooks/use-can-manage';

const PAGE_SIZE = 24;

/** A publisher's public profile and its packs, page by page (the page lives in the URL). */
export function PublisherPage() {
  const { publisherId = '' } = useParams();
  const { t, i18n } = useTranslation('publisher-profile');
  const language = i18n.resolvedLanguage ?? 'en';
  const [params, setParams] = useSearchParams();
  const parsed = Number.parseInt(params.get('page') ?? '', 10);
  const page = Number.isFinite(parsed) && parsed > 1 ? parsed : 1;
  const publisher = usePublisher(publisherId);
  const nodes = usePublisherNodes(publisherId, page, PAGE_SIZE);
  const canManage = useCanManage(publisherId);
  const profile = publisher.data;
  const placeholder = isUnclaimedPublisher(publisherId);

  useEffect(() => {
    if (profile) document.title = t('documentTitle', { name: profile.name || profile.id });
  }, [profile, t]);

  if (publisher.isError || !profile) {
    return (
      <LoadState
        query={publisher}
        text={{
          loading: t('loading'),
          missingTitle: t('notFound.title'),
          missingBody: t('notFound.body', { id: publisherId }),
          failedTitle: t('error.title'),
          failedBody: t('error.body'),
          retry: t('error.retry'),
          back: t('backToSearch'),
        }}
      />
    );
  }

  const website = httpLink(profile.website) ?? '';
  const logo = httpLink(profile.logo);
  const banned = profile.status === 'PublisherStatusBanned';
  const goTo = (next: number) => setParams(next > 1 ? { page: String(next) } : {});

  return (
    <div className="mx-auto max-w-5xl py-8">
      <header className="flex min-w-0 flex-wrap items-start gap-4">
        {logo ? (
          <img src={logo} alt="" width={64} height={64} className="h-16 w-16 shrink-0 rounded-xl object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-16 w-16 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-2xl font-bold text-brand-700 dark:bg-slate-800 dark:text-brand-100"
          >
            {(profile.name || profile.id).slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h1 dir="auto" className="break-words text-start text-2xl font-bold sm:text-3xl">
            {placeholder ? t('unclaimedName') : profile.name || profile.id}
          </h1>
          {/* The placeholder's id is an internal handle: say what the page is instead. */}
          <p className="mt-1 break-all text-sm text-slate-600 dark:text-slate-400">
            {placeholder ? t('unclaimedBody') : <span dir="ltr">@{profile.id}</span>}
          </p>
          {banned ? (
            <p className="mt-2 inline-flex rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900 dark:bg-red-950 dark:text-red-100">
              {t('banned')}
            </p>
          ) : null}
          {profile.description ? <Markdown source={profile.description} className="mt-3" /> : null}
          {website ? (
            <p className="mt-2 break-all text-sm">
              <a
                href={website}
                target="_blank"
                rel="noopener noreferrer"
                className="text-brand-600 underline underline-offset-2 dark:text-brand-100"
              >
                {website}
              </a>
            </p>
          ) : null}
        </div>
        {canManage ? (
          <div className="flex flex-wrap gap-2">
            <Link to={`/publishers/${encodeURIComponent(profile.id)}/publish`} className={buttonClass('primary', 'sm')}>
              {t('publishPack')}
            </Link>
            <Link
              to={`/publishers/${encodeURIComponent(profile.id)}/manage`}
              className={buttonClass('secondary', 'sm')}
            >
              {t('manage')}
            </Link>
          </div>
        ) : null}
      </header>

      {banned ? (
        <div className="mt-4">
          <Alert tone="error">
            <p>{t('bannedBody')}</p>
            <ContactAdmins className="mt-1 text-sm" />
          </Alert>
        </div>
      ) : null}

      <section aria-labelledby="publisher-packs" className="mt-8" aria-busy={nodes.isFetching}>
        <h2 id="publisher-packs" className="text-lg font-semibold">
          {nodes.data ? t('packsCount', { count: nodes.data.total }) : t('packs')}
        </h2>
        {nodes.isPending ? (
          <Spinner label={t('packsLoading')} className="mt-4" />
        ) : nodes.isError ? (
          <div className="mt-4">
            <Alert tone="error">{t('packsError')}</Alert>
          </div>
        ) : nodes.data.nodes.length === 0 ? (
          <p className="mt-3 text-slate-700 dark:text-slate-300">{t('packsEmpty')}</p>
        ) : (
          <>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {nodes.data.nodes.map((node) => (
                <li
                  key={node.id}
                  className="relative min-w-0 rounded-2xl border border-slate-200 bg-white p-4 focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-600 dark:border-slate-800 dark:bg-slate-900"
                >
                  <h3 dir="auto" className="break-words text-start font-semibold">
                    <Link
                      to={`/nodes/${encodeURIComponent(node.id)}`}
                      className="after:absolute after:inset-0 after:rounded-2xl focus:outline-none"
                    >
                      {node.name || node.id}
                    </Link>
                  </h3>
                  {plainDescription(node.description) ? (
                    <p
                      dir="auto"
                      className="mt-1 line-clamp-2 break-words text-start text-sm text-slate-700 dark:text-slate-300"
                    >
                      {plainDescription(node.description)}
                    </p>
                  ) : null}
                  <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                    {t('packStats', {
                      downloads: formatNumber(node.downloads, language),
                      stars: formatNumber(node.github_stars, language),
                    })}
                  </p>
                </li>
              ))}
            </ul>
            <Pager page={page} totalPages={nodes.data.totalPages} label={t('pagination.label')} onPage={goTo} />
          </>
        )}
      </section>
    </div>
  );
}
