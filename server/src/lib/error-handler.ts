import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';
import { unavailableReason } from './infrastructure-errors.js';

/** Installs the one error envelope: `{message, error}` with the right status; 5xx details only in logs. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    // A handler may fail after it set the headers of the body it meant to send (an archive's type,
    // length and tag): the error envelope is JSON of its own length and must not be cached.
    for (const header of ['content-type', 'content-length', 'etag', 'cache-control', 'content-encoding']) {
      reply.removeHeader(header);
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      const coded = error.code ? { code: error.code, params: error.params ?? {} } : {};
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ message: error.message, error: error.detail, ...coded });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      const where = fastifyError.validationContext ?? 'request';
      return reply.code(400).send({
        message: `Invalid ${where === 'querystring' ? 'query' : where}: ${describeValidation(fastifyError)}`,
        error: fastifyError.code ?? 'FST_ERR_VALIDATION',
        ...validationCode(fastifyError),
      });
    }
    const status = fastifyError.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.code(status).send({ message: friendlyMessage(fastifyError), error: fastifyError.code ?? '' });
    }
    const unavailable = unavailableReason(error);
    if (unavailable) {
      request.log.warn({ err: error }, 'request failed: infrastructure unavailable');
      return reply
        .code(503)
        .header('retry-after', String(unavailable.retryAfterSeconds))
        .send({ message: unavailable.message, error: unavailable.detail });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal Server Error', error: '' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: 'Route not found', error: `${request.method} ${request.url.split('?')[0]}` });
  });
}

/** The field a validation problem is about: `publisher.name`, or the missing property. */
function fieldOf(v: NonNullable<FastifyError['validation']>[number]): string {
  const field = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
  const params = v.params as { missingProperty?: string; additionalProperty?: string } | undefined;
  return params?.missingProperty ?? (field || params?.additionalProperty || '');
}

/** Each kind of schema problem and the stable code clients translate (docs/api-errors.md). */
const VALIDATION_CODES: Record<string, string> = {
  required: 'validation.required',
  type: 'validation.type',
  format: 'validation.format',
  minLength: 'validation.min_length',
  maxLength: 'validation.max_length',
  pattern: 'validation.pattern',
  enum: 'validation.enum',
  const: 'validation.enum',
  minimum: 'validation.minimum',
  maximum: 'validation.maximum',
  minItems: 'validation.min_items',
  maxItems: 'validation.max_items',
  additionalProperties: 'validation.unknown_field',
};

/**
 * The code and parameters of a request's first schema problem: `validation.max_length` with
 * `{field: "description", limit: 1000}`. Kinds without their own code are `validation.invalid`.
 */
function validationCode(error: FastifyError): { code: string; params: Record<string, string | number> } {
  const first = error.validation?.[0];
  if (!first) return { code: 'validation.invalid', params: { field: '' } };
  const params: Record<string, string | number> = { field: fieldOf(first) };
  const raw = first.params as Record<string, unknown> | undefined;
  if (typeof raw?.limit === 'number') params.limit = raw.limit;
  if (typeof raw?.format === 'string') params.format = raw.format;
  if (typeof raw?.type === 'string') params.type = raw.type;
  if (Array.isArray(raw?.allowedValues)) params.allowed = raw.allowedValues.join(', ');
  if (raw?.allowedValue !== undefined) params.allowed = String(raw.allowedValue);
  return { code: VALIDATION_CODES[first.keyword] ?? 'validation.invalid', params };
}

function describeValidation(error: FastifyError): string {
  const parts = (error.validation ?? []).slice(0, 5).map((v) => {
    const field = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
    const missing = (v.params as { missingProperty?: string } | undefined)?.missingProperty;
    const name = missing ?? field;
    return name ? `${name} ${v.message ?? 'is invalid'}` : (v.message ?? 'is invalid');
  });
  return parts.join('; ') || error.message;
}

function friendlyMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return error.message;
  }
}
