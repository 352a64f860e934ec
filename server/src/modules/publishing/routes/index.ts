import type { FastifyPluginAsync } from 'fastify';
import browserPublishRoute from './browser-publish.js';
import processingStatusRoute from './processing-status.js';
import publishVersionRoute from './publish-version.js';
import uploadArchiveRoute from './upload-archive.js';

/**
 * Publishing: the comfy-cli pair (publish with a token, then PUT the zip to the signed URL), the
 * web app's direct upload, and the processing status both can follow.
 */
const publishingRoutes: FastifyPluginAsync = async (app) => {
  await app.register(publishVersionRoute);
  await app.register(processingStatusRoute);
  // Archive bodies: every content type reaches the handler as the raw request stream (nothing is
  // buffered or parsed), and the handlers refuse anything but application/zip with a clear 415.
  // Scoped to this child plugin, so JSON parsing elsewhere is untouched.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    await raw.register(uploadArchiveRoute);
    await raw.register(browserPublishRoute);
  });
};

export default publishingRoutes;
