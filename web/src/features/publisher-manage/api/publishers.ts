import { api, unwrap } from '../../../api/client';
/** The editable profile fields (the create body without the id). */
export interface PublisherProfile {
  name: string;
  description: string;
  website: string;
  support: string;
  logo: string;
}

/**
 * `GET /publishers/validate?username=&verdict=true`: whether the id can be registered, and if not
 * why (`message` and its `code`), as a 200 answer: a taken id is no failed request.
 */
export const validatePublisherId = (username: string, signal?: AbortSignal) =>
  unwrap(api.GET('/publishers/validate', { params: { query: { username, verdict: true } }, signal }));

/** `POST /publishers`: the caller becomes the owner. */
export const createPublisher = (body: PublisherProfile & { id: string }) => unwrap(api.POST('/publishers', { body }));

/** `PUT /publishers/{id}`. */
export const updatePublisher = (publisherId: string, body: Partial<PublisherProfile>) =>
  unwrap(api.PUT('/publishers/{publisherId}', { params: { path: { publisherId } }, body }));

/** `DELETE /publishers/{id}`: refused (409) while it has packs. */
export const deletePublisher = (publisherId: string) =>
  unwrap(api.DELETE('/publishers/{publisherId}', { params: { path: { publisherId } } }));
