import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { seedPack } from '../../helpers/catalogue.js';
import { archiveUrl, versionJson } from '../../helpers/catalogue-json.js';

describe('POST /bulk/nodes/versions', () => {
  it('answers each item on its own: success, not_found or error', async () => {
    const t = await buildTestApp();
    const publisher = await t.factories.publisher({ id: 'acme' });
    await seedPack(t, {
      id: 'Hello',
      publisher,
      versions: [
        { version: '1.0.0', status_reason: 'Passed automated checks' },
        { version: '1.1.0', status: 'NodeVersionStatusDeleted' },
      ],
    });
    await seedPack(t, { id: 'bad', publisher, node: { status: 'NodeStatusBanned' }, versions: [{ version: '1.0.0' }] });
    await seedPack(t, {
      id: 'gone',
      publisher,
      node: { status: 'NodeStatusDeleted' },
      versions: [{ version: '1.0.0' }],
    });

    const res = await t.anon.post('/bulk/nodes/versions', {
      node_versions: [
        { node_id: 'Hello', version: '1.0.0' },
        { node_id: 'hello', version: 'v1.1', extra: 'ignored' },
        { node_id: 'Hello', version: '2.0.0' },
        { node_id: 'nobody', version: '1.0.0' },
        { node_id: 'gone', version: '1.0.0' },
        { node_id: 'bad', version: '1.0.0' },
        { node_id: 'Hello', version: 'nightly' },
      ],
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      node_versions: [
        {
          identifier: { node_id: 'Hello', version: '1.0.0' },
          status: 'success',
          node_version: versionJson({
            node_id: 'Hello',
            version: '1.0.0',
            status_reason: 'Passed automated checks',
            downloadUrl: archiveUrl('acme', 'Hello', '1.0.0'),
          }),
        },
        {
          identifier: { node_id: 'hello', version: 'v1.1' },
          status: 'success',
          node_version: versionJson({
            node_id: 'Hello',
            version: '1.1.0',
            status: 'NodeVersionStatusDeleted',
            status_reason: '',
            downloadUrl: archiveUrl('acme', 'Hello', '1.1.0'),
          }),
        },
        {
          identifier: { node_id: 'Hello', version: '2.0.0' },
          status: 'not_found',
          error_message: 'Node version not found',
        },
        { identifier: { node_id: 'nobody', version: '1.0.0' }, status: 'not_found', error_message: 'Node not found' },
        { identifier: { node_id: 'gone', version: '1.0.0' }, status: 'not_found', error_message: 'Node not found' },
        { identifier: { node_id: 'bad', version: '1.0.0' }, status: 'error', error_message: 'Node Banned' },
        {
          identifier: { node_id: 'Hello', version: 'nightly' },
          status: 'error',
          error_message: 'Invalid version: nightly',
        },
      ],
    });
  });

  it('answers an empty list with an empty list', async () => {
    const t = await buildTestApp();
    const res = await t.anon.post('/bulk/nodes/versions', { node_versions: [] });
    expect(res.json()).toEqual({ node_versions: [] });
  });

  it.each([
    [
      'more than 100 items',
      { node_versions: Array.from({ length: 101 }, (_, i) => ({ node_id: `n${i}`, version: '1.0.0' })) },
    ],
    ['a missing list', {}],
    ['a list of the wrong type', { node_versions: 'all' }],
    ['an item without a version', { node_versions: [{ node_id: 'x' }] }],
    ['an object as node id', { node_versions: [{ node_id: { id: 'x' }, version: '1.0.0' }] }],
    ['an over-long node id', { node_versions: [{ node_id: 'x'.repeat(101), version: '1.0.0' }] }],
  ])('rejects %s with 400', async (_what, body) => {
    const t = await buildTestApp();
    const res = await t.anon.post('/bulk/nodes/versions', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String), error: expect.any(String) }));
  });

  it('rejects malformed JSON with 400 and an oversized body with 413', async () => {
    const t = await buildTestApp();
    const malformed = await t.anon.inject({
      method: 'POST',
      url: '/bulk/nodes/versions',
      headers: { 'content-type': 'application/json' },
      payload: '{"node_versions": [',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Request body is not valid JSON', error: expect.any(String) });

    const huge = await t.anon.inject({
      method: 'POST',
      url: '/bulk/nodes/versions',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ node_versions: [], padding: 'x'.repeat(200_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: 'Request body is too large', error: expect.any(String) });
  });
});
