import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';

/** Two packs with versions in every state the queue filters on, created oldest first. */
async function seed(t: TestApp) {
  await t.factories.publisher({ id: 'acme' });
  await t.factories.node({ id: 'alpha', name: 'Alpha Tools', publisher_id: 'acme' });
  await t.factories.node({ id: 'beta', name: 'Beta Nodes', publisher_id: 'acme' });
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
  await t.factories.version({
    node_id: 'beta',
    version: '1.0.0',
    status: 'NodeVersionStatusFlagged',
    status_reason:
      '[{"issue_type":"obfuscated_code_execution","file_path":"x.py","line_number":1,"code_snippet":"exec(1)","message":"m","scanner":"python-ast"}]',
    created_at: at(1),
  });
  await t.factories.version({
    node_id: 'alpha',
    version: '1.0.0',
    status: 'NodeVersionStatusPending',
    created_at: at(2),
  });
  await t.factories.version({
    node_id: 'alpha',
    version: '1.1.0',
    status: 'NodeVersionStatusBanned',
    status_reason: 'Rejected: crypto miner 100%_sure',
    created_at: at(3),
  });
  await t.factories.version({
    node_id: 'alpha',
    version: '1.2.0',
    status: 'NodeVersionStatusActive',
    created_at: at(4),
  });
}

const ids = (body: { versions: { node_id: string; version: string }[] }) =>
  body.versions.map((v) => `${v.node_id}@${v.version}`);

describe('GET /admin/review-queue filters on the server', () => {
  it('defaults to Pending and Flagged, oldest first; newest first on request', async () => {
    const t = await buildTestApp();
    await seed(t);
    const admin = await t.as(await t.factories.admin());
    const queue = await admin.get('/admin/review-queue');
    expect(queue.statusCode).toBe(200);
    expect(ids(queue.json())).toEqual(['beta@1.0.0', 'alpha@1.0.0']);
    expect(queue.json()).toMatchObject({ total: 2, page: 1, pageSize: 10, totalPages: 1 });
    expect(ids((await admin.get('/admin/review-queue?sort=newest')).json())).toEqual(['alpha@1.0.0', 'beta@1.0.0']);
  });

  it('by status (repeated), by pack id in any case, and by reason or pack text', async () => {
    const t = await buildTestApp();
    await seed(t);
    const admin = await t.as(await t.factories.admin());
    const get = async (query: string) => ids((await admin.get(`/admin/review-queue?${query}`)).json());
    expect(await get('statuses=NodeVersionStatusBanned')).toEqual(['alpha@1.1.0']);
    expect(await get('statuses=NodeVersionStatusActive&statuses=NodeVersionStatusBanned')).toEqual([
      'alpha@1.1.0',
      'alpha@1.2.0',
    ]);
    expect(await get('nodeId=ALPHA')).toEqual(['alpha@1.0.0']);
    expect(await get('nodeId=gamma')).toEqual([]);
    // Reason text, case-insensitive; LIKE wildcards in the text are literal.
    expect(await get('statuses=NodeVersionStatusBanned&q=CRYPTO')).toEqual(['alpha@1.1.0']);
    expect(await get('statuses=NodeVersionStatusBanned&q=100%25_sure')).toEqual(['alpha@1.1.0']);
    expect(await get('statuses=NodeVersionStatusBanned&q=10_%25')).toEqual([]);
    expect(await get('q=obfuscated')).toEqual(['beta@1.0.0']);
    // Pack name and id match too.
    expect(await get('q=beta%20nodes')).toEqual(['beta@1.0.0']);
    expect(await get('q=alpha')).toEqual(['alpha@1.0.0']);
  });

  it('pages', async () => {
    const t = await buildTestApp();
    await seed(t);
    const admin = await t.as(await t.factories.admin());
    const second = (await admin.get('/admin/review-queue?pageSize=1&page=2')).json();
    expect(ids(second)).toEqual(['alpha@1.0.0']);
    expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1, totalPages: 2 });
  });

  it('answers bad filters with 400 {message, error}', async () => {
    const t = await buildTestApp();
    const admin = await t.as(await t.factories.admin());
    for (const query of [
      'statuses=Nope',
      'pageSize=abc',
      'pageSize=Infinity',
      'page=1.5',
      'sort=sideways',
      `q=${'x'.repeat(201)}`,
    ]) {
      const answer = await admin.get(`/admin/review-queue?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json(), query).toEqual(
        expect.objectContaining({ message: expect.any(String), error: expect.any(String) }),
      );
    }
  });

  it('marks findings an admin approved in an earlier, now Active version of the same pack', async () => {
    const t = await buildTestApp();
    await t.factories.publisher({ id: 'acme' });
    await t.factories.node({ id: 'hello', publisher_id: 'acme' });
    const finding = (file_path: string, code_snippet: string) => ({
      issue_type: 'obfuscated_code_execution',
      file_path,
      line_number: 2,
      code_snippet,
      message: 'm',
      scanner: 'python-ast',
    });
    const old = finding('evil.py', 'exec(a)');
    const earlier = await t.factories.version({
      node_id: 'hello',
      version: '1.0.0',
      status: 'NodeVersionStatusActive',
      created_at: '2026-01-01T00:00:00.000Z',
    });
    await t.ctx.db
      .insertInto('node_version_status_history')
      .values({
        id: 'h1',
        node_version_id: earlier.id,
        from_status: 'NodeVersionStatusPending',
        from_reason: '',
        to_status: 'NodeVersionStatusFlagged',
        to_reason: JSON.stringify([old]),
        actor_user_id: null,
        created_at: '2026-01-01T00:01:00.000Z',
      })
      .execute();
    const fresh = finding('new.py', 'exec(b)');
    await t.factories.version({
      node_id: 'hello',
      version: '1.1.0',
      status: 'NodeVersionStatusFlagged',
      status_reason: JSON.stringify([old, fresh]),
      created_at: '2026-01-02T00:00:00.000Z',
    });
    const admin = await t.as(await t.factories.admin());
    const [item] = (await admin.get('/admin/review-queue')).json().versions;
    expect(item.findings).toEqual([
      { ...old, previously_approved: true },
      { ...fresh, previously_approved: false },
    ]);
    expect(item.previously_approved).toBe(false);
  });

  it('shows a reason written by hand or by another registry in the finding shape, leaving out what does not fit', async () => {
    const t = await buildTestApp();
    await t.factories.publisher({ id: 'acme' });
    await t.factories.node({ id: 'hello', publisher_id: 'acme' });
    const finding = {
      issue_type: 'obfuscated_code_execution',
      file_path: 'evil.py',
      line_number: 2,
      code_snippet: 'exec(a)',
      message: 'm',
      scanner: 'python-ast',
    };
    await t.factories.version({
      node_id: 'hello',
      version: '1.0.0',
      status: 'NodeVersionStatusFlagged',
      // A severity this registry does not know, an entry without most fields and one that is no object.
      status_reason: JSON.stringify([
        { ...finding, severity: 'critical' },
        { ...finding, severity: 'high' },
        { issue_type: 'note' },
        'text',
      ]),
    });
    const admin = await t.as(await t.factories.admin());
    const queue = await admin.get('/admin/review-queue');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().versions[0].findings).toEqual([
      { ...finding, previously_approved: false },
      { ...finding, severity: 'high', previously_approved: false },
    ]);
  });

  it('lists the findings that only label beside those that hold, and says why no node class was read', async () => {
    const t = await buildTestApp();
    await t.factories.publisher({ id: 'acme' });
    await t.factories.node({ id: 'hello', publisher_id: 'acme' });
    const hold = {
      issue_type: 'obfuscated_code_execution',
      file_path: '__init__.py',
      line_number: 3,
      code_snippet: 'exec(b64decode(x))',
      message: 'm',
      scanner: 'python-ast',
      severity: 'high',
      grade: 'hold',
      context: 'import',
    };
    const label = {
      ...hold,
      issue_type: 'process_at_runtime',
      line_number: 7,
      code_snippet: 'subprocess.run(["git"])',
      severity: 'low',
      grade: 'label',
      label: 'starts_processes',
      context: 'runtime',
    };
    const reason = 'found no node definitions: the root __init__.py exports no NODE_CLASS_MAPPINGS';
    await t.factories.version({
      node_id: 'hello',
      version: '1.0.0',
      status: 'NodeVersionStatusFlagged',
      status_reason: JSON.stringify([hold]),
      scan_findings: JSON.stringify([hold, label]),
      scan_labels: JSON.stringify(['starts_processes']),
      comfy_node_extract_status: 'success',
      comfy_node_extract_reason: reason,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    const listed = await t.factories.version({
      node_id: 'hello',
      version: '1.1.0',
      status: 'NodeVersionStatusPending',
      comfy_node_extract_status: 'success',
      comfy_node_extract_reason: 'found 1 node definition(s)',
      created_at: '2026-01-02T00:00:00.000Z',
    });
    await t.ctx.db
      .insertInto('comfy_nodes')
      .values({
        id: 'c1',
        node_id: 'hello',
        node_version_id: listed.id,
        source: 'archive',
        name: 'Hello',
        output_is_list: '[]',
      })
      .execute();
    const admin = await t.as(await t.factories.admin());
    const [held, pending] = (await admin.get('/admin/review-queue')).json().versions;
    expect(held).toMatchObject({ labels: ['starts_processes'], comfy_nodes: 0, comfy_node_extract_reason: reason });
    expect(held.findings).toEqual([
      { ...hold, previously_approved: false },
      { ...label, previously_approved: false },
    ]);
    expect(pending).toMatchObject({ comfy_nodes: 1, findings: [] });
  });
});
