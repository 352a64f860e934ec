import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { statusOf } from '../../../api/cache-rules';
import type { components } from '../../../api/schema.gen';
import { Alert } from '../../../components/ui/alert';
import { LoadFailure } from '../../../components/ui/load-failure';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { useNode } from '../api/get-node';
import { useNodeVersions } from '../api/list-node-versions';
import { installCommands, UNCLAIMED_PUBLISHER_ID } from '../lib/install';
import { CopyCommand } from './CopyCommand';

type NodeVersion = components['schemas']['NodeVersion'];

const versionTone: Record<NodeVersion['status'], string> = {
  NodeVersionStatusActive: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
  NodeVersionStatusPending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  NodeVersionStatusFlagged: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-100',
  NodeVersionStatusBanned: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  NodeVersionStatusDeleted: 'bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
};

function Badge({ className, children }: { className: string; children: string }) {
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${className}`}>{children}</span>;
}

/** A pack's public page: what it is, how to install it, its versions. */
export function NodePage() {
  const { nodeId = '' } = useParams();
  const { t, i18n } = useTranslation('node');
  const language = i18n.resolvedLanguage ?? 'en';
  const node = useNode(nodeId);
  const versions = useNodeVersions(nodeId);
  const pack = node.data;

  useEffect(() => {
    if (pack) document.title = t('documentTitle', { name: pack.name || pack.id });
  }, [pack, t]);

  if (node.isPending) return <PageSpinner label={t('loading')} />;
  if (node.isError || !pack) {
    const missing = statusOf(node.error) === 404;
    return (
      <LoadFailure
        missing={missing}
        onRetry={() => void node.refetch()}
        text={{
          title: missing ? t('notFound.title') : t('error.title'),
          body: missing ? t('notFound.body', { id: nodeId }) : t('error.body'),
          retry: t('error.retry'),
          back: t('backToSearch'),
        }}
      />
    );
  }

  const latest = pack.latest_version;
  const publisherId = pack.publisher?.id;
  const unclaimed = !publisherId || publisherId === UNCLAIMED_PUBLISHER_ID;
  const commands = installCommands({
    id: pack.id,
    repository: pack.repository,
    publisherId,
    latestVersion: latest?.version,
  });
  const number = (value: number) => value.toLocaleString(language);
  const date = (iso: string) => new Date(iso).toLocaleDateString(language, { dateStyle: 'medium' });
  const list = (values: string[]) => (values.length > 0 ? values.join(', ') : t('details.any'));
  const banned = pack.status === 'NodeStatusBanned';
  const deleted = pack.status === 'NodeStatusDeleted';

  return (
    <article className="mx-auto max-w-5xl py-8">
      <header className="flex min-w-0 flex-wrap items-start gap-4">
        {pack.icon ? (
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
          <div className="mt-2 flex flex-wrap gap-2">
            {banned ? <Badge className={versionTone.NodeVersionStatusBanned}>{t('status.banned')}</Badge> : null}
            {deleted ? <Badge className={versionTone.NodeVersionStatusDeleted}>{t('status.deleted')}</Badge> : null}
            {latest?.deprecated ? (
              <Badge className={versionTone.NodeVersionStatusPending}>{t('status.deprecated')}</Badge>
            ) : null}
          </div>
        </div>
      </header>

      {banned || deleted ? (
        <div className="mt-4">
          <Alert tone="error">
            <p>{banned ? t('status.bannedBody') : t('status.deletedBody')}</p>
            {pack.status_detail ? <p className="mt-1">{pack.status_detail}</p> : null}
          </Alert>
        </div>
      ) : null}

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
                ? pack.rating.toLocaleString(language, { maximumFractionDigits: 1 })
                : t('stats.noRating'),
          },
        ].map((item) => (
          <div key={item.key} className="rounded-xl border border-slate-200 p-3 dark:border-slate-800">
            <dt className="text-xs text-slate-600 dark:text-slate-400">{item.label}</dt>
            <dd className="mt-1 break-words font-semibold">{item.value}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="min-w-0 space-y-8 lg:col-span-2">
          {!banned && !deleted ? (
            <section aria-labelledby="install-title">
              <h2 id="install-title" className="text-lg font-semibold">
                {t('install.title')}
              </h2>
              {commands.length > 0 ? (
                <div className="mt-3 space-y-3">
                  {commands.map((command) => (
                    <CopyCommand key={command.kind} label={t(`install.${command.kind}`)} command={command.command} />
                  ))}
                </div>
              ) : (
                <p className="mt-2 text-sm">{t('install.none')}</p>
              )}
            </section>
          ) : null}

          <section aria-labelledby="about-title">
            <h2 id="about-title" className="text-lg font-semibold">
              {t('about')}
            </h2>
            <p
              dir="auto"
              className="mt-2 whitespace-pre-line break-words text-start text-slate-800 dark:text-slate-200"
            >
              {pack.description || t('noDescription')}
            </p>
          </section>

          <section aria-labelledby="versions-title">
            <h2 id="versions-title" className="text-lg font-semibold">
              {t('versions.title')}
            </h2>
            {versions.isPending ? (
              <Spinner label={t('versions.loading')} className="mt-3" />
            ) : versions.isError ? (
              <div className="mt-3">
                <Alert tone="error">{t('versions.error')}</Alert>
              </div>
            ) : (versions.data ?? []).length === 0 ? (
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t('versions.empty')}</p>
            ) : (
              <ol className="mt-3 space-y-3">
                {(versions.data ?? []).map((version) => (
                  <li key={version.id} className="rounded-xl border border-slate-200 p-3 dark:border-slate-800">
                    <div className="flex flex-wrap items-center gap-2">
                      <span dir="ltr" className="font-semibold">
                        {version.version}
                      </span>
                      <Badge className={versionTone[version.status]}>{t(`versionStatus.${version.status}`)}</Badge>
                      {version.deprecated ? (
                        <Badge className={versionTone.NodeVersionStatusPending}>{t('status.deprecated')}</Badge>
                      ) : null}
                      <span className="text-sm text-slate-600 dark:text-slate-400">{date(version.createdAt)}</span>
                    </div>
                    {version.status_reason ? <p className="mt-1 text-sm">{version.status_reason}</p> : null}
                    <p dir="auto" className="mt-1 whitespace-pre-line break-words text-start text-sm">
                      {version.changelog || t('versions.noChangelog')}
                    </p>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>

        <aside aria-labelledby="details-title" className="min-w-0">
          <h2 id="details-title" className="text-lg font-semibold">
            {t('details.title')}
          </h2>
          <dl className="mt-3 space-y-3 text-sm">
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t('details.repository')}</dt>
              <dd className="break-all">
                {/^https?:\/\//.test(pack.repository) ? (
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
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t('details.license')}</dt>
              <dd className="break-words">{pack.license || t('details.noLicense')}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t('details.os')}</dt>
              <dd>{list(pack.supported_os)}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t('details.accelerators')}</dt>
              <dd>{list(pack.supported_accelerators)}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t('details.comfyui')}</dt>
              <dd dir="ltr" className="text-start">
                {pack.supported_comfyui_version || t('details.any')}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t('details.frontend')}</dt>
              <dd dir="ltr" className="text-start">
                {pack.supported_comfyui_frontend_version || t('details.any')}
              </dd>
            </div>
          </dl>
        </aside>
      </div>
    </article>
  );
}
