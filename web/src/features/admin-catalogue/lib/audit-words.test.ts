import { readableChanges } from './audit-words';
import { diffJson } from './diff';

describe('readableChanges', () => {
  it('names fields and says statuses, flags, lists and the unclaimed publisher in words', () => {
    const rows = readableChanges(
      diffJson(
        {
          status: 'NodeVersionStatusFlagged',
          isAdmin: false,
          tags: '["a"]',
          publisher_id: 'admin-11338bd3-f081-43cf-b3f9-295c829826f7',
          status_reason: '',
        },
        {
          status: 'NodeVersionStatusActive',
          isAdmin: true,
          tags: '["a","b"]',
          publisher_id: 'acme',
          status_reason: 'ok',
          history_id: 'h1',
        },
      ),
    );
    expect(rows).toEqual([
      {
        path: 'isAdmin',
        field: { key: 'audit.fields.isAdmin' },
        before: { key: 'audit.values.no' },
        after: { key: 'audit.values.yes' },
      },
      {
        path: 'publisher_id',
        field: { key: 'audit.fields.publisher_id' },
        before: { key: 'node.unclaimed' },
        after: { text: 'acme' },
      },
      {
        path: 'status',
        field: { key: 'audit.fields.status' },
        before: { key: 'versionStatus.NodeVersionStatusFlagged' },
        after: { key: 'versionStatus.NodeVersionStatusActive' },
      },
      {
        path: 'status_reason',
        field: { key: 'audit.fields.status_reason' },
        before: { key: 'audit.values.empty' },
        after: { text: 'ok' },
      },
      { path: 'tags', field: { key: 'audit.fields.tags' }, before: { text: 'a' }, after: { text: 'a, b' } },
    ]);
  });

  it('counts the scanner findings a Flagged reason holds instead of showing their JSON', () => {
    const findings = JSON.stringify([{ issue_type: 'native_binary', file_path: 'a.so' }]);
    expect(readableChanges(diffJson({ status_reason: findings }, { status_reason: 'ok' }))).toEqual([
      {
        path: 'status_reason',
        field: { key: 'audit.fields.status_reason' },
        before: { key: 'common:reasons.findings', params: { count: '1' } },
        after: { text: 'ok' },
      },
    ]);
  });

  it('names packs a publisher ban saved by their ids, and unknown fields in plain words', () => {
    const rows = readableChanges(
      diffJson({ nodes: [{ id: 'p1', status: 'NodeStatusActive' }], some_new_field: 1 }, { nodes: ['p1', 'p2'] }),
    );
    expect(rows).toEqual([
      { path: 'nodes', field: { key: 'audit.fields.nodes' }, before: { text: 'p1' }, after: { text: 'p1, p2' } },
      { path: 'some_new_field', field: { text: 'some new field' }, before: { text: '1' }, after: null },
    ]);
  });
});
