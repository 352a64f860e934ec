import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { seedPack } from '../../helpers/catalogue.js';
import { archiveUrl, versionJson } from '../../helpers/catalogue-json.js';

type VersionsPage = { versions: { node_id: string; version: string }[] };
const keys = (body: unknown) => (body as VersionsPage).versions.map((v) => `${v.node_id}@${v.version}`);

async function seeded(t: TestApp) {
  const publisher = await t.factories.publisher({ id: 'acme' });
  await seedPack(t, {
    id: 'alpha',
    publisher,
    versions: [
      { version: '1.0.0', created_at: '2024-01-01T00:00:00.000Z' },
      {
        version: '1.1.0',
        status: 'NodeVersionStatusFlagged',
        status_reason: '{"issues":["Uses EVAL on input"]}',
        created_at: '2024-01-03T00:00:00.000Z',
      },
    ],
  });
  await seedPack(t, {
    id: 'Beta',
    publisher,
    versions: [
      { version: '2.0.0', status: 'NodeVersionStatusPending', created_at: '2024-01-02T00:00:00.000Z' },
      { version: '0.1.0', status: 'NodeVersionStatusDeleted', created_at: '2024-01-04T00:00:00.000Z' },
    ],
  });
}

describe('GET /versions', () => {
  it('pages every version, newest first, without deleted ones by default', async () => {
    const t = await buildTestApp();
    await seeded(t);

    const res = await t.anon.get('/versions?pageSize=2');

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 3,
      page: 1,
      pageSize: 2,
      totalPages: 2,
      versions: [
        versionJson({
          node_id: 'alpha',
          version: '1.1.0',
          status: 'NodeVersionStatusFlagged',
          // Always present in version lists, "" unless include_status_reason=true.
          status_reason: '',
          downloadUrl: archiveUrl('acme', 'alpha', '1.1.0'),
        }),
        versionJson({
          node_id: 'Beta',
          version: '2.0.0',
          status: 'NodeVersionStatusPending',
          status_reason: '',
          downloadUrl: archiveUrl('acme', 'Beta', '2.0.0'),
        }),
      ],
    });
    expect(keys((await t.anon.get('/versions?pageSize=2&page=2')).json())).toEqual(['alpha@1.0.0']);
  });

  it('serves review queues: statuses, oldest first, status_reason search, include_status_reason', async () => {
    const t = await buildTestApp();
    await seeded(t);

    const queue = await t.anon.get(
      '/versions?statuses=NodeVersionStatusPending&statuses=NodeVersionStatusFlagged&sort=oldest&include_status_reason=true',
    );
    expect(keys(queue.json())).toEqual(['Beta@2.0.0', 'alpha@1.1.0']);
    expect((queue.json() as { versions: { status_reason: string }[] }).versions.map((v) => v.status_reason)).toEqual([
      '',
      '{"issues":["Uses EVAL on input"]}',
    ]);
    expect(keys((await t.anon.get('/versions?status_reason=eval')).json())).toEqual(['alpha@1.1.0']);
    expect(keys((await t.anon.get('/versions?status_reason=%25')).json())).toEqual([]);
    expect(keys((await t.anon.get('/versions?statuses[]=NodeVersionStatusDeleted')).json())).toEqual(['Beta@0.1.0']);
    expect(keys((await t.anon.get('/versions?nodeId=beta')).json())).toEqual(['Beta@2.0.0']);
    expect((await t.anon.get('/versions?nodeId=nobody')).json()).toEqual({
      total: 0,
      versions: [],
      page: 1,
      pageSize: 10,
      totalPages: 0,
    });
  });

  it('clamps a pageSize above 100 and reads zero or negative page and pageSize as the defaults', async () => {
    const t = await buildTestApp();
    const page = (query: string) => t.anon.get(`/versions?${query}`).then((r) => r.json());
    expect(await page('pageSize=101')).toMatchObject({ page: 1, pageSize: 100 });
    expect(await page('pageSize=0&page=0')).toMatchObject({ page: 1, pageSize: 10 });
    expect(await page('pageSize=-3&page=-1')).toMatchObject({ page: 1, pageSize: 10 });
  });

  it.each([
    'pageSize=abc',
    'pageSize=Infinity',
    'page=abc',
    'page=1e309',
    'sort=sideways',
    'include_status_reason=maybe',
    `nodeId=${'x'.repeat(101)}`,
    `status_reason=${'x'.repeat(201)}`,
  ])('rejects %s with 400', async (query) => {
    const t = await buildTestApp();
    const res = await t.anon.get(`/versions?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String), error: expect.any(String) }));
  });
});
