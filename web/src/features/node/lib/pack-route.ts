import { isUnclaimed } from '../../../lib/catalogue/unclaimed';

/**
 * Where `/publishers/{publisherId}/nodes/{nodeId}` belongs: null when the URL is right, otherwise
 * the pack's real URL (under its publisher, or `/nodes/{id}` for unclaimed packs).
 */
export function canonicalPackPath(
  requestedPublisherId: string | undefined,
  pack: { id: string; publisher?: { id: string } },
): string | null {
  if (requestedPublisherId === undefined) return null;
  const owner = pack.publisher?.id;
  if (isUnclaimed(owner)) return `/nodes/${encodeURIComponent(pack.id)}`;
  if (owner === requestedPublisherId) return null;
  return `/publishers/${encodeURIComponent(owner)}/nodes/${encodeURIComponent(pack.id)}`;
}
