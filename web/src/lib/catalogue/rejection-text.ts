import type { Translator } from '../../api/error-message';

/** What the API adds next to a rejected archive's `status_reason` (docs/api-errors.md, Rejected archives). */
export interface CodedReason {
  status_reason_code?: string | undefined;
  status_reason_params?: Record<string, string | number> | undefined;
}

/** A rejection's sentence, and whether it is in the reader's language or the analyser's English. */
export interface RejectionText {
  text: string;
  /** `en` when the analyser's English is shown (no code, or a code this app has no words for yet). */
  lang: 'en' | undefined;
}

/**
 * Why an archive was rejected, in the reader's language: the translation of the reason's code
 * filled with its values. Without a code (a reason worded by another registry) or for a code the
 * app does not know yet, the analyser's English `detail`, never both.
 */
export function rejectionText(reason: CodedReason, detail: string, i18n: Translator): RejectionText {
  const code = reason.status_reason_code;
  const key = code ? `apiErrors.${code.replace(/[^\w]/g, '_')}` : '';
  if (!key || !i18n.exists(key, { ns: 'common' })) return { text: detail, lang: 'en' };
  return { text: i18n.t(key, { ns: 'common', ...reason.status_reason_params }), lang: undefined };
}
