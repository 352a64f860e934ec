import type { FastifyPluginAsync } from 'fastify';
import getNodeRoute from './get-node.js';
import installNodeRoute from './install-node.js';
import listNodesRoute from './list-nodes.js';
import nodeDownloadsRoute from './node-downloads.js';

/** The public pack reads: catalogue pages, one pack, install resolution and the downloads chart. */
const nodesRoutes: FastifyPluginAsync = async (app) => {
  await app.register(listNodesRoute);
  await app.register(getNodeRoute);
  await app.register(installNodeRoute);
  await app.register(nodeDownloadsRoute);
};

export default nodesRoutes;
