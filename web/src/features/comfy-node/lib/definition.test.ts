import { parseInputs, parseOutputs } from './definition';

describe('parseInputs', () => {
  it('lists required then optional inputs with their types and combo choices', () => {
    const json = JSON.stringify({
      required: { image: ['IMAGE'], steps: ['INT', { default: 20 }], sampler: [['euler', 'dpmpp_2m']] },
      optional: { mask: ['MASK'] },
      hidden: { prompt: 'PROMPT' },
    });
    expect(parseInputs(json)).toEqual([
      { group: 'required', name: 'image', type: 'IMAGE', choices: [] },
      { group: 'required', name: 'steps', type: 'INT', choices: [] },
      { group: 'required', name: 'sampler', type: 'COMBO', choices: ['euler', 'dpmpp_2m'] },
      { group: 'optional', name: 'mask', type: 'MASK', choices: [] },
    ]);
  });

  it('gives nothing for empty, broken or odd JSON', () => {
    expect(parseInputs('')).toEqual([]);
    expect(parseInputs('{"required":')).toEqual([]);
    expect(parseInputs('[1,2]')).toEqual([]);
    expect(parseInputs('{"required": {"x": [7]}}')).toEqual([{ group: 'required', name: 'x', type: '*', choices: [] }]);
  });
});

describe('parseOutputs', () => {
  it('pairs types with names and list flags, naming unnamed outputs by type', () => {
    expect(parseOutputs('["IMAGE","MASK"]', '["image"]', [false, true])).toEqual([
      { name: 'image', type: 'IMAGE', isList: false },
      { name: 'MASK', type: 'MASK', isList: true },
    ]);
    expect(parseOutputs('oops', '', [])).toEqual([]);
  });
});
