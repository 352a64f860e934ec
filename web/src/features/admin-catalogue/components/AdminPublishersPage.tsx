import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { keyFor } from '../../../api/keys';
import { Button } from '../../../components/ui/button';
import { isUnclaimedPublisher } from '../../../lib/catalogue/unclaimed';
import { type AdminPublisher, setPublisherBan, useAdminPublishers } from '../api/people';
import { useAdminWrite } from '../api/write';
import { AdminPage, NS } from './admin-page';
import { Badge } from './badge';
import { ConfirmDialog } from './confirm-dialog';
import { ListState } from './list-state';
import { SearchForm } from './SearchForm';
import { UrlPager, usePageParam } from './url-paging';

/** `/admin/publishers`: search publishers, ban or unban them (with their packs). */
export function AdminPublishersPage() {
  const { t } = useTranslation(NS);
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = usePageParam();
  const publishers = useAdminPublishers({ q, page });
  const [target, setTarget] = useState<AdminPublisher | null>(null);
  const banning = target?.status !== 'PublisherStatusBanned';
  const ban = useAdminWrite({
    run: ({ id, banned, reason }: { id: string; banned: boolean; reason: string }) =>
      setPublisherBan(id, banned, reason),
    event: 'Admin Publisher Ban Changed',
    properties: ({ id, banned }) => ({ publisher_id: id, banned }),
    success: ({ id, banned }) => (banned ? t('publishers.bannedDone', { id }) : t('publishers.unbannedDone', { id })),
    failure: (message) => t('failed', { message }),
    invalidate: ({ id }) => [
      keyFor('/admin/publishers'),
      keyFor(`/publishers/${id}`),
      keyFor('/admin/nodes'),
      keyFor('/nodes/search'),
    ],
    onDone: () => setTarget(null),
  });
  return (
    <AdminPage title={t('publishers.title')}>
      <SearchForm key={q} label={t('publishers.search')} />
      <section aria-labelledby="admin-publishers-results" aria-busy={publishers.isFetching} className="mt-6">
        <h2 id="admin-publishers-results" className="text-lg font-semibold">
          {publishers.data ? t('publishers.count', { count: publishers.data.total }) : t('publishers.results')}
        </h2>
        <ListState
          isPending={publishers.isPending}
          isError={publishers.isError}
          empty={publishers.data?.publishers.length === 0}
          onRetry={() => void publishers.refetch()}
        >
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {publishers.data?.publishers.map((p) => {
              const banned = p.status === 'PublisherStatusBanned';
              // The placeholder of unclaimed packs is named in words and never banned (the server refuses too).
              const placeholder = isUnclaimedPublisher(p.id);
              return (
                <li key={p.id} className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2 p-3">
                  <div className="min-w-0 flex-1 basis-48">
                    <Link
                      to={`/publishers/${encodeURIComponent(p.id)}`}
                      dir="auto"
                      className="break-words font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
                    >
                      {placeholder ? t('node.unclaimed') : p.name || p.id}
                    </Link>
                    <p className="break-all text-sm text-slate-600 dark:text-slate-400">
                      {placeholder ? (
                        t('publishers.placeholder')
                      ) : (
                        <>
                          <span dir="ltr">@{p.id}</span> · {t('publishers.members', { count: p.members.length })}
                        </>
                      )}
                    </p>
                    {banned && p.status_reason ? (
                      <p dir="auto" className="break-words text-sm">
                        {t('publishers.reason', { reason: p.status_reason })}
                      </p>
                    ) : null}
                  </div>
                  {banned ? <Badge tone="red">{t('banned')}</Badge> : null}
                  {placeholder ? null : (
                    <Button
                      variant={banned ? 'secondary' : 'danger'}
                      size="sm"
                      aria-label={
                        banned ? t('publishers.unbanNamed', { id: p.id }) : t('publishers.banNamed', { id: p.id })
                      }
                      onClick={() => setTarget(p)}
                    >
                      {banned ? t('unban') : t('ban')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          <UrlPager page={page} totalPages={publishers.data?.totalPages ?? 1} label={t('publishers.pages')} />
        </ListState>
      </section>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => (open ? undefined : setTarget(null))}
        title={
          banning
            ? t('publishers.banTitle', { id: target?.id ?? '' })
            : t('publishers.unbanTitle', { id: target?.id ?? '' })
        }
        description={banning ? t('publishers.banBody') : t('publishers.unbanBody')}
        confirmLabel={banning ? t('ban') : t('unban')}
        danger={banning}
        askReason
        reasonRequired={banning}
        busy={ban.isPending}
        onConfirm={(reason) => target && ban.mutate({ id: target.id, banned: banning, reason })}
      />
    </AdminPage>
  );
}
