import { useTranslation } from 'react-i18next';
import type { components } from '../../../api/schema.gen';
import { toneClasses, versionBadges } from '../lib/version-status';

type NodeVersion = components['schemas']['NodeVersion'];

const badgeClass = 'inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold';

/**
 * A version's status badge (Live, Pending review, Flagged, Rejected, Deprecated, Deleted). A
 * deprecated version whose review state matters (pending, flagged, ...) shows both badges.
 */
export function VersionStatusBadge({ version }: { version: Pick<NodeVersion, 'status' | 'deprecated'> }) {
  const { t } = useTranslation('node');
  return (
    <>
      {versionBadges(version).map((badge) => (
        <span key={badge.key} className={`${badgeClass} ${toneClasses[badge.tone]}`}>
          {t(`versionStatus.${badge.key}`)}
        </span>
      ))}
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
  return (
    <p className={`text-sm text-slate-700 dark:text-slate-300 ${className ?? ''}`} data-testid="version-status-help">
      {versionBadges(version)
        .map((badge) => t(`versionHelp.${badge.key}`))
        .join(' ')}
    </p>
  );
}
