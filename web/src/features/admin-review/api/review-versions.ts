import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminAppealQuery } from '../../../api/appeals';
import { api, unwrap } from '../../../api/client';
import { readerErrorText } from '../../../api/error-message';
import { nodeKey } from '../../../api/queries/node';
import { nodeVersionsKey } from '../../../api/queries/node-versions';
import { analytics } from '../../../lib/analytics-client';
import { notify } from '../../../lib/toast';
import { adminStatsKey } from './admin-stats';
import { reviewQueueKey } from './review-queue';
import { versionHistoryKey } from './version-history';

export type ReviewAction = 'approve' | 'reject';

/** A version named by its pack and number. */
export interface VersionRef {
  node_id: string;
  version: string;
}

/** `POST /admin/versions/review`: approves or rejects many versions with one reason. */
export const reviewVersions = (items: VersionRef[], action: ReviewAction, reason: string) =>
  unwrap(api.POST('/admin/versions/review', { body: { items, action, ...(reason.trim() ? { reason } : {}) } }));

/** `POST /admin/nodes/{nodeId}/versions/{version}/undo`: restores the status before the latest change. */
export const undoVersion = (ref: VersionRef) =>
  unwrap(
    api.POST('/admin/nodes/{nodeId}/versions/{versionNumber}/undo', {
      params: { path: { nodeId: ref.node_id, versionNumber: ref.version } },
    }),
  );

/** Everything a decision changes on screen: the queue, the counts, the pack pages, histories and threads. */
async function refreshAfterDecision(queryClient: QueryClient, refs: VersionRef[]) {
  const keys = [
    reviewQueueKey,
    adminStatsKey,
    ...refs.flatMap((r) => [
      nodeKey(r.node_id),
      nodeVersionsKey(r.node_id),
      versionHistoryKey(r.node_id, r.version),
      // The decision joins the version's appeal thread.
      adminAppealQuery(r.node_id, r.version).queryKey,
    ]),
  ];
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Approve / reject: a toast with the outcome, fresh lists, and an analytics event. */
export function useReviewVersions(onDone?: (decided: VersionRef[], action: ReviewAction) => void) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ items, action, reason }: { items: VersionRef[]; action: ReviewAction; reason: string }) =>
      reviewVersions(items, action, reason),
    onSuccess: async ({ results }, { items, action }) => {
      const decided = results.filter((r) => r.status === 'ok').map(({ node_id, version }) => ({ node_id, version }));
      const failed = results.filter((r) => r.status !== 'ok');
      analytics.track(action === 'approve' ? 'Admin Approve Node Versions' : 'Admin Reject Node Versions', {
        count: items.length,
        succeeded: decided.length,
        failed: failed.length,
      });
      if (decided.length > 0) {
        notify('success', t(action === 'approve' ? 'toast.approved' : 'toast.rejected', { count: decided.length }));
      }
      for (const f of failed) {
        notify('error', t('toast.itemFailed', { id: `${f.node_id}@${f.version}`, message: f.message ?? '' }));
      }
      await refreshAfterDecision(queryClient, items);
      onDone?.(decided, action);
    },
    onError: (error, { action }) => {
      analytics.track('Admin Review Failed', { action });
      notify('error', t('toast.failed', { message: readerErrorText(error) }));
    },
  });
}

/** Undo of a version's latest status change, with toast, refresh and analytics. */
export function useUndoVersion(onDone?: (ref: VersionRef) => void) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoVersion,
    onSuccess: async (version, ref) => {
      analytics.track('Admin Undo Node Version Status', { node_id: ref.node_id, status: version.status });
      notify(
        'success',
        t('toast.undone', { id: `${ref.node_id}@${ref.version}`, status: t(`status.${version.status}`) }),
      );
      await refreshAfterDecision(queryClient, [ref]);
      onDone?.(ref);
    },
    onError: (error) => notify('error', t('toast.undoFailed', { message: readerErrorText(error) })),
  });
}
