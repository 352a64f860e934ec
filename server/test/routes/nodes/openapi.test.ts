import { describe, expect, it } from 'vitest';
import { nodeIdProblem } from '../../../src/modules/catalogue/node-id.js';
import { DESCRIPTION_MAX_LENGTH } from '../../../src/modules/catalogue/pack-columns.js';
import { buildTestApp } from '../../helpers/app.js';

type Operation = { operationId?: string; parameters?: { name: string; in: string }[] };

describe('the catalogue reads in the OpenAPI document', () => {
  it('lists every read with its operationId and documents the query parameters', async () => {
    const t = await buildTestApp();
    const doc = (await t.anon.get('/openapi')).json() as {
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, unknown> };
    };
    const ids = (path: string) => Object.values(doc.paths[path] ?? {}).map((op) => op.operationId);

    expect(ids('/nodes')).toContain('listAllNodes');
    expect(ids('/nodes/{nodeId}')).toContain('getNode');
    expect(ids('/nodes/{nodeId}/install')).toContain('installNode');
    expect(ids('/nodes/{nodeId}/downloads')).toContain('getNodeDownloads');
    expect(ids('/nodes/{nodeId}/versions')).toContain('listNodeVersions');
    expect(ids('/nodes/{nodeId}/versions/{version}')).toContain('getNodeVersion');
    expect(ids('/versions')).toContain('listAllNodeVersions');
    expect(ids('/comfy-nodes')).toContain('listComfyNodes');
    expect(ids('/comfy-nodes/{comfyNodeName}/node')).toContain('getNodeByComfyNodeName');
    expect(ids('/nodes/{nodeId}/versions/{version}/comfy-nodes')).toContain('listComfyNodesOfVersion');
    expect(ids('/nodes/{nodeId}/versions/{version}/comfy-nodes/{comfyNodeName}')).toContain('getComfyNode');
    expect(ids('/bulk/nodes/versions')).toContain('getBulkNodeVersions');
    expect(ids('/files/{*}')).toContain('downloadFile');

    const listParams = (doc.paths['/nodes']?.get?.parameters ?? []).map((p) => p.name);
    expect(listParams).toEqual(
      expect.arrayContaining([
        'page',
        'limit',
        'sort',
        'sort[]',
        'supported_os',
        'node_id',
        'timestamp',
        'include_banned',
      ]),
    );
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Node', 'NodeVersion', 'NodesPage', 'VersionsPage', 'ComfyNode', 'DailyDownloads']),
    );

    const all = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    const defined = all.filter((id): id is string => id !== undefined);
    expect(new Set(defined).size).toBe(defined.length);
  });
});

describe('the pack rules the document publishes for clients (x-pack-rules)', () => {
  it('accept and refuse the same ids and descriptions as the server', async () => {
    const t = await buildTestApp();
    const doc = (await t.anon.get('/openapi')).json() as {
      'x-pack-rules': { idPattern: string; idMaxLength: number; descriptionMaxLength: number };
    };
    const rules = doc['x-pack-rules'];
    const pattern = new RegExp(rules.idPattern);
    const published = (id: string) => id.length >= 1 && id.length <= rules.idMaxLength && pattern.test(id);
    const ids = [
      'comfyui-impact-pack',
      'a',
      'A.b_c-1',
      '-lead',
      'trail.',
      'two words',
      'ümlaut',
      '',
      'x'.repeat(100),
      'x'.repeat(101),
    ];
    for (const id of ids) expect(published(id), id).toBe(nodeIdProblem(id) === null);
    expect(rules.descriptionMaxLength).toBe(DESCRIPTION_MAX_LENGTH);
  });
});
