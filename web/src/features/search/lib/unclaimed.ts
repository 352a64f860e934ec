/**
 * The well-known id of the placeholder publisher that holds packs nobody has claimed yet (the same
 * id as on the public registry, so comfy-cli and the manager agree).
 */
export const UNCLAIMED_PUBLISHER_ID = 'admin-11338bd3-f081-43cf-b3f9-295c829826f7';

/** True for the placeholder publisher of unclaimed packs. */
export const isUnclaimed = (publisherId: string | undefined) => !publisherId || publisherId === UNCLAIMED_PUBLISHER_ID;
