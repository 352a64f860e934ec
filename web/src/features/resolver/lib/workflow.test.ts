import { MAX_NODE_TYPES, parseWorkflow } from './workflow';

const ui = {
  last_node_id: 9,
  nodes: [
    { id: 1, type: 'CheckpointLoaderSimple' },
    { id: 2, type: 'KSampler (Efficient)' },
    { id: 3, type: 'CheckpointLoaderSimple' },
    { id: 4, type: 'a1b2c3d4-0000-4000-8000-000000000001' },
    { id: 5, type: 42 },
    { id: 6 },
  ],
  links: [],
  definitions: {
    subgraphs: [
      {
        id: 'a1b2c3d4-0000-4000-8000-000000000001',
        nodes: [
          { id: 1, type: 'FaceDetailer' },
          { id: 2, type: 'KSampler (Efficient)' },
        ],
      },
    ],
  },
};

describe('parseWorkflow', () => {
  it('reads the UI format, subgraph nodes included and subgraph instances left out', () => {
    expect(parseWorkflow(JSON.stringify(ui))).toEqual({
      ok: true,
      format: 'ui',
      types: [
        { type: 'CheckpointLoaderSimple', count: 2 },
        { type: 'KSampler (Efficient)', count: 2 },
        { type: 'FaceDetailer', count: 1 },
      ],
    });
  });

  it('reads the API format, bare or under "prompt"', () => {
    const api = {
      '3': { class_type: 'KSampler', inputs: { seed: 1 } },
      '4': { class_type: 'CheckpointLoaderSimple', inputs: {} },
      '9': { class_type: 'SAMLoader', inputs: {}, _meta: { title: 'SAM' } },
      '10': { class_type: 'KSampler', inputs: {} },
    };
    const expected = {
      ok: true,
      format: 'api',
      types: [
        { type: 'KSampler', count: 2 },
        { type: 'CheckpointLoaderSimple', count: 1 },
        { type: 'SAMLoader', count: 1 },
      ],
    };
    expect(parseWorkflow(JSON.stringify(api))).toEqual(expected);
    expect(parseWorkflow(JSON.stringify({ prompt: api, client_id: 'x' }))).toEqual(expected);
  });

  it('tells broken JSON from JSON that is not a workflow', () => {
    expect(parseWorkflow('')).toEqual({ ok: false, reason: 'empty' });
    expect(parseWorkflow('{"nodes": [')).toEqual({ ok: false, reason: 'json' });
    expect(parseWorkflow('[1, 2, 3]')).toEqual({ ok: false, reason: 'not-workflow' });
    expect(parseWorkflow('"KSampler"')).toEqual({ ok: false, reason: 'not-workflow' });
    expect(parseWorkflow('{"name": "my-package", "version": "1.0.0"}')).toEqual({ ok: false, reason: 'not-workflow' });
    expect(parseWorkflow('{"nodes": []}')).toEqual({ ok: false, reason: 'not-workflow' });
  });

  it('refuses more distinct node types than one resolution allows, and skips over-long names', () => {
    const many = { nodes: Array.from({ length: MAX_NODE_TYPES + 1 }, (_, i) => ({ id: i, type: `T${i}` })) };
    expect(parseWorkflow(JSON.stringify(many))).toEqual({ ok: false, reason: 'too-many' });
    const long = { nodes: [{ type: 'x'.repeat(201) }, { type: 'KSampler' }] };
    expect(parseWorkflow(JSON.stringify(long))).toEqual({
      ok: true,
      format: 'ui',
      types: [{ type: 'KSampler', count: 1 }],
    });
  });
});
