import { filterComfyNodes } from './comfy-nodes';

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
