import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';

export const adminStatsKey = ['/admin/stats'] as const;

/** `GET /admin/stats`: the dashboard counts. */
export const getAdminStats = (signal?: AbortSignal) => unwrap(api.GET('/admin/stats', { signal }));

export const adminStatsQuery = () =>
  queryOptions({ queryKey: adminStatsKey, queryFn: ({ signal }) => getAdminStats(signal) });

/** The moderation counts shown on the dashboard. */
export const useAdminStats = () => useQuery(adminStatsQuery());
