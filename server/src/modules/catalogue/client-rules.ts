import { NODE_ID_MAX_LENGTH, NODE_ID_PATTERN } from './node-id.js';
import { DESCRIPTION_MAX_LENGTH } from './pack-columns.js';

/**
 * Pack rules the web app checks before sending, published in the OpenAPI document as
 * `x-pack-rules` so the web's copy is generated from them (`npm run gen:api -w web`) instead of
 * written twice. The server still enforces each one with its own messages.
 */
export const clientPackRules = {
  /** A pack id: ASCII letters and digits, with `.`, `_` and `-` only inside. */
  idPattern: NODE_ID_PATTERN.source,
  idMaxLength: NODE_ID_MAX_LENGTH,
  descriptionMaxLength: DESCRIPTION_MAX_LENGTH,
} as const;
