import { type HttpError, withCode } from '../../lib/errors.js';

/**
 * The one code of "this pack is already claimed", whichever way the claim was tried (GitHub
 * proof, request, admin approval): the status differs by route, the reader's sentence does not.
 */
export function alreadyClaimed<E extends HttpError>(error: E, nodeId: string): E {
  return withCode(error, 'claim.already_claimed', { nodeId });
}
