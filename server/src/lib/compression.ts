import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type ContentEncoding = 'br' | 'gzip';

/** Bodies below this size go out as they are: compressing them saves less than the headers cost. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

// Brotli first: about a fifth smaller than gzip on catalogue JSON.
const negotiator = new Negotiator<ContentEncoding>({ supportedValues: ['br', 'gzip'] });

/** The encoding to answer with for this request's `Accept-Encoding`, if any. */
export function chooseEncoding(request: FastifyRequest): ContentEncoding | undefined {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || header === '') return undefined;
  return negotiator.negotiate(header) ?? undefined;
}

/**
 * Compresses a JSON body. Brotli at quality 5 and gzip at level 6 measured at about the same
 * cost; both are done once per cached answer, not per request.
 */
export function compressBody(body: Buffer, encoding: ContentEncoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: 6 });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/**
 * Compresses a JSON body at the quickest setting: about a third of `compressBody`'s cost for a
 * few percent more bytes. For answers most likely asked for once (a new search, a page of a
 * catalogue walk); cached answers asked for again are compressed properly then.
 */
export function quickCompressBody(body: Buffer, encoding: ContentEncoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: 1 });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 1,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** Adds `Accept-Encoding` to the reply's `Vary`, keeping what is there (CORS adds `Origin`). */
export function varyOnEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const names = typeof current === 'string' ? current.split(',').map((v) => v.trim()) : [];
  if (!names.some((name) => name.toLowerCase() === 'accept-encoding')) {
    reply.header('vary', [...names.filter(Boolean), 'Accept-Encoding'].join(', '));
  }
}
