import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { archiveUrl, nodeJson, versionJson } from '../../helpers/catalogue-json.js';
import { ids, seedSearchPacks } from './seed.js';

describe('GET /nodes/search', () => {
  it('answers the /nodes envelope with publisher, latest version and why each pack matched', async () => {
    const t = await buildTestApp();
    const [impact] = await seedSearchPacks(t, [
      {
        id: 'comfyui-impact-pack',
        node: { name: 'ComfyUI Impact Pack', description: 'Detailers and an impact on faces.', github_stars: 3000 },
        versions: [{ version: '1.2.0' }],
        classes: ['FaceDetailer', 'ImpactWildcardProcessor'],
      },
      { id: 'other-pack', node: { name: 'Other Pack', description: 'Nothing to see.' } },
    ]);
    const publisher = impact?.publisher;

    const res = await t.anon.get('/nodes/search?search=impact');

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 1,
      page: 1,
      limit: 10,
      totalPages: 1,
      nodes: [
        nodeJson({
          id: 'comfyui-impact-pack',
          name: 'ComfyUI Impact Pack',
          description: 'Detailers and an impact on faces.',
          github_stars: 3000,
          publisher: { id: publisher?.id, name: publisher?.name },
          latest_version: versionJson({
            node_id: 'comfyui-impact-pack',
            version: '1.2.0',
            status_reason: '',
            downloadUrl: archiveUrl(publisher?.id ?? '', 'comfyui-impact-pack', '1.2.0'),
          }),
          search_match: {
            name: [{ start: 8, end: 14 }],
            description: [{ start: 17, end: 23 }],
            comfy_nodes: [{ name: 'ImpactWildcardProcessor', ranges: [{ start: 0, end: 6 }] }],
            comfy_nodes_matched: 1,
            comfy_nodes_total: 2,
          },
        }),
      ],
    });
    expect(ids((await t.anon.get('/nodes/search?search=other')).json())).toEqual(['other-pack']);
  });
});
