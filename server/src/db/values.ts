/** Helpers that turn stored column values into API values, the same on both dialects. */

/** A boolean column as read from SQLite (0/1) or PostgreSQL (true/false). */
export function toBool(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}

/** A JSON text column holding a list of strings; anything else reads as an empty list. */
export function parseJsonArray(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** A JSON text column holding an object; anything else reads as `{}`. */
export function parseJsonObject(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The current time as stored in timestamp columns. */
export function nowIso(): string {
  return new Date().toISOString();
}
