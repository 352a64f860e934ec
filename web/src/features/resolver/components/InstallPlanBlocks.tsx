import { useTranslation } from 'react-i18next';
import { CopyBlock } from '../../../components/ui/copy-button';
import { RegistryNote } from '../../../components/ui/registry-note';
import { analytics } from '../../../lib/analytics-client';
import type { InstallPlan } from '../../../lib/catalogue/install-commands';

/**
 * "Install every needed pack": one comfy-cli line for the packs this registry can install, the
 * `git clone` lines for those it cannot (no version here), and the ids left to install by hand.
 */
export function InstallPlanBlocks({ plan }: { plan: InstallPlan }) {
  const { t } = useTranslation('resolver');
  const text = {
    copy: t('install.copy'),
    copied: t('install.copied'),
    failed: t('install.copyFailed'),
    copiedAnnounce: t('install.copiedAnnounce'),
  };
  const registryCount = plan.registry.length;
  return (
    <div className="space-y-3">
      {plan.cli ? (
        <div className="space-y-2">
          <CopyBlock
            title={t('install.label', { count: registryCount })}
            value={plan.cli}
            label={t('install.copyLabel')}
            text={text}
            onCopy={(ok) => analytics.track('Workflow Install Command Copied', { ok, packs: registryCount })}
          />
          <RegistryNote kind="install" />
        </div>
      ) : null}
      {plan.clones.length > 0 ? (
        <CopyBlock
          title={t('install.cloneLabel', { count: plan.clones.length })}
          value={plan.clones.join('\n')}
          label={t('install.cloneCopyLabel')}
          text={text}
          onCopy={(ok) => analytics.track('Workflow Clone Commands Copied', { ok, packs: plan.clones.length })}
        />
      ) : null}
      {plan.manual.length > 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t('install.manual', { count: plan.manual.length, ids: plan.manual.join(', ') })}
        </p>
      ) : null}
    </div>
  );
}
