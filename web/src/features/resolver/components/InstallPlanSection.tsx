import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { CopyBlock } from '../../../components/ui/copy-button';
import { RegistryNote } from '../../../components/ui/registry-note';
import { analytics } from '../../../lib/analytics-client';
import { formatDate, formatNumber } from '../../../lib/format';
import type { InstallPlan, PlanPack } from '../api/install-plan';

const linkClass =
  'font-medium text-brand-600 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-100';
const code = 'rounded bg-slate-100 px-1.5 py-0.5 text-xs dark:bg-slate-800';

/**
 * What a workflow needs, as one plan: how many node types it uses and where they come from, a
 * shareable link, one command for everything, each pack with why it was chosen, the node types it
 * brings, its version, alternatives and a command per client, what installing does to the Python
 * environment (conflicts, declared ranges, and what could not be checked), then the node types no
 * pack here provides and those ComfyUI ships.
 */
export function InstallPlanSection({
  plan,
  counts,
  shareUrl,
  releases,
  release,
  onRelease,
}: {
  plan: InstallPlan;
  /** How many nodes of the workflow use each type (empty for a shared plan). */
  counts: ReadonlyMap<string, number>;
  shareUrl: string | null;
  releases: { id: string; label: string }[];
  release: string;
  onRelease: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('resolver');
  const releaseId = useId();
  const copyText = {
    copy: t('install.copy'),
    copied: t('install.copied'),
    failed: t('install.copyFailed'),
    copiedAnnounce: t('install.copiedAnnounce'),
  };
  const env = plan.environment;
  const mismatches = env.compatibility.filter((c) => c.status === 'mismatch');
  return (
    <section aria-labelledby="plan-title" className="mt-8 min-w-0 space-y-5 break-words">
      <h2 id="plan-title" className="text-lg font-semibold">
        {t('result.title')}
      </h2>
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {t('result.summary', {
          count: plan.node_types,
          packs: plan.packs.length,
          core: plan.core.length,
          unknown: plan.unknown.length,
        })}{' '}
        <span className="text-slate-600 dark:text-slate-400">
          {plan.format === 'ui' ? t('result.formatUi') : t('result.formatApi')}
        </span>
      </p>
      {shareUrl ? (
        <CopyBlock title={t('plan.share')} value={shareUrl} label={t('plan.shareCopy')} text={copyText} />
      ) : null}
      {plan.commands.all ? (
        <div className="space-y-2">
          <CopyBlock
            title={t('plan.all')}
            value={plan.commands.all}
            label={t('plan.allCopy')}
            text={copyText}
            onCopy={(ok) => analytics.track('Workflow Install Command Copied', { ok, packs: plan.packs.length })}
          />
          {plan.commands.comfy_cli ? <RegistryNote kind="install" /> : null}
        </div>
      ) : plan.packs.length === 0 && plan.unknown.length === 0 ? (
        <Alert tone="success">
          <p>{t('install.nothing')}</p>
        </Alert>
      ) : null}

      {plan.packs.length > 0 ? (
        <section aria-labelledby="plan-packs-title">
          <h3 id="plan-packs-title" className="font-semibold">
            {t('plan.packs', { count: plan.packs.length })}
          </h3>
          <ul className="mt-2 space-y-3">
            {plan.packs.map((pack) => (
              <PlanPackItem key={pack.id} pack={pack} counts={counts} />
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="plan-env-title" className="space-y-2">
        <h3 id="plan-env-title" className="font-semibold">
          {t('plan.env.title')}
        </h3>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <label htmlFor={releaseId}>{t('plan.env.release')}</label>
          <select
            id={releaseId}
            value={release}
            onChange={(event) => onRelease(event.target.value)}
            className="min-w-0 max-w-full rounded-lg border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
          >
            <option value="">{t('plan.env.noRelease')}</option>
            {releases.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        {env.conflicts.length > 0 ? (
          <Alert tone="error">
            <p className="font-semibold">{t('plan.env.conflicts', { count: env.conflicts.length })}</p>
            <ul aria-label={t('plan.env.conflicts', { count: env.conflicts.length })} className="mt-1 list-disc ps-5">
              {env.conflicts.map((c) => (
                <li key={`${c.name}:${c.between.map((h) => h.id).join(',')}`}>
                  {t('plan.env.conflict', {
                    name: c.name,
                    sides: c.between.map((h) => `${h.id}: ${h.requirement}`).join(' ≠ '),
                  })}
                </li>
              ))}
            </ul>
          </Alert>
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t('plan.env.noConflicts', { count: env.requirements.length })}
          </p>
        )}
        {mismatches.length > 0 ? (
          <ul aria-label={t('plan.env.mismatches')} className="list-disc ps-5 text-sm">
            {mismatches.map((m) => (
              <li key={`${m.pack}:${m.check}`}>
                {t(`plan.env.mismatch.${m.check}`, { pack: m.pack, declared: m.declared, given: m.given ?? '' })}
              </li>
            ))}
          </ul>
        ) : null}
        {env.unchecked.length > 0 ? (
          <details className="text-sm text-slate-700 dark:text-slate-300">
            <summary>{t('plan.env.unchecked', { count: env.unchecked.length })}</summary>
            <ul className="mt-1 list-disc break-words ps-5" dir="ltr">
              {env.unchecked.map((u) => (
                <li key={u}>{u}</li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>

      {plan.unknown.length > 0 ? (
        <section aria-labelledby="unknown-title">
          <h3 id="unknown-title" className="font-semibold">
            {t('unknown.title', { count: plan.unknown.length })}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('unknown.hint')}</p>
          <TypeList
            types={plan.unknown.map((u) => u.type)}
            counts={counts}
            label={t('unknown.title', { count: plan.unknown.length })}
          />
        </section>
      ) : null}

      {plan.core.length > 0 ? (
        <section aria-labelledby="core-title">
          <h3 id="core-title" className="font-semibold">
            {t('core.title', { count: plan.core.length })}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('core.hint')}</p>
          <TypeList types={plan.core} counts={counts} label={t('core.title', { count: plan.core.length })} />
        </section>
      ) : null}
      <CoreListNote list={plan.core_list} language={i18n.language} />
    </section>
  );
}

/** Which list of ComfyUI's own classes "built in" was decided against, and what it cannot tell. */
function CoreListNote({ list, language }: { list: InstallPlan['core_list']; language: string }) {
  const { t } = useTranslation('resolver');
  return (
    <p data-testid="core-list" className="text-xs text-slate-600 dark:text-slate-400">
      {list.source === 'manager-node-map' && list.changed_at
        ? t('core.listManagerNodeMap', {
            classes: formatNumber(list.classes, language),
            date: formatDate(list.changed_at, language),
          })
        : t('core.listFrontendOnly')}
    </p>
  );
}

/** Node types as links to their class pages, each with how many nodes of the workflow use it. */
function TypeList({ types, counts, label }: { types: string[]; counts: ReadonlyMap<string, number>; label: string }) {
  const { t } = useTranslation('resolver');
  return (
    <ul aria-label={label} className="mt-2 flex flex-wrap gap-2">
      {types.map((type) => {
        const count = counts.get(type) ?? 1;
        return (
          <li key={type} className="min-w-0">
            <Link to={`/comfy-nodes/${encodeURIComponent(type)}`} className={`${linkClass} break-all`}>
              <code dir="ltr" className={code}>
                {type}
              </code>
            </Link>
            {count > 1 ? (
              <span className="ms-1 text-xs text-slate-600 dark:text-slate-400">{t('uses', { count })}</span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function PlanPackItem({ pack, counts }: { pack: PlanPack; counts: ReadonlyMap<string, number> }) {
  const { t } = useTranslation('resolver');
  const commands = [
    ['comfy-cli', pack.commands.comfy_cli],
    ['ComfyUI-Manager', pack.commands.manager],
    ['git', pack.commands.git],
  ].filter((entry): entry is [string, string] => entry[1] !== null);
  return (
    <li
      aria-label={pack.name || pack.id}
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h4 className="break-words font-semibold">
        <Link to={`/nodes/${encodeURIComponent(pack.id)}`} className={linkClass}>
          <span dir="auto">{pack.name || pack.id}</span>
        </Link>
      </h4>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t(`plan.reason.${pack.reason}`, { name: pack.named_as ?? pack.id })}
      </p>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {pack.version
          ? t(`plan.version.${pack.version_source === 'workflow' ? 'workflow' : 'latest'}`, {
              version: pack.version,
              requested: pack.requested_version ?? '',
            })
          : t('plan.version.none')}
        {pack.version && pack.version_source === 'latest' && pack.requested_version
          ? ` ${t('plan.version.notHere', { requested: pack.requested_version })}`
          : ''}
      </p>
      <TypeList types={pack.classes} counts={counts} label={t('packs.types', { count: pack.classes.length })} />
      {pack.alternatives.length > 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t('plan.alternatives')}{' '}
          {pack.alternatives.map((a, i) => (
            <span key={a.id}>
              {i > 0 ? ', ' : ''}
              <Link to={`/nodes/${encodeURIComponent(a.id)}`} className={linkClass}>
                <span dir="auto">{a.name || a.id}</span>
              </Link>
            </span>
          ))}
        </p>
      ) : null}
      <dl className="mt-2 space-y-1 text-sm">
        {commands.map(([client, command]) => (
          <div key={client} className="flex min-w-0 flex-wrap gap-2">
            <dt className="font-medium">{client}</dt>
            <dd className="min-w-0">
              <code dir="ltr" className={`${code} break-all`}>
                {command}
              </code>
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
