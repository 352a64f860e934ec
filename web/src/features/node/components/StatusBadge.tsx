import { useTranslation } from 'react-i18next';
import type { components } from '../../../api/schema.gen';
import { toneClasses, versionBadge } from '../lib/version-status';

type NodeVersion = components['schemas']['NodeVersion'];

/** A version's status badge (Live, Pending review, Flagged, Rejected, Deprecated, Deleted). */
export function VersionStatusBadge({ version }: { version: Pick<NodeVersion, 'status' | 'deprecated'> }) {
  const { t } = useTranslation('node');
  const badge = versionBadge(version);
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${toneClasses[badge.tone]}`}
    >
      {t(`versionStatus.${badge.key}`)}
    </span>
  );
}
