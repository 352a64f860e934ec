import { describe, expect, it } from 'vitest';
import { buildTestApp } from './../helpers/app.js';

describe('the API reference page', () => {
  it('serves the interactive reference and its assets at /docs', async () => {
    const t = await buildTestApp();
    const page = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const script = /src="\.\/(static\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const asset = await t.app.inject({ method: 'GET', url: `/docs/${script}` });
    expect(asset.statusCode).toBe(200);
    expect(asset.body.length).toBeGreaterThan(1000);
  });
});
