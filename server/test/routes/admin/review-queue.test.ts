import { describe, expect, it } from 'vitest';
import { AWAITING_REVIEW_REASON } from '../../../src/modules/catalogue/withheld.js';
import { outboxOf } from '../../auth/support/accounts.js';
import { readOutbox } from '../../auth/support/outbox.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { publisherWorld, ROLES, type Role } from '../publishers/world.js';

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

/** acme's world with the pack `hello` and its Flagged version 1.0.0, plus helpers for its thread. */
async function heldWorld() {
  const t = await buildTestApp();
  const w = await publisherWorld(t);
  await t.factories.node({ id: 'hello', name: 'Hello Pack', publisher_id: 'acme' });
  const version = await t.factories.version({
    node_id: 'hello',
    version: '1.0.0',
    status: 'NodeVersionStatusFlagged',
    status_reason: JSON.stringify([
      {
        issue_type: 'obfuscated_code_execution',
        file_path: 'x.py',
        line_number: 1,
        code_snippet: 'exec(b64decode(p))',
        message: 'm',
        scanner: 'python-ast',
      },
    ]),
  });
  const publisherUrl = `/publishers/acme/nodes/hello/versions/${version.id}/appeal`;
  const adminUrl = '/admin/nodes/hello/versions/1.0.0/appeal';
  const mails = async (to: string) => (await readOutbox(outboxOf(t))).filter((m) => m.to === to).map((m) => m.subject);
  return { t, w, version, publisherUrl, adminUrl, mails };
}

describe('appeals of held versions', () => {
  it('only the publisher’s members and admins read and write the thread; bad input is 400 and writes nothing', async () => {
    const { t, w, version, publisherUrl, adminUrl } = await heldWorld();
    const expected: Record<Role, number> = {
      anonymous: 401,
      other: 403,
      member: 200,
      owner: 200,
      admin: 200,
      banned: 200,
    };
    for (const role of ROLES) {
      expect((await w.client[role].get(publisherUrl)).statusCode, role).toBe(expected[role]);
    }
    const writeExpected: Record<Role, number> = { ...expected, banned: 403 };
    for (const role of ['anonymous', 'other', 'banned'] as const) {
      expect((await w.client[role].post(publisherUrl, { body: 'Please look again' })).statusCode, role).toBe(
        writeExpected[role],
      );
    }
    // The admins' side is for admins only: a member of the publisher is refused there.
    expect((await w.client.member.get(adminUrl)).statusCode).toBe(403);
    expect((await w.client.member.post(adminUrl, { body: 'I am an admin' })).statusCode).toBe(403);
    expect((await t.anon.post(adminUrl, { body: 'x' })).statusCode).toBe(401);
    // A version that is not this publisher's pack's, or that does not exist: 404.
    await t.factories.publisher({ id: 'other-pub' });
    await t.factories.node({ id: 'elsewhere', publisher_id: 'other-pub' });
    expect((await w.client.member.get(publisherUrl.replace('/hello/', '/elsewhere/'))).statusCode).toBe(404);
    expect(
      (await w.client.member.get(publisherUrl.replace(version.id, '00000000-0000-4000-8000-000000000000'))).statusCode,
    ).toBe(404);
    expect((await w.client.admin.get('/admin/nodes/hello/versions/9.9.9/appeal')).statusCode).toBe(404);
    for (const body of [{}, { body: '' }, { body: '  \n ' }, { body: 'x'.repeat(4001) }, { body: { text: 'x' } }]) {
      const answer = await w.client.member.post(publisherUrl, body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(answer.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
      expect((await w.client.admin.post(adminUrl, body)).statusCode).toBe(400);
    }
    expect(await t.ctx.db.selectFrom('appeal_messages').selectAll().execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('audit_log').selectAll().execute()).toEqual([]);
    // Each message mails every administrator: twenty a day per account, then 429 until the oldest is a day old.
    const recent = new Date(Date.now() - 3_600_000).toISOString();
    await t.ctx.db
      .insertInto('appeal_messages')
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          id: `spent-${i}`,
          node_version_id: version.id,
          author_id: w.users.owner.id,
          author_role: 'publisher' as const,
          kind: 'message' as const,
          body: 'again',
          created_at: recent,
        })),
      )
      .execute();
    const limited = await w.client.owner.post(publisherUrl, { body: 'One more time' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'appeal.message_limit', params: { limit: 20 } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(22 * 3600);
    expect((await w.client.member.post(publisherUrl, { body: 'From another member' })).statusCode).toBe(201);
  });

  it('keeps the publisher’s message, the admin’s answer and the decision in one thread, mailed and audited', async () => {
    const { t, w, version, publisherUrl, adminUrl, mails } = await heldWorld();
    const posted = await w.client.member.post(publisherUrl, { body: '  The exec decodes our own shader table.\n' });
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({
      kind: 'message',
      author: { role: 'publisher', name: 'Mia Member', email: w.users.member.email },
      body: 'The exec decodes our own shader table.',
    });
    expect(await mails(w.users.admin.email)).toEqual(['Appeal for Hello Pack 1.0.0']);

    const reply = await w.client.admin.post(adminUrl, { body: 'Please ship the table as a file instead.' });
    expect(reply.statusCode).toBe(201);
    for (const member of [w.users.owner, w.users.member, w.member2]) {
      expect(await mails(member.email), member.email).toEqual(['Reply about Hello Pack 1.0.0']);
    }
    expect(await mails(w.users.banned.email)).toEqual([]);

    const decided = await w.client.admin.post('/admin/versions/review', {
      items: [{ node_id: 'hello', version: '1.0.0' }],
      action: 'approve',
      reason: 'Table checked by hand',
    });
    expect(decided.json().results[0].status).toBe('ok');
    expect(await mails(w.users.member.email)).toEqual([
      'Reply about Hello Pack 1.0.0',
      'Hello Pack 1.0.0 was approved',
    ]);
    const decisionMail = (await readOutbox(outboxOf(t))).find((m) => m.subject === 'Hello Pack 1.0.0 was approved');
    expect(decisionMail?.text).toContain('> Table checked by hand');

    const adminView = (await w.client.admin.get(adminUrl)).json();
    expect(adminView).toMatchObject({
      node_id: 'hello',
      version: '1.0.0',
      status: 'NodeVersionStatusActive',
      open: false,
    });
    expect(
      adminView.messages.map(
        (m: { kind: string; author: { role: string; email: string | null }; decision: string; body: string }) => [
          m.kind,
          m.author.role,
          m.author.email,
          m.decision,
          m.body,
        ],
      ),
    ).toEqual([
      ['message', 'publisher', w.users.member.email, '', 'The exec decodes our own shader table.'],
      ['message', 'admin', w.users.admin.email, '', 'Please ship the table as a file instead.'],
      ['decision', 'admin', w.users.admin.email, 'approve', 'Table checked by hand'],
    ]);
    // The publisher reads who decided by name; administrators' addresses stay private.
    const publisherView = (await w.client.owner.get(publisherUrl)).json();
    expect(publisherView.messages[2]).toMatchObject({
      kind: 'decision',
      decision: 'approve',
      author: { role: 'admin', name: 'Ada Admin', email: null },
      created_at: expect.any(String),
    });
    // A decided version's thread is closed to both sides.
    const closed = await w.client.member.post(publisherUrl, { body: 'Thanks!' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'appeal.closed' });
    expect((await w.client.admin.post(adminUrl, { body: 'You are welcome' })).statusCode).toBe(409);

    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'target_id'])
      .orderBy('created_at')
      .orderBy('action')
      .execute();
    expect(audit).toEqual([
      { action: 'node_version.appeal.message', actor_user_id: w.users.member.id, target_id: version.id },
      { action: 'node_version.appeal.reply', actor_user_id: w.users.admin.id, target_id: version.id },
      { action: 'node_version.update', actor_user_id: w.users.admin.id, target_id: version.id },
    ]);
  });

  it('the dashboard counts held versions and the median time from hold to decision over 30 days', async () => {
    const t = await buildTestApp();
    const admin = await t.factories.admin();
    await t.factories.publisher({ id: 'acme' });
    await t.factories.node({ id: 'hello', publisher_id: 'acme' });
    const now = Date.now();
    const hoursAgo = (h: number) => new Date(now - h * 3_600_000).toISOString();
    const history = (
      versionId: string,
      rows: [from: string | null, to: string, reason: string, at: string, actor?: string][],
    ) =>
      t.ctx.db
        .insertInto('node_version_status_history')
        .values(
          rows.map(([from, to, reason, at, actor], i) => ({
            id: `${versionId}-h${i}`,
            node_version_id: versionId,
            from_status: from as 'NodeVersionStatusPending' | null,
            from_reason: from === null ? null : (rows[i - 1]?.[2] ?? ''),
            to_status: to as 'NodeVersionStatusPending',
            to_reason: reason,
            actor_user_id: actor ?? null,
            created_at: at,
          })),
        )
        .execute();
    const version = async (v: string, status: string, reason = '') =>
      (
        await t.factories.version({
          node_id: 'hello',
          version: v,
          status: status as 'NodeVersionStatusPending',
          status_reason: reason,
        })
      ).id;
    const P = 'NodeVersionStatusPending';
    const F = 'NodeVersionStatusFlagged';
    const A = 'NodeVersionStatusActive';
    const B = 'NodeVersionStatusBanned';
    // Held 1 h (processing time before the flag does not count), then approved.
    const one = await version('1.0.0', A);
    await history(one, [
      [null, P, '', hoursAgo(12)],
      [P, F, '[]', hoursAgo(11)],
      [F, A, 'ok', hoursAgo(10), admin.id],
    ]);
    // Held 3 h waiting for review after passing the checks, then rejected.
    const two = await version('2.0.0', B);
    await history(two, [
      [null, P, '', hoursAgo(8)],
      [P, P, AWAITING_REVIEW_REASON, hoursAgo(7)],
      [P, B, 'no', hoursAgo(4), admin.id],
    ]);
    // Held 6 h and approved 40 days ago: outside the window.
    const old = await version('3.0.0', A);
    await history(old, [
      [null, F, '[]', hoursAgo(40 * 24 + 6)],
      [F, A, 'ok', hoursAgo(40 * 24), admin.id],
    ]);
    // Waiting now: one Flagged, one held Pending; a Pending still being processed is not held.
    await version('4.0.0', F, '[]');
    await version('5.0.0', P, AWAITING_REVIEW_REASON);
    await version('6.0.0', P, '');
    const stats = (await (await t.as(admin)).get('/admin/stats')).json();
    expect(stats).toMatchObject({
      held_versions: 2,
      decision_window_days: 30,
      decisions_in_window: 2,
      median_decision_seconds: 2 * 3600,
    });
  });
});
