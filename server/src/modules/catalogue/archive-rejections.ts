import { type RejectionParams, readRejection } from '../../engines/archive/rejections.js';
import { BANNED_PREFIX, readPublishingBan } from './publishing-ban.js';

/** Prefix of the reason of a version whose archive is unusable: `Archive rejected: <sentence>`. */
export const REJECTED_PREFIX = 'Archive rejected: ';

/**
 * The code and parameters of a version's status reason when the pipeline wrote it (its archive
 * rejected, or a ban that stopped it), or null (any other reason, or one worded otherwise): what
 * the API adds next to `status_reason` as `status_reason_code` and `status_reason_params`.
 */
export function codedStatusReason(statusReason: string): { code: string; params: RejectionParams } | null {
  if (statusReason.startsWith(REJECTED_PREFIX)) return readRejection(statusReason.slice(REJECTED_PREFIX.length));
  if (statusReason.startsWith(BANNED_PREFIX)) return readPublishingBan(statusReason.slice(BANNED_PREFIX.length));
  return null;
}

/** `status_reason_code` and `status_reason_params` for an answer that shows `statusReason`; none for other reasons. */
export function statusReasonCode(
  statusReason: string,
): { status_reason_code: string; status_reason_params: RejectionParams } | Record<string, never> {
  const coded = codedStatusReason(statusReason);
  return coded ? { status_reason_code: coded.code, status_reason_params: coded.params } : {};
}
