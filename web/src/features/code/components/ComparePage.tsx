import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { versionFilesPath } from '../../../lib/code-links';
import { CompareBody } from './CompareBody';
import { linkClass, PackCrumb } from './parts';

/** `from...to` of the address, or null when it is not two versions. */
export function parseRange(range: string): { from: string; to: string } | null {
  const at = range.indexOf('...');
  if (at <= 0) return null;
  const from = range.slice(0, at);
  const to = range.slice(at + 3);
  return to && !to.includes('...') ? { from, to } : null;
}

/** `/nodes/{nodeId}/compare/{from}...{to}`: a shareable comparison of two versions. */
export function ComparePage() {
  const { nodeId = '', range = '' } = useParams();
  const { t } = useTranslation('code');
  const versions = parseRange(range);

  useEffect(() => {
    document.title = t('compare.documentTitle', { name: nodeId, from: versions?.from ?? '', to: versions?.to ?? '' });
  }, [t, nodeId, versions?.from, versions?.to]);

  return (
    <article className="mx-auto max-w-7xl space-y-4 py-6">
      <PackCrumb nodeId={nodeId} />
      {versions ? (
        <>
          <h1 className="text-2xl font-bold">{t('compare.title', { from: versions.from, to: versions.to })}</h1>
          <p className="flex flex-wrap gap-4 text-sm">
            <Link to={versionFilesPath(nodeId, versions.from)} className={linkClass}>
              {t('version.browse', { version: versions.from })}
            </Link>
            <Link to={versionFilesPath(nodeId, versions.to)} className={linkClass}>
              {t('version.browse', { version: versions.to })}
            </Link>
          </p>
          <CompareBody nodeId={nodeId} from={versions.from} to={versions.to} />
        </>
      ) : (
        <Alert tone="error">{t('compare.badRange')}</Alert>
      )}
    </article>
  );
}
