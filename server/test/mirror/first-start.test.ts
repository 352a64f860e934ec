import { describe, expect, it } from 'vitest';
import { catalogueIsEmpty, emptyCatalogueMessage } from '../../src/modules/mirror/first-start.js';
import { buildTestApp } from '../helpers/app.js';
import { seedPack } from '../helpers/catalogue.js';

describe('first start', () => {
  it('tells an empty catalogue apart and names the three exact commands that fill it', async () => {
    const t = await buildTestApp();
    expect(await catalogueIsEmpty(t.ctx.db)).toBe(true);
    expect(emptyCatalogueMessage().split('\n')).toEqual([
      'The catalogue is empty. Fill it in one of three ways:',
      '  mirror the public registry:   UPSTREAM_URL=https://api.comfy.org npm start',
      '  import the ComfyUI-Manager list (files from the ComfyUI-Manager repository): npm run registry -- import-manager-list --nodes custom-node-list.json --node-map extension-node-map.json',
      '  seed demo data:               npm run registry -- seed-demo --packs 200',
    ]);
    await seedPack(t, { id: 'one' });
    expect(await catalogueIsEmpty(t.ctx.db)).toBe(false);
  });
});
