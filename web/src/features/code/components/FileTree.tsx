import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { versionFilePath } from '../../../lib/code-links';
import type { FileListing } from '../api/code';
import { buildTree, type TreeNode } from '../lib/lines';
import { useSize } from './parts';

/** Most files the filter lists at once. */
const FILTER_SHOWN = 200;

function TreeLevel({
  nodes,
  nodeId,
  version,
  current,
}: {
  nodes: TreeNode[];
  nodeId: string;
  version: string;
  current: string;
}) {
  const size = useSize();
  return (
    <ul className="ms-3 border-s border-slate-200 ps-2 dark:border-slate-800">
      {nodes.map((node) =>
        node.children ? (
          <li key={node.path}>
            <details open={current.startsWith(`${node.path}/`) || nodes.length === 1}>
              <summary className="cursor-pointer py-0.5 font-medium break-all">{node.name}/</summary>
              <TreeLevel nodes={node.children} nodeId={nodeId} version={version} current={current} />
            </details>
          </li>
        ) : (
          <li key={node.path} className="flex items-baseline justify-between gap-2 py-0.5">
            <Link
              to={versionFilePath(nodeId, version, node.path)}
              aria-current={node.path === current ? 'page' : undefined}
              className="min-w-0 break-all text-brand-600 hover:underline aria-[current=page]:font-bold dark:text-brand-100"
            >
              {node.name}
            </Link>
            <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">{size(node.size)}</span>
          </li>
        ),
      )}
    </ul>
  );
}

/** The archive's folders and files, with a filter by name. */
export function FileTree({ listing, current }: { listing: FileListing; current: string }) {
  const { t } = useTranslation('code');
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const tree = useMemo(() => buildTree(listing.files), [listing.files]);
  const wanted = filter.trim().toLowerCase();
  const matches = wanted ? listing.files.filter((f) => f.path.toLowerCase().includes(wanted)) : [];
  return (
    <nav aria-label={t('files.heading')} className="text-sm" dir="ltr">
      <label htmlFor={filterId} className="sr-only">
        {t('files.filter')}
      </label>
      <input
        id={filterId}
        type="search"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        placeholder={t('files.filter')}
        className="mb-2 h-9 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900"
      />
      {wanted ? (
        matches.length === 0 ? (
          <p>{t('files.noMatch')}</p>
        ) : (
          <ul>
            {matches.slice(0, FILTER_SHOWN).map((file) => (
              <li key={file.path} className="py-0.5">
                <Link
                  to={versionFilePath(listing.node_id, listing.version, file.path)}
                  className="break-all text-brand-600 hover:underline dark:text-brand-100"
                >
                  {file.path}
                </Link>
              </li>
            ))}
          </ul>
        )
      ) : (
        <TreeLevel nodes={tree} nodeId={listing.node_id} version={listing.version} current={current} />
      )}
    </nav>
  );
}
