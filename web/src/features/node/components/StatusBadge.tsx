import { useTranslation } from 'react-i18next';
import type { components } from '../../../api/schema.gen';
import { toneClasses, versionBadge } from '../lib/version-status';

type NodeVersion = components['schemas']['NodeVersion'];

const badgeClass = 'inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold';

/**
 * A version's status badge (Live, Pending review, Flagged, Rejected, Deprecated, Deleted). A
 * deprecated version whose review state matters (pending, flagged, ...) shows both badges.
 */
export function VersionStatusBadge({ version }: { version: Pick<NodeVersion, 'status' | 'deprecated'> }) {
  const { t } = useTranslation('node');
  const badge = versionBadge(version);
  return (
    <>
      <span className={`${badgeClass} ${toneClasses[badge.tone]}`}>{t(`versionStatus.${badge.key}`)}</span>
      {version.deprecated && badge.key !== 'deprecated' ? (
        <span className={`${badgeClass} ${toneClasses.slate}`}>{t('versionStatus.deprecated')}</span>
      ) : null}
    </>
  );
}

/** One sentence per badge a version shows, saying what its status means for someone installing it. */
export function VersionStatusHelp({
  version,
  className,
}: {
  version: Pick<NodeVersion, 'status' | 'deprecated'>;
  className?: string;
}) {
  const { t } = useTranslation('node');
  const badge = versionBadge(version);
  const keys = [badge.key];
  if (version.deprecated && badge.key !== 'deprecated') keys.push('deprecated');
  return (
    <p className={`text-sm text-slate-700 dark:text-slate-300 ${className ?? ''}`} data-testid="version-status-help">
      {keys.map((key) => t(`versionHelp.${key}`)).join(' ')}
    </p>
  );
}
