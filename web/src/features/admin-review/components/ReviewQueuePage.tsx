import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { formatNumber } from '../../../lib/format';
import { useReviewQueue } from '../api/review-queue';
import { type ReviewAction, useReviewVersions, useUndoVersion, type VersionRef } from '../api/review-versions';
import {
  parseQueueParams,
  type QueueFilters,
  queueSearch,
  type VersionStatus,
  versionStatuses,
} from '../lib/queue-params';
import {
  clickSelect,
  emptySelection,
  extendSelect,
  keepOnly,
  type Selection,
  toggleAll,
  versionKey,
} from '../lib/selection';
import { ReviewDialog } from './ReviewDialog';
import { VersionCard } from './VersionCard';

const PAGE_SIZE = 10;
const checkboxClass =
  'h-4 w-4 rounded border-slate-400 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

interface Decided extends VersionRef {
  action: ReviewAction;
}

/** The filter form; its values go to the URL on submit (the server filters). */
function QueueFilterForm({ filters, onApply }: { filters: QueueFilters; onApply: (next: QueueFilters) => void }) {
  const { t } = useTranslation('admin');
  const [statuses, setStatuses] = useState<VersionStatus[]>(filters.statuses);
  const [nodeId, setNodeId] = useState(filters.nodeId);
  const [q, setQ] = useState(filters.q);
  useEffect(() => {
    setStatuses(filters.statuses);
    setNodeId(filters.nodeId);
    setQ(filters.q);
  }, [filters]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ statuses, nodeId: nodeId.trim(), q: q.trim(), page: 1 });
  };
  return (
    <form
      aria-label={t('review.filters.label')}
      onSubmit={submit}
      className="rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <fieldset>
        <legend className="text-sm font-semibold">{t('review.filters.status')}</legend>
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
          {versionStatuses.map((status) => (
            <label key={status} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className={checkboxClass}
                checked={statuses.includes(status)}
                onChange={() =>
                  setStatuses((list) => (list.includes(status) ? list.filter((s) => s !== status) : [...list, status]))
                }
              />
              {t(`status.${status}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('review.filters.pack')}
          value={nodeId}
          maxLength={100}
          dir="ltr"
          autoComplete="off"
          onChange={(event) => setNodeId(event.target.value)}
        />
        <TextField
          label={t('review.filters.text')}
          hint={t('review.filters.textHint')}
          value={q}
          maxLength={200}
          autoComplete="off"
          onChange={(event) => setQ(event.target.value)}
        />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="submit" size="sm">
          {t('review.filters.apply')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            onApply({ statuses: ['NodeVersionStatusPending', 'NodeVersionStatusFlagged'], nodeId: '', q: '', page: 1 })
          }
        >
          {t('review.filters.reset')}
        </Button>
      </div>
    </form>
  );
}

/** `/admin/review` (admins): Pending and Flagged versions, oldest first, with single and batch decisions. */
export function ReviewQueuePage() {
  const { t, i18n } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseQueueParams(params), [params]);
  const queue = useReviewQueue(filters, PAGE_SIZE);
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [dialog, setDialog] = useState<{ action: ReviewAction; versions: VersionRef[] } | null>(null);
  const [decided, setDecided] = useState<Decided[]>([]);
  const listRef = useRef<HTMLOListElement>(null);
  const selectAllId = useId();
  const language = i18n.resolvedLanguage ?? 'en';

  const items = queue.data?.versions ?? [];
  const keys = useMemo(() => items.map(versionKey), [items]);
  const selectedItems = items.filter((item) => selection.selected.has(versionKey(item)));

  useEffect(() => {
    document.title = t('review.documentTitle');
  }, [t]);
  useEffect(() => {
    setSelection((current) => keepOnly(current, keys));
  }, [keys]);

  const review = useReviewVersions((done, action) => {
    setDecided((list) => [
      ...done.map((ref) => ({ ...ref, action })),
      ...list.filter((d) => !done.some((r) => versionKey(r) === versionKey(d))),
    ]);
    const doneKeys = new Set(done.map(versionKey));
    setSelection((current) => ({
      selected: new Set([...current.selected].filter((k) => !doneKeys.has(k))),
      anchor: current.anchor,
    }));
    setDialog(null);
  });
  const undo = useUndoVersion((ref) => setDecided((list) => list.filter((d) => versionKey(d) !== versionKey(ref))));
  const busy = review.isPending || undo.isPending;

  const apply = (next: QueueFilters) => setParams(queueSearch(next));
  const focusKey = (key: string) =>
    listRef.current?.querySelector<HTMLInputElement>(`input[data-queue-key="${CSS.escape(key)}"]`)?.focus();
  const onSelectKey = (key: string) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const direction = event.key === 'ArrowDown' ? 1 : -1;
    if (event.shiftKey) {
      const { selection: next, focus } = extendSelect(selection, keys, key, direction);
      setSelection(next);
      if (focus) focusKey(focus);
      return;
    }
    const neighbour = keys[keys.indexOf(key) + direction];
    if (neighbour) focusKey(neighbour);
  };

  const total = queue.data?.total ?? 0;
  const totalPages = queue.data?.totalPages ?? 0;
  const allSelected = keys.length > 0 && keys.every((k) => selection.selected.has(k));
  const someSelected = keys.some((k) => selection.selected.has(k));

  return (
    <div className="mx-auto max-w-5xl py-8 pb-28">
      <nav aria-label={t('review.breadcrumb')} className="text-sm">
        <Link to="/admin" className="text-brand-600 underline underline-offset-2 dark:text-brand-100">
          {t('dashboard.title')}
        </Link>
      </nav>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">{t('review.title')}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t('review.subtitle')}</p>

      <div className="mt-6">
        <QueueFilterForm filters={filters} onApply={apply} />
      </div>

      {decided.length > 0 ? (
        <section
          aria-labelledby="decided-title"
          className="mt-6 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
        >
          <h2 id="decided-title" className="text-base font-semibold">
            {t('review.decided.title')}
          </h2>
          <ul className="mt-2 space-y-2">
            {decided.map((d) => (
              <li key={versionKey(d)} className="flex flex-wrap items-center gap-2 text-sm">
                <span dir="ltr" className="break-all font-mono">
                  {versionKey(d)}
                </span>
                <span>{d.action === 'approve' ? t('review.decided.approved') : t('review.decided.rejected')}</span>
                <Button variant="secondary" size="sm" disabled={busy} onClick={() => undo.mutate(d)}>
                  {t('review.undo')}
                  <span className="sr-only"> {versionKey(d)}</span>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="queue-title" className="mt-6">
        <h2 id="queue-title" className="sr-only">
          {t('review.listTitle')}
        </h2>
        {queue.isPending ? (
          <Spinner label={t('loading')} />
        ) : queue.isError ? (
          <div className="space-y-3">
            <Alert tone="error">{t('review.error')}</Alert>
            <Button variant="secondary" size="sm" onClick={() => void queue.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : items.length === 0 ? (
          <Alert tone="info">{t('review.empty')}</Alert>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="flex items-center gap-2">
                <input
                  id={selectAllId}
                  type="checkbox"
                  className={checkboxClass}
                  checked={allSelected}
                  ref={(input) => {
                    if (input) input.indeterminate = someSelected && !allSelected;
                  }}
                  onChange={() => setSelection((current) => toggleAll(current, keys))}
                />
                <label htmlFor={selectAllId} className="text-sm">
                  {t('review.selectPage')}
                </label>
              </div>
              <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
                {t('review.total', { count: total, formatted: formatNumber(total, language) })}
              </p>
            </div>
            <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t('review.keyboardHint')}</p>
            <ol ref={listRef} className="mt-3 space-y-4">
              {items.map((item) => {
                const key = versionKey(item);
                return (
                  <li key={key}>
                    <VersionCard
                      item={item}
                      selected={selection.selected.has(key)}
                      onSelectClick={(shift) => setSelection((current) => clickSelect(current, keys, key, shift))}
                      onSelectKey={onSelectKey(key)}
                      onDecide={(action) =>
                        setDialog({ action, versions: [{ node_id: item.node_id, version: item.version }] })
                      }
                      onUndo={() => undo.mutate({ node_id: item.node_id, version: item.version })}
                      busy={busy}
                    />
                  </li>
                );
              })}
            </ol>
            <Pager
              page={filters.page}
              totalPages={totalPages}
              label={t('review.pagination')}
              onPage={(page) => apply({ ...filters, page })}
            />
          </>
        )}
      </section>

      {selectedItems.length > 0 ? (
        <section
          aria-label={t('review.batch.label')}
          className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-lg dark:border-slate-800 dark:bg-slate-950/95"
        >
          <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-2">
            <p className="me-auto text-sm font-medium">{t('review.batch.selected', { count: selectedItems.length })}</p>
            <Button
              size="sm"
              disabled={busy}
              onClick={() =>
                setDialog({
                  action: 'approve',
                  versions: selectedItems.map(({ node_id, version }) => ({ node_id, version })),
                })
              }
            >
              {t('review.batch.approve')}
            </Button>
            <Button
              size="sm"
              variant="danger"
              disabled={busy}
              onClick={() =>
                setDialog({
                  action: 'reject',
                  versions: selectedItems.map(({ node_id, version }) => ({ node_id, version })),
                })
              }
            >
              {t('review.batch.reject')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setSelection(emptySelection)}>
              {t('review.batch.clear')}
            </Button>
          </div>
        </section>
      ) : null}

      <ReviewDialog
        action={dialog?.action ?? null}
        versions={dialog?.versions ?? []}
        busy={review.isPending}
        onClose={() => setDialog(null)}
        onConfirm={(reason) => {
          if (dialog) review.mutate({ items: dialog.versions, action: dialog.action, reason });
        }}
      />
    </div>
  );
}
