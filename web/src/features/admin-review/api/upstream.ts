import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../../api/client';
import { readerErrorText } from '../../../api/error-message';
import { keyFor } from '../../../api/keys';
import { notify } from '../../../lib/toast';

export const upstreamKey = keyFor('/admin/upstream');

/** `GET /admin/upstream`: the mirror's settings and the current or last sync. */
export const getUpstream = (signal?: AbortSignal) => unwrap(api.GET('/admin/upstream', { signal }));

type UpstreamAnswer = Awaited<ReturnType<typeof getUpstream>>;

/** Whether a sync is on its way, so the panel keeps polling its progress. */
export const syncInProgress = (answer: UpstreamAnswer | undefined) =>
  answer?.sync?.status === 'queued' || answer?.sync?.status === 'running';

export const upstreamQuery = () =>
  queryOptions({
    queryKey: upstreamKey,
    queryFn: ({ signal }) => getUpstream(signal),
    refetchInterval: (query) => (syncInProgress(query.state.data) ? 2000 : false),
  });

/** The mirror's state, refreshed every two seconds while a sync runs. */
export const useUpstream = () => useQuery(upstreamQuery());

/** `POST /admin/upstream/sync`: queues a sync (or reports the one already on its way). */
export function useStartUpstreamSync() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (full: boolean) => unwrap(api.POST('/admin/upstream/sync', { body: { full } })),
    onSuccess: (answer) => {
      queryClient.setQueryData(upstreamKey, answer.status);
      notify('info', t(answer.queued ? 'upstream.toast.queued' : 'upstream.toast.alreadyRunning'));
    },
    onError: (error) => notify('error', readerErrorText(error)),
  });
}

/** `POST /admin/upstream/sync/cancel`: stops the queued or running sync before its next page. */
export function useCancelUpstreamSync() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/admin/upstream/sync/cancel')),
    onSuccess: (answer) => {
      queryClient.setQueryData(upstreamKey, answer.status);
      notify('info', t(answer.cancelled ? 'upstream.toast.cancelled' : 'upstream.toast.notRunning'));
    },
    onError: (error) => notify('error', readerErrorText(error)),
  });
}
