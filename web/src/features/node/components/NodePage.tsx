import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { statusOf } from '../../../api/cache-rules';
import { useNode } from '../../../api/queries/node';
import { useOwnClaimRequests } from '../../../api/queries/own-claim-requests';
import { usePackPermissions } from '../../../api/queries/pack-permissions';
import type { components } from '../../../api/schema.gen';
import { useHasToken } from '../../../api/use-has-token';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { ContactAdmins } from '../../../components/ui/contact-admins';
import { LoadState } from '../../../components/ui/load-state';
import { Markdown } from '../../../components/ui/markdown';
import { RegistryNote } from '../../../components/ui/registry-note';
import { PageSpinner } from '../../../components/ui/spinner';
import { packTags, TagList } from '../../../components/ui/tag-list';
import { VersionLabels } from '../../../components/ui/version-labels';
import { type CompatKind, compatText } from '../../../lib/catalogue/classifiers';
import { licenseText } from '../../../lib/catalogue/license';
import { isUnclaimed } from '../../../lib/catalogue/unclaimed';
import { DATE_TIME, formatDate, formatNumber } from '../../../lib/format';
import { httpLink } from '../../../lib/http-link';
import { useAfterFirstScreen } from '../../../lib/use-after-first-screen';
import { canonicalPackPath } from '../lib/pack-route';
import { CopyCommand } from './CopyCommand';

type Node = components['schemas']['Node'];

// Below the first screen: fetched once it is shown (see useAfterFirstScreen).
const PackSections = lazy(() => import('./PackSections').then((m) => ({ default: m.PackSections })));
const ReviewsSection = lazy(() => import('./ReviewsSection').then((m) => ({ default: m.ReviewsSection })));

const badgeTone = {
  red: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  slate: 'bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
} as const;

function Badge({ tone, children }: { tone: keyof typeof badgeTone; children: string }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${badgeTone[tone]}`}>{children}</span>
  );
}

/** Why a pack is not shown: banned by the administrators, or deleted by its publisher. */
function UnavailablePanel({ kind, detail }: { kind: 'banned' | 'deleted'; detail?: string }) {
  const { t } = useTranslation('node');
  return (
    <section aria-labelledby="unavailable-title" className="mt-6">
      <h2 id="unavailable-title" className="text-lg font-semibold">
        {t(`unavailable.${kind}Title`)}
      </h2>
      <div className="mt-3 space-y-3">
        <Alert tone="error">
          <p>{t(`status.${kind}Body`)}</p>
          {detail ? <p className="mt-1 break-words">{t('unavailable.detail', { detail })}</p> : null}
        </Alert>
        <p className="text-sm">{t(`unavailable.${kind}Help`)}</p>
        {kind === 'banned' ? <ContactAdmins /> : null}
        <Link to="/" className={buttonClass('secondary', 'sm')}>
          {t('backToSearch')}
        </Link>
      </div>
    </section>
  );
}

/** "Claim this pack" for unclaimed packs; "Manage" for the pack's owners and admins. */
function PackActions({ pack, unclaimed }: { pack: Node; unclaimed: boolean }) {
  const { t } = useTranslation('node');
  const signedIn = useHasToken();
  const publisherId = pack.publisher?.id ?? '';
  const permissions = usePackPermissions(unclaimed ? '' : publisherId, pack.id, signedIn);
  const id = encodeURIComponent(pack.id);
  const ownRequests = useOwnClaimRequests(pack.id, unclaimed && signedIn);
  if (unclaimed) {
    const pending = ownRequests.data?.some((request) => request.status === 'pending');
    return pending ? (
      <Link to={`/nodes/${id}/claim`} className={buttonClass('secondary', 'sm')} data-testid="claim-request-pending">
        {t('actions.claimPending')}
      </Link>
    ) : (
      <Link to={`/nodes/${id}/claim`} className={buttonClass('secondary', 'sm')}>
        {t('actions.claim')}
      </Link>
    );
  }
  if (permissions.data?.canEdit) {
    return (
      <Link to={`/nodes/${id}/manage`} className={buttonClass('primary', 'sm')}>
        {t('actions.manage')}
      </Link>
    );
  }
  return null;
}

/**
 * A pack's public page (`/nodes/{nodeId}` and `/publishers/{publisherId}/nodes/{nodeId}`): what it
 * is, how to install it, its comfy-nodes, versions, downloads and rating.
 */
export function NodePage() {
  const { nodeId = '', publisherId: requestedPublisher } = useParams();
  const { t, i18n } = useTranslation('node');
  const { t: common } = useTranslation('common');
  const navigate = useNavigate();
  const language = i18n.resolvedLanguage ?? 'en';
  const node = useNode(nodeId);
  const pack = node.data;
  const rest = useAfterFirstScreen();
  const redirect = pack ? canonicalPackPath(requestedPublisher, pack) : null;

  useEffect(() => {
    if (pack) document.title = t('documentTitle', { name: pack.name || pack.id });
  }, [pack, t]);
  useEffect(() => {
    if (redirect) void navigate({ pathname: redirect, search: window.location.search }, { replace: true });
  }, [redirect, navigate]);

  if (node.isPending || redirect) return <PageSpinner label={t('loading')} />;
  if (node.isError || !pack) {
    const status = statusOf(node.error);
    if (status === 403) {
      return (
        <article className="mx-auto max-w-3xl py-8">
          <h1 dir="auto" className="break-words text-start text-2xl font-bold">
            {nodeId}
          </h1>
          <UnavailablePanel kind="banned" />
        </article>
      );
    }
    return (
      <LoadState
        query={node}
        text={{
          loading: t('loading'),
          missingTitle: t('notFound.title'),
          missingBody: t('notFound.body', { id: nodeId }),
          failedTitle: t('error.title'),
          failedBody: t('error.body'),
          retry: t('error.retry'),
          back: t('backToSearch'),
        }}
      />
    );
  }

  const latest = pack.latest_version;
  const publisherId = pack.publisher?.id;
  const unclaimed = isUnclaimed(publisherId);
  // Decided by the server (catalogue/install-commands.ts); comfy-cli's commands come first when
  // this registry has a version to hand out.
  const commands = pack.install_commands;
  const installableFromRegistry = commands.some((command) => command.kind === 'latest');
  const number = (value: number) => formatNumber(value, language);
  const date = (iso: string) => formatDate(iso, language);
  const compat = (kind: CompatKind, values: string[], none: string) =>
    values.length > 0 ? compatText(kind, values, common) : none;
  const banned = pack.status === 'NodeStatusBanned';
  const deleted = pack.status === 'NodeStatusDeleted';

  return (
    <article className="mx-auto max-w-5xl py-8">
      <header className="flex min-w-0 flex-wrap items-start gap-4">
        {pack.icon && /^https:\/\//i.test(pack.icon) ? (
          <img src={pack.icon} alt="" width={64} height={64} className="h-16 w-16 shrink-0 rounded-xl object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-16 w-16 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-2xl font-bold text-brand-700 dark:bg-slate-800 dark:text-brand-100"
          >
            {(pack.name || pack.id).slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h1 dir="auto" className="break-words text-start text-2xl font-bold sm:text-3xl">
            {pack.name || pack.id}
          </h1>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {unclaimed ? (
              t('unclaimed')
            ) : (
              <>
                {t('publishedBy')}{' '}
                <Link
                  to={`/publishers/${encodeURIComponent(publisherId)}`}
                  className="font-medium text-brand-600 underline underline-offset-2 dark:text-brand-100"
                >
                  {pack.publisher?.name || publisherId}
                </Link>
              </>
            )}
          </p>
          {pack.mirrored_from ? (
            <p className="mt-1 break-words text-sm text-slate-600 dark:text-slate-400" data-testid="mirrored-from">
              {t('mirrored', {
                upstream: pack.mirrored_from,
                date: pack.last_synced ? formatDate(pack.last_synced, language, DATE_TIME) : '—',
              })}
            </p>
          ) : null}
          <div className="mt-2 flex flex-wrap gap-2">
            {banned ? <Badge tone="red">{t('status.banned')}</Badge> : null}
            {deleted ? <Badge tone="slate">{t('status.deleted')}</Badge> : null}
          </div>
          <VersionLabels labels={latest?.labels} className="mt-2" />
        </div>
        {!banned && !deleted ? (
          <div className="flex shrink-0 flex-wrap gap-2">
            <PackActions pack={pack} unclaimed={unclaimed} />
          </div>
        ) : null}
      </header>

      {banned || deleted ? (
        <UnavailablePanel kind={banned ? 'banned' : 'deleted'} detail={pack.status_detail} />
      ) : (
        <>
          <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-5">
            {[
              { key: 'version', label: t('stats.version'), value: latest?.version ?? t('stats.noVersion') },
              { key: 'date', label: t('stats.released'), value: latest ? date(latest.createdAt) : '—' },
              { key: 'downloads', label: t('stats.downloads'), value: number(pack.downloads) },
              { key: 'stars', label: t('stats.stars'), value: number(pack.github_stars) },
              {
                key: 'rating',
                label: t('stats.rating'),
                value:
                  pack.rating > 0
                    ? formatNumber(pack.rating, language, { maximumFractionDigits: 1 })
                    : t('stats.noRating'),
              },
            ].map((item) => (
              <div key={item.key} className="min-w-0 rounded-xl border border-slate-200 p-3 dark:border-slate-800">
                <dt className="text-xs text-slate-600 dark:text-slate-400">{item.label}</dt>
                <dd className="mt-1 break-words font-semibold">{item.value}</dd>
              </div>
            ))}
          </dl>

          <div className="mt-8 grid gap-8 lg:grid-cols-3">
            <div className="min-w-0 space-y-8 lg:col-span-2">
              <section aria-labelledby="install-title">
                <h2 id="install-title" className="text-lg font-semibold">
                  {t('install.title')}
                </h2>
                {commands.length > 0 ? (
                  <div className="mt-3 space-y-3">
                    {latest?.deprecated && installableFromRegistry ? (
                      <Alert tone="warning">{t('install.deprecatedLatest', { version: latest.version })}</Alert>
                    ) : null}
                    {commands.map((command) => (
                      <CopyCommand key={command.kind} label={t(`install.${command.kind}`)} command={command.command} />
                    ))}
                    {installableFromRegistry ? <RegistryNote kind="install" /> : null}
                  </div>
                ) : (
                  <p className="mt-2 text-sm">{t('install.none')}</p>
                )}
              </section>

              <section aria-labelledby="about-title">
                <h2 id="about-title" className="text-lg font-semibold">
                  {t('about')}
                </h2>
                {pack.description ? (
                  <Markdown source={pack.description} className="mt-2" />
                ) : (
                  <p className="mt-2 text-slate-700 dark:text-slate-300">{t('noDescription')}</p>
                )}
              </section>

              {rest ? (
                <Suspense fallback={null}>
                  <PackSections nodeId={pack.id} latestVersion={latest?.version} />
                </Suspense>
              ) : null}
            </div>

            <aside aria-labelledby="details-title" className="min-w-0 space-y-8">
              <div>
                <h2 id="details-title" className="text-lg font-semibold">
                  {t('details.title')}
                </h2>
                <dl className="mt-3 space-y-3 text-sm">
                  <div>
                    <dt className="text-slate-600 dark:text-slate-400">{t('details.repository')}</dt>
                    <dd className="break-all">
                      {httpLink(pack.repository) ? (
                        <a
                          href={pack.repository}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="text-brand-600 underline underline-offset-2 dark:text-brand-100"
                        >
                          {pack.repository}
                        </a>
                      ) : (
                        pack.repository || '—'
                      )}
                    </dd>
                  </div>
                  {packTags(pack).length > 0 ? (
                    <div>
                      <dt className="text-slate-600 dark:text-slate-400">{t('details.tags')}</dt>
                      <dd className="mt-1">
                        <TagList
                          tags={packTags(pack)}
                          label={t('details.tags')}
                          linkLabel={(tag) => t('details.tagLink', { tag })}
                        />
                      </dd>
                    </div>
                  ) : null}
                  <div>
                    <dt className="text-slate-600 dark:text-slate-400">{t('details.license')}</dt>
                    <dd className="break-words">{licenseText(pack.license) || t('details.noLicense')}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600 dark:text-slate-400">{t('details.os')}</dt>
                    <dd>{compat('os', pack.supported_os, t('details.anyOs'))}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600 dark:text-slate-400">{t('details.accelerators')}</dt>
                    <dd>{compat('accelerator', pack.supported_accelerators, t('details.anyAccelerator'))}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600 dark:text-slate-400">{t('details.comfyui')}</dt>
                    <dd>
                      <bdi>{pack.supported_comfyui_version || t('details.anyVersion')}</bdi>
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-600 dark:text-slate-400">{t('details.frontend')}</dt>
                    <dd>
                      <bdi>{pack.supported_comfyui_frontend_version || t('details.anyVersion')}</bdi>
                    </dd>
                  </div>
                </dl>
              </div>
              {rest ? (
                <Suspense fallback={null}>
                  <ReviewsSection nodeId={pack.id} />
                </Suspense>
              ) : null}
            </aside>
          </div>
        </>
      )}
    </article>
  );
}
