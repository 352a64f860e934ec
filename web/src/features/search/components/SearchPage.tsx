import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Pager } from '../../../components/ui/pager';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { useServerScreen } from '../../../lib/server-screen';
import { type SearchNodesParams, useSearchNodes } from '../api/search-nodes';
import { useDebouncedValue } from '../hooks/useDebouncedValue';
import { addRecentSearch, clearRecentSearches, readRecentSearches } from '../lib/recent-searches';
import { hasFilters, noFilters, parseSearchState, type SearchState, searchStateToParams } from '../lib/search-params';
import { CoreClassNotice } from './CoreClassNotice';
import { ResultCard } from './ResultCard';
import { SearchBox } from './SearchBox';
import { SearchControls } from './SearchControls';

const PAGE_SIZE = 20;
/**
 * Result cards in the server's copy of the page: three rows of the widest grid, more than a
 * 1440×900 screen shows. The page's largest paint waits for the whole copy, and 20 cards took
 * about half the time to the first paint; the app renders the rest from the same embedded answer.
 */
export const SERVER_CARDS = 9;
/**
 * Short enough that results follow a key press within the 150 ms budget (search answers in a few
 * ms), long enough that a burst of fast typing still makes one request per pause.
 */
const TYPING_DEBOUNCE_MS = 60;

/**
 * Home: search as you type over every pack. Query, filters, sort and page live in the URL, so
 * back and forward restore a search and a link shares it. `intro` shows while nothing is typed.
 */
export function SearchPage({ intro }: { intro?: ReactNode }) {
  // No suspending here: navigating home (after logout, for one) must not stall on this namespace.
  const { t, ready } = useTranslation('search', { useSuspense: false });
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const state = parseSearchState(params);
  const [text, setText] = useState(state.q);
  const [recent, setRecent] = useState(readRecentSearches);
  const debounced = useDebouncedValue(text, TYPING_DEBOUNCE_MS);
  // The query last written to (or read from) the URL, to tell typing from back / forward.
  const committed = useRef(state.q);

  const update = (patch: Partial<SearchState>, replace = false) => {
    setParams(searchStateToParams({ ...parseSearchState(params), ...patch }), { replace });
  };

  // Typing: once the text settles, it becomes the URL query (replacing, so history is not flooded).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled text should write the URL
  useEffect(() => {
    if (debounced.trim() === committed.current.trim()) return;
    committed.current = debounced;
    update({ q: debounced, page: 1 }, true);
  }, [debounced]);

  // Back / forward or a link changed the query: show it in the box. Keyed on the history entry,
  // not only the query: going back right after typing can swap the URL to the typed query and
  // back again before React renders, leaving the query seemingly unchanged.
  // biome-ignore lint/correctness/useExhaustiveDependencies: every new history entry is checked
  useEffect(() => {
    if (state.q === committed.current) return;
    committed.current = state.q;
    setText(state.q);
  }, [state.q, location.key]);

  const submit = (query: string) => {
    setText(query);
    committed.current = query;
    if (query.trim() !== '') setRecent((current) => addRecentSearch(query, current));
    if (query !== state.q) update({ q: query, page: 1 });
  };

  const query: SearchNodesParams = {
    search: state.q.trim() || undefined,
    sort: state.q.trim() === '' && state.sort === 'relevance' ? 'downloads' : state.sort,
    supported_os: state.os.length > 0 ? state.os : undefined,
    supported_accelerator: state.accelerator.length > 0 ? state.accelerator : undefined,
    publisher: state.publisher.length > 0 ? state.publisher : undefined,
    tags: state.tags.length > 0 ? state.tags : undefined,
    page: state.page,
    limit: PAGE_SIZE,
  };
  const results = useSearchNodes(query);
  const data = results.data;
  const browsing = state.q.trim() === '' && !hasFilters(state);
  const onServer = useServerScreen();
  const nodes = data?.nodes ?? [];
  const cards = onServer ? nodes.slice(0, SERVER_CARDS) : nodes;
  // In a cut list the pager would sit mid-page until the app adds the rest below it.
  const cut = cards.length < nodes.length;

  useEffect(() => {
    if (!ready) return;
    document.title = state.q.trim() ? t('documentTitle', { query: state.q.trim() }) : t('app.title', { ns: 'common' });
  }, [state.q, t, ready]);

  if (!ready) return <PageSpinner label={t('common.loading', { ns: 'common' })} />;

  return (
    <div className="py-8 sm:py-12">
      <section aria-labelledby="search-title" className="mx-auto max-w-3xl">
        <h1 id="search-title" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
          {t('title')}
        </h1>
        <p className="mt-2 text-center text-slate-700 dark:text-slate-300">{t('subtitle')}</p>
        <p className="mt-1 text-center text-sm">
          <Link
            to="/resolve"
            className="font-medium text-brand-600 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-100"
          >
            {t('resolveLink')}
          </Link>
        </p>
        <search className="mt-6 block">
          <SearchBox
            value={text}
            onChange={setText}
            onSubmit={submit}
            onPick={(nodeId) => navigate(`/nodes/${encodeURIComponent(nodeId)}`)}
            recent={recent}
            onClearRecent={() => {
              clearRecentSearches();
              setRecent([]);
            }}
            onOpen={() => setRecent(readRecentSearches())}
          />
        </search>
      </section>

      <section aria-labelledby="results-title" className="mx-auto mt-8 max-w-6xl" aria-busy={results.isFetching}>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="results-title" className="text-lg font-semibold">
              {browsing ? (data?.total === 0 ? t('results.catalogue') : t('results.popular')) : t('results.title')}
            </h2>
            <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
              {data && !browsing ? t('results.count', { count: data.total }) : null}
            </p>
          </div>
          <SearchControls state={state} onChange={(patch) => update(patch)} />
        </div>

        {/* Above the packs that merely register a class of the same name. */}
        {data?.core_comfy_nodes?.map((core) => (
          <CoreClassNotice key={core.name} name={core.name} />
        ))}
        {results.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner label={t('results.loading')} />
          </div>
        ) : results.isError && !data ? (
          <div className="mt-6">
            <Alert tone="error">
              <p>{t('results.error')}</p>
              <Button variant="secondary" size="sm" className="mt-2" onClick={() => void results.refetch()}>
                {t('results.retry')}
              </Button>
            </Alert>
          </div>
        ) : data && browsing && data.total === 0 ? (
          // Nothing to browse at all: a new registry, not a search that found nothing.
          <div className="mt-6 rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
            <p className="text-lg font-semibold">{t('empty.catalogueTitle')}</p>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t('empty.catalogueBody')}</p>
          </div>
        ) : data && data.nodes.length === 0 && !(state.page > 1 && data.totalPages >= 1) ? (
          <div className="mt-6 rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
            <p className="text-lg font-semibold">
              {state.q.trim() ? t('empty.titleQuery', { query: state.q.trim() }) : t('empty.title')}
            </p>
            <ul className="mx-auto mt-3 max-w-md list-disc space-y-1 text-start text-sm text-slate-700 dark:text-slate-300">
              <li>{t('empty.tipSpelling')}</li>
              <li>{t('empty.tipClass')}</li>
              {hasFilters(state) ? <li>{t('empty.tipFilters')}</li> : null}
            </ul>
            <div className="mt-4 flex flex-wrap justify-center gap-2">
              {hasFilters(state) ? (
                <Button variant="secondary" size="sm" onClick={() => update(noFilters)}>
                  {t('filters.clear')}
                </Button>
              ) : null}
              {state.q.trim() ? (
                <Button variant="secondary" size="sm" onClick={() => submit('')}>
                  {t('empty.showAll')}
                </Button>
              ) : null}
            </div>
          </div>
        ) : data ? (
          <>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {cards.map((node) => (
                <ResultCard
                  key={node.id}
                  node={node}
                  onOpen={() => {
                    if (state.q.trim()) setRecent((current) => addRecentSearch(state.q, current));
                  }}
                />
              ))}
            </ul>
            {cut ? null : (
              <Pager
                page={state.page}
                totalPages={data.totalPages}
                label={t('pagination.label')}
                onPage={(page) => update({ page })}
              />
            )}
          </>
        ) : null}
      </section>
      {browsing && intro ? <div className="mt-8">{intro}</div> : null}
    </div>
  );
}
