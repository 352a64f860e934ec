import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useNode } from '../../../api/queries/node';
import { useNodeVersions } from '../../../api/queries/node-versions';
import { usePackPermissions } from '../../../api/queries/pack-permissions';
import { useHasToken } from '../../../api/use-has-token';
import { Spinner } from '../../../components/ui/spinner';
import { comparePath } from '../../../lib/code-links';
import { formatNumber } from '../../../lib/format';
import { useFileListing } from '../api/code';
import { compareTarget } from '../lib/compare-target';
import { FileTree } from './FileTree';
import { FileView } from './FileView';
import { linkClass, PackCrumb, ReadError, useSize } from './parts';

/**
 * `/nodes/{nodeId}/versions/{version}/files[/{path}]`: a version's files as a tree beside the
 * chosen file. `?match=` marks text on the first line of `#L10`, as a scanner finding's link asks.
 */
export function FilesPage() {
  const { nodeId = '', version = '', '*': splat = '' } = useParams();
  const [params] = useSearchParams();
  const { t, i18n } = useTranslation('code');
  const size = useSize();
  const listing = useFileListing(nodeId, version);
  const versions = useNodeVersions(nodeId);
  const pack = useNode(nodeId);
  const signedIn = useHasToken();
  const permissions = usePackPermissions(pack.data?.publisher?.id, nodeId, signedIn);
  const path = splat.replace(/\/+$/, '');
  const root = listing.data?.root ?? '';
  // A folder (a README may link to one) opens the tree there; any other path is asked for as a file.
  const isFolder =
    path !== '' &&
    (listing.data?.files.some((f) => f.path.startsWith(`${path}/`) || f.path.startsWith(`${root}${path}/`)) ?? false);
  // Offered only once the pack is known: the link must not lead a reader to a refusal.
  const previous = pack.data
    ? compareTarget(versions.data ?? [], version, {
        packActive: pack.data.status === 'NodeStatusActive',
        managesPack: permissions.data?.canEdit === true,
      })
    : null;

  useEffect(() => {
    document.title = t('files.documentTitle', { name: path ? `${path} · ${nodeId}` : nodeId, version });
  }, [t, nodeId, version, path]);

  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <article className="mx-auto max-w-7xl space-y-4 py-6">
      <PackCrumb nodeId={nodeId} />
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-2">
        <h1 className="text-2xl font-bold">{t('files.title', { version })}</h1>
        {listing.data ? (
          <span className="text-sm text-slate-600 dark:text-slate-400">
            {t('files.summary', {
              files: formatNumber(listing.data.file_count, language),
              size: size(listing.data.total_bytes),
            })}
          </span>
        ) : null}
        {previous ? (
          <Link to={comparePath(nodeId, previous, version)} className={`text-sm ${linkClass}`}>
            {t('version.compareWith', { version: previous })}
          </Link>
        ) : null}
      </div>
      {listing.isPending ? (
        <Spinner label={t('files.loading')} />
      ) : listing.isError || !listing.data ? (
        <ReadError error={listing.error} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <aside className="min-w-0 lg:max-h-[80vh] lg:overflow-y-auto">
            <FileTree listing={listing.data} current={isFolder && !path.startsWith(root) ? `${root}${path}/` : path} />
          </aside>
          <div className="min-w-0">
            {path && !isFolder ? (
              <FileView nodeId={nodeId} version={version} path={path} match={params.get('match')} />
            ) : (
              <p className="text-sm">{t('files.choose')}</p>
            )}
          </div>
        </div>
      )}
    </article>
  );
}
