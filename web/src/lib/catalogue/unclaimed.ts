/**
 * The well-known id of the placeholder publisher that holds packs nobody has claimed yet (the same
 * id as on the public registry, so comfy-cli and ComfyUI-Manager agree). The server's copy is
 * `UNCLAIMED_PUBLISHER_ID` in server/src/modules/catalogue/wire.ts.
 */
export const UNCLAIMED_PUBLISHER_ID = 'admin-11338bd3-f081-43cf-b3f9-295c829826f7';

/** True when a pack has no real owner: no publisher at all, or the placeholder one. */
export const isUnclaimed = (
  publisherId: string | null | undefined,
): publisherId is typeof UNCLAIMED_PUBLISHER_ID | '' | null | undefined =>
  !publisherId || publisherId === UNCLAIMED_PUBLISHER_ID;

/** Whether a publisher id is the placeholder of unclaimed packs (admin screens never offer to ban it). */
export const isUnclaimedPublisher = (publisherId: string | null | undefined) => publisherId === UNCLAIMED_PUBLISHER_ID;
