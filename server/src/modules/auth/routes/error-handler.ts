import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../../../lib/errors.js';
import { AuthError, codeForStatus } from '../errors.js';

/**
 * The identity routes answer errors as `{code, message, rule?}` (the web app translates the
 * code) rather than the API's `{message, error}` envelope. Installed inside the identity
 * plugin only.
 */
export function installAuthErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const authError = toAuthError(error);
    if (authError.statusCode >= 500) request.log.error({ err: error }, 'identity request failed');
    return reply.code(authError.statusCode).headers(authError.headers).send(authError.toBody());
  });
}

function toAuthError(error: FastifyError | Error): AuthError {
  if (error instanceof AuthError) return error;
  if (error instanceof HttpError) {
    const code = codeForStatus(error.statusCode);
    return new AuthError(code, code === 'INTERNAL' ? {} : { message: error.message });
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const detail = fastifyError.validation
      .slice(0, 3)
      .map((v) => {
        const missing = (v.params as { missingProperty?: string } | undefined)?.missingProperty;
        const field = missing ?? v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return field ? `${field} ${v.message ?? 'is invalid'}` : (v.message ?? 'is invalid');
      })
      .join('; ');
    return new AuthError('INVALID_REQUEST', { message: `Invalid request: ${detail || fastifyError.message}` });
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AuthError('PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AuthError('INVALID_REQUEST', { message: 'The request body is not valid JSON.' });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AuthError('INVALID_REQUEST', { message: 'Send the request body as application/json.' });
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AuthError(codeForStatus(status), { message: fastifyError.message });
  }
  return new AuthError('INTERNAL');
}
