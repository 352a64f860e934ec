import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { EVIL_FINDING, publishFlagged } from './story.js';

describe('the moderation story over HTTP', () => {
  it('flagged → queue → approve → install → ban → 403 and hidden → unban and undo → audit log', async () => {
    const t = await buildTestApp();
    const { versionId } = await publishFlagged(t);
    const adminUser = await t.factories.admin({ email: 'mod@example.test' });
    const admin = await t.as(adminUser);

    // 1. The flagged version waits in the queue with its findings and its pack's details.
    const queue = await admin.get('/admin/review-queue');
    expect(queue.statusCode).toBe(200);
    expect(queue.json()).toEqual({
      total: 1,
      page: 1,
      pageSize: 10,
      totalPages: 1,
      versions: [
        expect.objectContaining({
          id: versionId,
          node_id: 'hello',
          version: '1.0.0',
          status: 'NodeVersionStatusFlagged',
          status_reason: JSON.stringify([EVIL_FINDING]),
          node_name: 'Hello',
          node_repository: 'https://github.com/acme/hello',
          publisher_id: 'acme',
          findings: [{ ...EVIL_FINDING, previously_approved: false }],
          previously_approved: false,
        }),
      ],
    });
    expect((await t.anon.get('/nodes/hello/install')).statusCode).not.toBe(200);

    // 2. An admin approves it: Active, installable, with its history.
    const approved = await admin.post('/admin/versions/review', {
      items: [
        { node_id: 'hello', version: '1.0.0' },
        { node_id: 'nope', version: '1.0.0' },
      ],
      action: 'approve',
      reason: 'false positive',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({
      results: [
        {
          node_id: 'hello',
          version: '1.0.0',
          status: 'ok',
          node_version: expect.objectContaining({ status: 'NodeVersionStatusActive', status_reason: 'false positive' }),
        },
        { node_id: 'nope', version: '1.0.0', status: 'not_found', message: 'Node not found' },
      ],
    });
    const install = await t.anon.get('/nodes/hello/install');
    expect(install.statusCode).toBe(200);
    expect(install.json()).toMatchObject({ id: versionId, status: 'NodeVersionStatusActive' });
    expect((await admin.get('/admin/review-queue')).json().total).toBe(0);

    // 3. The pack is banned: install answers 403, search hides it.
    const ban = await admin.post('/publishers/acme/nodes/hello/ban', { reason: 'malware' });
    expect(ban.statusCode).toBe(204);
    expect((await t.anon.get('/nodes/hello/install')).json()).toEqual({ message: 'Node Banned', error: '' });
    expect((await t.anon.get('/nodes/hello/install')).statusCode).toBe(403);
    expect((await t.anon.get('/nodes/hello')).statusCode).toBe(403);
    expect((await t.anon.get('/nodes/search?search=hello')).json().nodes).toEqual([]);

    // 4. Unban and undo: back as before the ban, then back to Flagged as before the approval.
    expect((await admin.post('/publishers/acme/nodes/hello/unban', {})).statusCode).toBe(204);
    expect((await t.anon.get('/nodes/hello/install')).statusCode).toBe(200);
    expect((await t.anon.get('/nodes/search?search=hello')).json().nodes).toEqual([
      expect.objectContaining({ id: 'hello', status: 'NodeStatusActive' }),
    ]);
    const undo = await admin.post('/admin/nodes/hello/versions/1.0.0/undo');
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toMatchObject({
      status: 'NodeVersionStatusFlagged',
      status_reason: JSON.stringify([EVIL_FINDING]),
    });
    const history = await admin.get('/admin/nodes/hello/versions/1.0.0/history');
    expect(history.json().map((h: { to_status: string }) => h.to_status)).toEqual([
      'NodeVersionStatusPending',
      'NodeVersionStatusFlagged',
      'NodeVersionStatusActive',
      'NodeVersionStatusFlagged',
    ]);
    // Only the pipeline's change is left before the undone approval: Pending with an empty reason.
    expect((await admin.post('/admin/nodes/hello/versions/1.0.0/undo')).json()).toMatchObject({
      status: 'NodeVersionStatusPending',
      status_reason: '',
    });
    expect((await admin.post('/admin/nodes/hello/versions/1.0.0/undo')).statusCode).toBe(409);

    // 5. Every step is in the audit log, newest first, by this admin.
    const log = await admin.get('/admin/audit');
    expect(log.statusCode).toBe(200);
    expect(log.json().entries.map((e: { action: string }) => e.action)).toEqual([
      'node_version.undo',
      'node_version.undo',
      'node.unban',
      'node.ban',
      'node_version.update',
    ]);
    // A version is named as people know it, not by its UUID.
    expect(log.json().entries[4]).toMatchObject({
      target_type: 'node_version',
      target_id: expect.not.stringMatching(/@/),
      target_label: 'hello@1.0.0',
    });
    expect(log.json().entries[3]).toEqual({
      id: expect.any(String),
      actor: { id: adminUser.id, email: 'mod@example.test' },
      action: 'node.ban',
      target_type: 'node',
      target_id: 'hello',
      target_label: 'hello',
      reason: 'malware',
      before: { id: 'hello', status: 'NodeStatusActive', status_detail: '' },
      after: { id: 'hello', status: 'NodeStatusBanned', status_detail: 'malware' },
      created_at: expect.any(String),
    });
  });
});
