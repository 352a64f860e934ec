import { queryOptions, useQuery } from '@tanstack/react-query';
import { embeddedFetchedAt, takeEmbedded } from '../../lib/embedded-data';
import { hasIds } from '../cache-rules';
import { api, unwrap } from '../client';
import { keyFor } from '../keys';
import type { components } from '../schema.gen';

/** A publisher as the API returns it. */
export type Publisher = components['schemas']['Publisher'];

/** `GET /publishers/{publisherId}`: the profile (member e-mails included for members). */
export const getPublisher = (publisherId: string, signal?: AbortSignal) =>
  unwrap(api.GET('/publishers/{publisherId}', { params: { path: { publisherId } }, signal }));

/** The key of one publisher; its packs, members, tokens and permissions sit below it. */
export const publisherKey = (publisherId: string) => keyFor(`/publishers/${publisherId}`);

export const publisherQuery = (publisherId: string) =>
  queryOptions({
    queryKey: publisherKey(publisherId),
    queryFn: ({ signal }) => getPublisher(publisherId, signal),
    enabled: hasIds(publisherId),
    // A shared page's first paint uses the answer the web listener embedded; it revalidates as usual.
    initialData: () => takeEmbedded<Publisher>(`/publishers/${publisherId}`),
    initialDataUpdatedAt: embeddedFetchedAt,
  });

/** The publisher shown on its profile and its manage page. */
export const usePublisher = (publisherId: string) => useQuery(publisherQuery(publisherId));
