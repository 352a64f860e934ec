import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { CopyBlock } from '../../../components/ui/copy-button';
import type { InstallPlan, PlanPack } from '../api/install-plan';

const linkClass =
  'font-medium text-brand-600 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-100';
const code = 'rounded bg-slate-100 px-1.5 py-0.5 text-xs dark:bg-slate-800';

/**
 * The install plan: a shareable link, one command for everything, each pack with why it was
 * chosen, its version, alternatives and a command per client, and what installing does to the
 * Python environment (conflicts, declared ranges, and what could not be checked).
 */
export function InstallPlanSection({
  plan,
  shareUrl,
  releases,
  release,
  onRelease,
}: {
  plan: InstallPlan;
  shareUrl: string | null;
  releases: { id: string; label: string }[];
  release: string;
  onRelease: (id: string) => void;
}) {
  const { t } = useTranslation('resolver');
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
        {t('plan.title')}
      </h2>
      {shareUrl ? (
        <CopyBlock title={t('plan.share')} value={shareUrl} label={t('plan.shareCopy')} text={copyText} />
      ) : null}
      {plan.commands.all ? (
        <CopyBlock title={t('plan.all')} value={plan.commands.all} label={t('plan.allCopy')} text={copyText} />
      ) : null}

      {plan.packs.length > 0 ? (
        <section aria-labelledby="plan-packs-title">
          <h3 id="plan-packs-title" className="font-semibold">
            {t('plan.packs', { count: plan.packs.length })}
          </h3>
          <ul className="mt-2 space-y-3">
            {plan.packs.map((pack) => (
              <PlanPackItem key={pack.id} pack={pack} />
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
    </section>
  );
}

function PlanPackItem({ pack }: { pack: PlanPack }) {
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
