import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';

export const adminStatsKey = keyFor('/admin/stats');

/** `GET /admin/stats`: the dashboard counts. */
export const getAdminStats = (signal?: AbortSignal) => unwrap(api.GET('/admin/stats', { signal }));

export const adminStatsQuery = () =>
  queryOptions({ queryKey: adminStatsKey, queryFn: ({ signal }) => getAdminStats(signal) });

/** The moderation counts shown on the dashboard. */
export const useAdminStats = () => useQuery(adminStatsQuery());
