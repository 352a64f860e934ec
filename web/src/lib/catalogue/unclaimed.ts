/**
 * The reserved publisher that holds the packs nobody has claimed (imported from the
 * ComfyUI-Manager list or created by an admin). Screens call it "Unclaimed", never by this id.
 */
export const UNCLAIMED_PUBLISHER_ID = 'admin-11338bd3-f081-43cf-b3f9-295c829826f7';

export const isUnclaimedPublisher = (publisherId: string | null | undefined) => publisherId === UNCLAIMED_PUBLISHER_ID;
