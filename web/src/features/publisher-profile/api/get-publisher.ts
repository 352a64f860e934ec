import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasIds } from '../../../api/cache-rules';
import { api, unwrap } from '../../../api/client';

/** `GET /publishers/{publisherId}`: a publisher's public profile. */
export const getPublisher = (publisherId: string, signal?: AbortSignal) =>
  unwrap(api.GET('/publishers/{publisherId}', { params: { path: { publisherId } }, signal }));

export const publisherQuery = (publisherId: string) =>
  queryOptions({
    queryKey: [`/publishers/${publisherId}`],
    queryFn: ({ signal }) => getPublisher(publisherId, signal),
    enabled: hasIds(publisherId),
  });

/** The publisher shown on its profile page. */
export const usePublisher = (publisherId: string) => useQuery(publisherQuery(publisherId));
