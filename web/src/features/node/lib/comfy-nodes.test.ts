import { filterComfyNodes, parseInputs, parseOutputs } from './comfy-nodes';

describe('parseInputs', () => {
  it('lists required then optional inputs with their types; a list of choices is a COMBO', () => {
    expect(
      parseInputs(
        JSON.stringify({
          required: { image: ['IMAGE'], mode: [['fast', 'slow']], steps: ['INT', { default: 20 }] },
          optional: { mask: ['MASK'] },
          hidden: { prompt: 'PROMPT' },
        }),
      ),
    ).toEqual([
      { name: 'image', type: 'IMAGE', optional: false },
      { name: 'mode', type: 'COMBO', optional: false },
      { name: 'steps', type: 'INT', optional: false },
      { name: 'mask', type: 'MASK', optional: true },
    ]);
  });

  it('answers [] for empty or broken JSON', () => {
    expect(parseInputs('')).toEqual([]);
    expect(parseInputs('{nope')).toEqual([]);
    expect(parseInputs('[1,2]')).toEqual([]);
  });
});

describe('parseOutputs', () => {
  it('pairs types with names, falling back to the type', () => {
    expect(parseOutputs('["IMAGE","MASK"]', '["result"]')).toEqual([
      { slot: 0, type: 'IMAGE', name: 'result' },
      { slot: 1, type: 'MASK', name: 'MASK' },
    ]);
    expect(parseOutputs('', '')).toEqual([]);
  });
});

describe('filterComfyNodes', () => {
  const nodes = [
    { comfy_node_name: 'KSampler (Efficient)', display_name: 'KSampler Eff.', category: 'sampling' },
    { comfy_node_name: 'ImageResize', display_name: 'Resize image', category: 'image' },
  ];
  it('matches name, display name or category, ignoring case and spaces around', () => {
    expect(filterComfyNodes(nodes, ' ksampler ')).toEqual([nodes[0]]);
    expect(filterComfyNodes(nodes, 'IMAGE')).toEqual([nodes[1]]);
    expect(filterComfyNodes(nodes, '')).toEqual(nodes);
    expect(filterComfyNodes(nodes, 'zzz')).toEqual([]);
  });
});
