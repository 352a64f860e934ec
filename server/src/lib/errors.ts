/**
 * The one error vocabulary of the API. Services throw these; the error handler turns them into
 * `{"message": "...", "error": "..."}` with the status code. Anything else becomes a logged 500.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra detail for the `error` key; never internal state or secrets. */
    readonly detail = '',
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** A stable code and its parameters, so clients can say `message` in their reader's language. */
  code?: string;
  params?: Record<string, string | number>;
}

/**
 * Gives an error a stable code (dotted, lower case: `archive.other_node`) and the values its
 * sentence needs. The body keeps `message` and `error` as they were and adds `code` and `params`.
 */
export function withCode<E extends HttpError>(error: E, code: string, params: Record<string, string | number> = {}): E {
  error.code = code;
  error.params = params;
  return error;
}

export const badRequest = (message: string, detail = '') => new HttpError(400, message, detail);
export const unauthorized = (message: string, detail = '') => new HttpError(401, message, detail);
export const forbidden = (message: string, detail = '') => new HttpError(403, message, detail);
export const notFound = (message: string, detail = '') => new HttpError(404, message, detail);
export const conflict = (message: string, detail = '') => new HttpError(409, message, detail);
export const gone = (message: string, detail = '') => new HttpError(410, message, detail);
/** `headers` go out with the answer (`connection: close` when the body is left unread). */
export const payloadTooLarge = (message: string, detail = '', headers: Record<string, string> = {}) =>
  new HttpError(413, message, detail, headers);
export const unsupportedMediaType = (message: string, detail = '', headers: Record<string, string> = {}) =>
  new HttpError(415, message, detail, headers);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, '', { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const badGateway = (message: string, detail = '') => new HttpError(502, message, detail);
export const gatewayTimeout = (message: string, detail = '') => new HttpError(504, message, detail);
export const serviceUnavailable = (message: string, detail = '') => new HttpError(503, message, detail);
