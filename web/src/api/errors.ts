/** A failed API call: HTTP status plus the server's `{message, error}` or `{code, message}` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly body?: unknown,
    /** The values a coded message names (`{declared: "other"}`), for its translation. */
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Builds an ApiError from a response body, whatever shape the server used. */
export function apiErrorFrom(status: number, body: unknown): ApiError {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const message = typeof fields.message === 'string' && fields.message ? fields.message : `HTTP ${status}`;
  const code = typeof fields.code === 'string' ? fields.code : undefined;
  const params: Record<string, string | number> = {};
  if (fields.params && typeof fields.params === 'object') {
    for (const [name, value] of Object.entries(fields.params as Record<string, unknown>)) {
      if (typeof value === 'string' || typeof value === 'number') params[name] = value;
    }
  }
  return new ApiError(status, message, code, body, params);
}

/** A message for any thrown value: its `message`, or the value as text. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return String(error);
}
