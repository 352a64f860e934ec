import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keyFor } from '../../../api/keys';

/** `GET /publishers`: every publisher, for the publisher filter's suggestions. */
export const listPublishers = (signal?: AbortSignal) => unwrap(api.GET('/publishers', { signal }));

/** Fetched once the filter is used; a registry has few enough publishers to match them here. */
export const publishersQuery = (enabled: boolean) =>
  queryOptions({ queryKey: keyFor('/publishers'), queryFn: ({ signal }) => listPublishers(signal), enabled });

export const usePublishers = (enabled: boolean) => useQuery(publishersQuery(enabled));
