import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';
import type { components } from '../../../api/schema.gen';

export type AuditEntry = components['schemas']['AuditEntry'];
export const AUDIT_PAGE_SIZE = 25;

export interface AuditFilter {
  actor: string;
  action: string;
  targetType: string;
  targetId: string;
  /** yyyy-mm-dd (start of that day, UTC) */
  since: string;
  /** yyyy-mm-dd (inclusive: up to the end of that day, UTC) */
  until: string;
  page: number;
}

const startOf = (day: string) => (day ? `${day}T00:00:00.000Z` : undefined);
const endOf = (day: string) => (day ? `${day}T23:59:59.999Z` : undefined);

/** `GET /admin/audit`: admin actions, newest first, filtered on the server. */
export const useAuditLog = (filter: AuditFilter) =>
  useQuery({
    queryKey: keyFor('/admin/audit', filter),
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/admin/audit', {
          params: {
            query: {
              actor: filter.actor.trim() || undefined,
              action: filter.action.trim() || undefined,
              targetType: filter.targetType || undefined,
              targetId: filter.targetId.trim() || undefined,
              since: startOf(filter.since),
              until: endOf(filter.until),
              page: filter.page,
              limit: AUDIT_PAGE_SIZE,
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
