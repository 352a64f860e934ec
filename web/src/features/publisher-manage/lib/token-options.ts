/** Lifetimes offered when a token is made, in days; `null` is "never expires". */
export const EXPIRY_CHOICES = [30, 90, 365, null] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

/** The default lifetime: long enough for a CI secret, short enough that a forgotten token dies. */
export const DEFAULT_EXPIRY: ExpiryChoice = 90;

/** What the create form holds. */
export interface TokenForm {
  name: string;
  description: string;
  expiry: ExpiryChoice;
  /** null: every pack of the publisher; otherwise the chosen ones. */
  packs: string[] | null;
}

/** The `POST /publishers/{id}/tokens` body for a form (absent fields mean "never" and "every pack"). */
export function tokenBody(form: TokenForm): {
  name: string;
  description: string;
  expiresInDays?: number;
  nodeIds?: string[];
} {
  return {
    name: form.name.trim(),
    description: form.description.trim(),
    ...(form.expiry === null ? {} : { expiresInDays: form.expiry }),
    ...(form.packs === null ? {} : { nodeIds: form.packs }),
  };
}

/** A form can be sent once it has a name and, when limited to chosen packs, at least one. */
export function canSubmit(form: TokenForm): boolean {
  return form.name.trim().length > 0 && (form.packs === null || form.packs.length > 0);
}

/** Whether a listed token has passed its expiry at `now`. */
export function hasExpired(expiresAt: string | undefined, now: Date): boolean {
  return expiresAt !== undefined && Date.parse(expiresAt) <= now.getTime();
}
