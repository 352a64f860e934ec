import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublisherNodes } from '../../../api/queries/publisher-nodes';
import type { components } from '../../../api/schema.gen';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { plainDescription } from '../../../lib/catalogue/plain-text';
import { formatNumber } from '../../../lib/format';
import { GettingStarted } from './GettingStarted';

type Publisher = components['schemas']['Publisher'];

const PAGE_SIZE = 12;

/** One of the user's publishers: its name, a way to manage it, and its packs page by page. */
export function PublisherSection({ publisher }: { publisher: Publisher }) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'en';
  const [page, setPage] = useState(1);
  const nodes = usePublisherNodes(publisher.id, page, PAGE_SIZE);
  const id = encodeURIComponent(publisher.id);
  const headingId = `publisher-${publisher.id}`;
  const name = publisher.name || publisher.id;
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={nodes.isFetching}
      className="mt-8 min-w-0 rounded-2xl border border-slate-200 p-4 sm:p-6 dark:border-slate-800"
    >
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} dir="auto" className="break-words text-start text-xl font-semibold">
            <Link to={`/publishers/${id}`} className="hover:underline">
              {name}
            </Link>
          </h2>
          <p className="break-all text-sm text-slate-600 dark:text-slate-400">
            <span dir="ltr">@{publisher.id}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/publishers/${id}/publish`}
            className={buttonClass('primary', 'sm')}
            aria-label={t('publishPackLabel', { name })}
          >
            {t('publishPack')}
          </Link>
          <Link
            to={`/publishers/${id}/manage`}
            className={buttonClass('secondary', 'sm')}
            aria-label={t('managePublisherLabel', { name })}
          >
            {t('managePublisher')}
          </Link>
        </div>
      </div>
      {nodes.isPending ? (
        <Spinner label={t('packsLoading')} className="mt-4" />
      ) : nodes.isError ? (
        <div className="mt-4">
          <Alert tone="error">{t('packsError')}</Alert>
        </div>
      ) : nodes.data.total === 0 ? (
        <>
          <p className="mt-4 text-slate-700 dark:text-slate-300">{t('packsEmpty')}</p>
          <GettingStarted publisher={{ id: publisher.id, name: publisher.name }} />
        </>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
            {t('packsCount', { count: nodes.data.total })}
          </p>
          <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {nodes.data.nodes.map((node) => (
              <li
                key={node.id}
                className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
              >
                <h3 dir="auto" className="break-words text-start font-semibold">
                  <Link to={`/nodes/${encodeURIComponent(node.id)}`} className="hover:underline">
                    {node.name || node.id}
                  </Link>
                </h3>
                <p className="break-all text-xs text-slate-600 dark:text-slate-400">
                  <span dir="ltr">{node.id}</span>
                  {node.latest_version?.version ? (
                    <>
                      {' · '}
                      <span dir="ltr">v{node.latest_version.version}</span>
                    </>
                  ) : null}
                </p>
                {plainDescription(node.description) ? (
                  <p
                    dir="auto"
                    className="mt-1 line-clamp-2 break-words text-start text-sm text-slate-700 dark:text-slate-300"
                  >
                    {plainDescription(node.description)}
                  </p>
                ) : null}
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                  {t('packStats', { downloads: formatNumber(node.downloads, language) })}
                </p>
                <div className="mt-auto pt-3">
                  <Link
                    to={`/nodes/${encodeURIComponent(node.id)}/manage`}
                    className={buttonClass('secondary', 'sm')}
                    aria-label={t('managePackLabel', { name: node.name || node.id })}
                  >
                    {t('managePack')}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            totalPages={nodes.data.totalPages}
            label={t('pagination.label', { name })}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
