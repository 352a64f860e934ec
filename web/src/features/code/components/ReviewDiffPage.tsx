import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useNodeVersions } from '../../../api/queries/node-versions';
import { Spinner } from '../../../components/ui/spinner';
import { comparePath, versionFilesPath } from '../../../lib/code-links';
import { usePackReviewItems } from '../api/review';
import { lastApprovedBefore } from '../lib/review';
import { CompareBody } from './CompareBody';
import { type CodeFinding, FindingLink, FindingNote } from './FindingNote';
import { linkClass, PackCrumb, ReadError } from './parts';

/**
 * `/admin/review/{nodeId}/{version}`: a held version on its diff against the pack's last approved
 * version, with the findings on the lines they are about, each marked new or carried over. A version
 * with no approved one before it shows its findings with links into its files.
 */
export function ReviewDiffPage() {
  const { nodeId = '', version = '' } = useParams();
  const { t } = useTranslation('code');
  const versions = useNodeVersions(nodeId);
  const review = usePackReviewItems(nodeId);

  useEffect(() => {
    document.title = t('review.documentTitle', { name: nodeId, version });
  }, [t, nodeId, version]);

  const item = review.data?.versions.find((v) => v.version === version);
  const findings: CodeFinding[] = item?.findings ?? [];
  const base = versions.data ? lastApprovedBefore(versions.data, version) : null;
  const loading = versions.isPending || review.isPending;
  return (
    <article className="mx-auto max-w-7xl space-y-4 py-6">
      <PackCrumb nodeId={nodeId}>
        {' · '}
        <Link to="/admin/review" className={linkClass}>
          {t('review.backToQueue')}
        </Link>
      </PackCrumb>
      <h1 className="text-2xl font-bold">{t('review.title', { name: nodeId, version })}</h1>
      {loading ? (
        <Spinner label={t('review.loading')} />
      ) : versions.isError || review.isError ? (
        <ReadError error={versions.error ?? review.error} />
      ) : base ? (
        <>
          <p className="text-sm">
            {t('review.against', { version: base })}{' '}
            <Link to={comparePath(nodeId, base, version)} className={linkClass}>
              {t('review.shareLink')}
            </Link>
          </p>
          <CompareBody nodeId={nodeId} from={base} to={version} findings={findings} />
        </>
      ) : (
        <>
          <p className="text-sm">
            {t('review.noApproved')}{' '}
            <Link to={versionFilesPath(nodeId, version)} className={linkClass}>
              {t('version.browse', { version })}
            </Link>
          </p>
          {findings.length === 0 ? <p className="text-sm">{t('review.noFindings')}</p> : null}
          <ul className="space-y-3">
            {findings.map((finding) => (
              <li
                key={`${finding.file_path}:${finding.line_number}:${finding.issue_type}`}
                className="rounded-lg border border-orange-300 p-3 dark:border-orange-800"
              >
                <FindingLink nodeId={nodeId} version={version} finding={finding}>
                  <span dir="ltr" className="font-mono">
                    {finding.file_path}
                  </span>{' '}
                  {t('review.atLine', { line: finding.line_number })}
                </FindingLink>
                <FindingNote finding={finding} />
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
