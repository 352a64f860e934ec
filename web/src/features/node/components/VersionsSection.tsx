import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useNodeVersions } from '../../../api/queries/node-versions';
import type { components } from '../../../api/schema.gen';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { Markdown } from '../../../components/ui/markdown';
import { Spinner } from '../../../components/ui/spinner';
import { type CompatKind, compatText } from '../../../lib/catalogue/classifiers';
import { comparePath, versionFilesPath } from '../../../lib/code-links';
import { formatDate, formatNumber } from '../../../lib/format';
import { initialVersion, installWarning, isDownloadable, publicReason } from '../lib/version-status';
import { CopyCommand } from './CopyCommand';
import { VersionStatusBadge, VersionStatusHelp } from './StatusBadge';
import { TrustPanel } from './TrustPanel';

type NodeVersion = components['schemas']['NodeVersion'];

const codeLinkClass = 'text-brand-600 underline underline-offset-2 dark:text-brand-100';

function useFormat() {
  const { i18n } = useTranslation('node');
  const language = i18n.resolvedLanguage ?? 'en';
  return {
    date: (iso: string) => formatDate(iso, language),
    number: (value: number) => formatNumber(value, language),
  };
}

/** Details of one version: status, compatibility, dependencies, download and install command. */
function VersionPanel({
  nodeId,
  version,
  previous,
}: {
  nodeId: string;
  version: NodeVersion;
  previous: string | null;
}) {
  const { t } = useTranslation('node');
  const { t: common } = useTranslation('common');
  const { date, number } = useFormat();
  const list = (kind: CompatKind, values: string[], none: string) =>
    values.length > 0 ? compatText(kind, values, common) : none;
  const downloadable = isDownloadable(version);
  const reason = publicReason(version.status_reason, common);
  const warning = installWarning(version);
  return (
    <div className="mt-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-2">
        <span dir="ltr" className="text-lg font-semibold">
          {version.version}
        </span>
        <VersionStatusBadge version={version} />
        <span className="text-sm text-slate-600 dark:text-slate-400">{date(version.createdAt)}</span>
      </div>
      <VersionStatusHelp version={version} className="mt-2" />
      {reason && version.status !== 'NodeVersionStatusActive' ? (
        <p dir="auto" className="mt-2 break-words text-start text-sm">
          {t('versions.reason', { reason })}
        </p>
      ) : null}
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600 dark:text-slate-400">{t('stats.downloads')}</dt>
        <dd>{number(version.downloads)}</dd>
        <dt className="text-slate-600 dark:text-slate-400">{t('details.os')}</dt>
        <dd>{list('os', version.supported_os, t('details.anyOs'))}</dd>
        <dt className="text-slate-600 dark:text-slate-400">{t('details.accelerators')}</dt>
        <dd>{list('accelerator', version.supported_accelerators, t('details.anyAccelerator'))}</dd>
        <dt className="text-slate-600 dark:text-slate-400">{t('details.comfyui')}</dt>
        <dd>
          <bdi>{version.supported_comfyui_version || t('details.anyVersion')}</bdi>
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">{t('details.frontend')}</dt>
        <dd>
          <bdi>{version.supported_comfyui_frontend_version || t('details.anyVersion')}</bdi>
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">{t('versions.dependencies')}</dt>
        <dd className="min-w-0 break-all">
          <bdi>{version.dependencies.length > 0 ? version.dependencies.join(', ') : t('versions.noDependencies')}</bdi>
        </dd>
      </dl>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to={versionFilesPath(nodeId, version.version)} className={codeLinkClass}>
          {t('versions.browseFiles', { version: version.version })}
        </Link>
        {previous ? (
          <Link to={comparePath(nodeId, previous, version.version)} className={codeLinkClass}>
            {t('versions.compareWithPrevious', { version: previous })}
          </Link>
        ) : null}
      </p>
      {downloadable ? (
        <div className="mt-4 space-y-3">
          {warning ? (
            <Alert tone="warning">{t(`versions.installWarning.${warning}`, { version: version.version })}</Alert>
          ) : null}
          <CopyCommand label={t('install.thisVersion')} command={version.install_command} />
          <a
            href={version.downloadUrl}
            download
            className={buttonClass('secondary', 'sm')}
            aria-label={t('versions.downloadLabel', { version: version.version })}
          >
            {t('versions.download')}
          </a>
        </div>
      ) : (
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">{t('versions.notDownloadable')}</p>
      )}
      <TrustPanel nodeId={nodeId} version={version.version} />
    </div>
  );
}

/** Live versions need no sentence in the history list; every other status is explained where it shows. */
function versionBadgeNeedsWords(version: NodeVersion): boolean {
  return version.status !== 'NodeVersionStatusActive' || version.deprecated;
}

/** Version history (status badge and changelog per version) and the panel of the chosen version. */
export function VersionsSection({ nodeId, latestVersion }: { nodeId: string; latestVersion?: string }) {
  const { t } = useTranslation('node');
  const { date } = useFormat();
  const versions = useNodeVersions(nodeId);
  const [params, setParams] = useSearchParams();
  const selectId = useId();
  const list = versions.data ?? [];
  const wanted = params.get('version');
  const selected = list.find((v) => v.version === wanted) ?? initialVersion(list, latestVersion);
  const choose = (version: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('version', version);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  let body: React.ReactNode;
  if (versions.isPending) body = <Spinner label={t('versions.loading')} className="mt-3" />;
  else if (versions.isError)
    body = (
      <div className="mt-3">
        <Alert tone="error">{t('versions.error')}</Alert>
      </div>
    );
  else if (list.length === 0 || !selected)
    body = <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t('versions.empty')}</p>;
  else
    body = (
      <>
        <div className="mt-3 flex flex-col gap-1.5">
          <label htmlFor={selectId} className="text-sm font-medium">
            {t('versions.choose')}
          </label>
          <select
            id={selectId}
            value={selected.version}
            onChange={(event) => choose(event.target.value)}
            className="h-10 max-w-xs rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
          >
            {list.map((version) => (
              <option key={version.id} value={version.version}>
                {version.version}
              </option>
            ))}
          </select>
        </div>
        <VersionPanel nodeId={nodeId} version={selected} previous={list[list.indexOf(selected) + 1]?.version ?? null} />
        <h3 className="mt-6 font-semibold">{t('versions.history')}</h3>
        <ol className="mt-3 space-y-3">
          {list.map((version) => (
            <li
              key={version.id}
              aria-current={version.id === selected.id ? 'true' : undefined}
              className="rounded-xl border border-slate-200 p-3 aria-[current=true]:border-brand-600 dark:border-slate-800 dark:aria-[current=true]:border-brand-100"
            >
              <div className="flex flex-wrap items-center gap-2">
                <button
                  type="button"
                  onClick={() => choose(version.version)}
                  aria-label={t('versions.showDetails', { version: version.version })}
                  className="font-semibold text-brand-600 underline underline-offset-2 dark:text-brand-100"
                >
                  <span dir="ltr">{version.version}</span>
                </button>
                <VersionStatusBadge version={version} />
                <span className="text-sm text-slate-600 dark:text-slate-400">{date(version.createdAt)}</span>
              </div>
              {versionBadgeNeedsWords(version) ? <VersionStatusHelp version={version} className="mt-1" /> : null}
              {version.changelog ? (
                <Markdown source={version.changelog} className="mt-1 text-sm" />
              ) : (
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('versions.noChangelog')}</p>
              )}
            </li>
          ))}
        </ol>
      </>
    );

  return (
    <section aria-labelledby="versions-title">
      <h2 id="versions-title" className="text-lg font-semibold">
        {t('versions.title')}
      </h2>
      {body}
    </section>
  );
}
