import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/schemas.js';
import { optionalViewer } from '../auth/viewer.js';
import { etagMatches } from '../nodes/cache/catalogue-cache.js';
import { NodeVersionParams } from '../nodes/schemas.js';
import { compareVersions, parseRange } from './compare.js';
import {
  CompareParams,
  CompareQuery,
  FilePathParams,
  VersionComparison,
  VersionFile,
  VersionFileListing,
} from './schemas.js';
import {
  listVersionFiles,
  openVersionFile,
  type ReadableVersion,
  readableVersion,
  readVersionFile,
} from './service.js';

const readErrors = errorResponses(400, 401, 403, 404, 422);
const notModified = { 304: Type.Null({ description: 'Not modified (the ETag matched).' }) };
const accessNote =
  'Installable versions (Active or Pending, of an Active pack) for everyone; other versions only for members of the pack’s publisher and admins (401 without a token, 403 for others), as for the archive itself.';

/**
 * Sets the headers every code-view answer carries and answers 304 when the client has it: a
 * version's archive never changes, so its answers are cacheable for good (privately for a
 * version only its owners and admins may see). The ETag covers the archive and the question.
 */
function cacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  versions: ReadableVersion[],
  question: string,
): boolean {
  const isPublic = versions.every((v) => v.public);
  const tag = createHash('sha256')
    .update([...versions.map((v) => v.sha256), question].join('\0'))
    .digest('hex')
    .slice(0, 40);
  const etag = `"${tag}"`;
  reply.header('cache-control', `${isPublic ? 'public' : 'private'}, max-age=31536000, immutable`);
  if (!isPublic) reply.header('vary', 'authorization');
  reply.header('etag', etag);
  reply.header('x-content-type-options', 'nosniff');
  if (!etagMatches(request.headers['if-none-match'], etag)) return false;
  reply.code(304).send();
  return true;
}

/** Sends a stream; the route's schema describes the bytes, which the typed reply cannot express. */
function sendBody(reply: FastifyReply, body: Readable): FastifyReply {
  return reply.send(body);
}

/** Browsing a version's files and comparing two versions, read in place from the stored archives. */
const codeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/nodes/:nodeId/versions/:version/files',
    {
      schema: {
        operationId: 'listNodeVersionFiles',
        tags: ['code'],
        summary: "Every file of a version's archive, with sizes and kinds",
        description: `From the archive's checked file list, kept when the archive was validated; nothing is unpacked. ${accessNote}`,
        params: NodeVersionParams,
        response: { 200: VersionFileListing, ...notModified, ...readErrors },
      },
    },
    async function listNodeVersionFiles(request, reply) {
      const { nodeId, version } = request.params;
      const target = await readableVersion(app.ctx, await optionalViewer(request), nodeId, version);
      if (cacheable(request, reply, [target], 'list')) return reply;
      return listVersionFiles(app.ctx, target);
    },
  );

  app.get(
    '/nodes/:nodeId/versions/:version/files/*',
    {
      schema: {
        operationId: 'getNodeVersionFile',
        tags: ['code'],
        summary: 'One file of a version as text (up to 1 MiB), or its size when binary',
        description: `Only this file is inflated, and only up to the limit. A path from the pack root (a README's relative link) resolves too. ${accessNote}`,
        params: FilePathParams,
        response: { 200: VersionFile, ...notModified, ...readErrors },
      },
    },
    async function getNodeVersionFile(request, reply) {
      const { nodeId, version } = request.params;
      const target = await readableVersion(app.ctx, await optionalViewer(request), nodeId, version);
      const path = request.params['*'];
      if (cacheable(request, reply, [target], `file\0${path}`)) return reply;
      return readVersionFile(app.ctx, target, path);
    },
  );

  app.get(
    '/nodes/:nodeId/versions/:version/raw/*',
    {
      schema: {
        operationId: 'downloadNodeVersionFile',
        tags: ['code'],
        summary: 'One whole file of a version, as a download (images as images, for READMEs)',
        description: `PNG, JPEG, GIF, WebP and AVIF images are sent with their type so a README can show them; everything else as \`application/octet-stream\` to save, never to run in the browser. ${accessNote}`,
        produces: ['application/octet-stream'],
        params: FilePathParams,
        response: {
          200: Type.String({ format: 'binary', description: 'The file’s bytes.' }),
          ...notModified,
          ...readErrors,
        },
      },
    },
    async function downloadNodeVersionFile(request, reply) {
      const { nodeId, version } = request.params;
      const target = await readableVersion(app.ctx, await optionalViewer(request), nodeId, version);
      const path = request.params['*'];
      if (cacheable(request, reply, [target], `raw\0${path}`)) return reply;
      const file = await openVersionFile(app.ctx, target, path);
      const base = file.path.slice(file.path.lastIndexOf('/') + 1);
      reply.header('content-type', file.imageType ?? 'application/octet-stream');
      reply.header('content-length', file.size);
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      reply.header(
        'content-disposition',
        `${file.imageType ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(base)}`,
      );
      return sendBody(reply, file.body);
    },
  );

  app.get(
    '/nodes/:nodeId/compare/:range',
    {
      schema: {
        operationId: 'compareNodeVersions',
        tags: ['code'],
        summary: 'What changed between two versions: files added, removed and modified, with their diffs',
        description: `Unchanged files are recognised from the archives' directories and never inflated. Each side of a file is diffed up to 512 KiB, and one answer inflates at most 32 MiB; files past that are listed with \`diff: "omitted"\` and can be asked for one at a time with \`path\`. Both versions must be readable: ${accessNote}`,
        params: CompareParams,
        querystring: CompareQuery,
        response: { 200: VersionComparison, ...notModified, ...readErrors },
      },
    },
    async function compareNodeVersions(request, reply) {
      const { nodeId, range } = request.params;
      const { from, to } = parseRange(range);
      const viewer = await optionalViewer(request);
      const before = await readableVersion(app.ctx, viewer, nodeId, from);
      const after = await readableVersion(app.ctx, viewer, nodeId, to);
      const only = request.query.path;
      if (cacheable(request, reply, [before, after], `compare\0${only ?? ''}`)) return reply;
      return compareVersions(app.ctx, before, after, only);
    },
  );
};

export default codeRoutes;
