import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ManagerInputs } from '../../src/modules/catalogue-import/manager-files.js';

/** The real ComfyUI-Manager files, read in place from the shared data folder beside the repository. */
export const managerDataDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../shared/data/comfyui-manager',
);

export const managerFiles = {
  nodes: path.join(managerDataDir, 'custom-node-list.json'),
  nodeMap: path.join(managerDataDir, 'extension-node-map.json'),
  stats: path.join(managerDataDir, 'github-stats.json'),
};

let cached: ManagerInputs | undefined;

/** The three files parsed (once per test file); callers must not mutate the result. */
export function managerInputs(): ManagerInputs {
  cached ??= {
    nodes: JSON.parse(readFileSync(managerFiles.nodes, 'utf8')) as unknown,
    nodeMap: JSON.parse(readFileSync(managerFiles.nodeMap, 'utf8')) as unknown,
    stats: JSON.parse(readFileSync(managerFiles.stats, 'utf8')) as unknown,
  };
  return cached;
}
