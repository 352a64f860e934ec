import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../../api/client';
import { errorText } from '../../../api/errors';
import { keyFor } from '../../../api/keys';
import { notify } from '../../../lib/toast';

export const upstreamOverridesKey = keyFor('/admin/upstream/overrides');

/** `GET /admin/upstream/overrides`: ids the upstream has that admins released for local packs. */
export const upstreamOverridesQuery = () =>
  queryOptions({
    queryKey: upstreamOverridesKey,
    queryFn: ({ signal }) => unwrap(api.GET('/admin/upstream/overrides', { signal })),
  });

export const useUpstreamOverrides = () => useQuery(upstreamOverridesQuery());

/** `POST /admin/upstream/overrides`: releases one id, with the reason the audit log keeps. */
export function useCreateUpstreamOverride() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: string; reason: string }) => unwrap(api.POST('/admin/upstream/overrides', { body })),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: upstreamOverridesKey });
      notify('success', t('upstream.overrides.done', { id: created.id }));
    },
    onError: (error) => notify('error', errorText(error)),
  });
}
