import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema.gen';
import { embeddedFetchedAt, takeEmbedded } from '../../../lib/embedded-data';

/** `GET /publishers/{publisherId}`: a publisher's public profile. */
export const getPublisher = (publisherId: string, signal?: AbortSignal) =>
  unwrap(api.GET('/publishers/{publisherId}', { params: { path: { publisherId } }, signal }));

export const publisherQuery = (publisherId: string) =>
  queryOptions({
    queryKey: [`/publishers/${publisherId}`],
    queryFn: ({ signal }) => getPublisher(publisherId, signal),
    enabled: hasIds(publisherId),
    // A shared page's first paint uses the answer the web listener embedded; it revalidates as usual.
    initialData: () => takeEmbedded<components['schemas']['Publisher']>(`/publishers/${publisherId}`),
    initialDataUpdatedAt: embeddedFetchedAt,
  });

/** The publisher shown on its profile page. */
export const usePublisher = (publisherId: string) => useQuery(publisherQuery(publisherId));
