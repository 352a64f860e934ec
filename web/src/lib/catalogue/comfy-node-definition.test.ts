import { parseInputs, parseOutputs, UNKNOWN_TYPE } from './comfy-node-definition';

describe('parseInputs', () => {
  it('lists required then optional inputs with their types; a list of choices is a COMBO with those choices', () => {
    const json = JSON.stringify({
      optional: { mask: ['MASK'] },
      required: { image: ['IMAGE'], steps: ['INT', { default: 20 }], sampler: [['euler', 'dpmpp_2m', 7]] },
      hidden: { prompt: 'PROMPT' },
    });
    expect(parseInputs(json)).toEqual([
      { group: 'required', name: 'image', type: 'IMAGE', choices: [] },
      { group: 'required', name: 'steps', type: 'INT', choices: [] },
      { group: 'required', name: 'sampler', type: 'COMBO', choices: ['euler', 'dpmpp_2m', '7'] },
      { group: 'optional', name: 'mask', type: 'MASK', choices: [] },
    ]);
  });

  it('keeps ComfyUI’s own "*" (any type) and marks a type it cannot read as unknown, not as "*"', () => {
    const json = '{"required": {"anything": ["*"], "odd": [7], "empty": [], "bare": "LATENT"}}';
    expect(parseInputs(json).map((input) => [input.name, input.type])).toEqual([
      ['anything', '*'],
      ['odd', UNKNOWN_TYPE],
      ['empty', UNKNOWN_TYPE],
      ['bare', 'LATENT'],
    ]);
    expect(UNKNOWN_TYPE).toBe('?');
  });

  it('gives nothing for blank, broken or non-object JSON', () => {
    for (const text of ['', '  ', null, undefined, '{"required":', '[1,2]', '"x"'])
      expect(parseInputs(text)).toEqual([]);
  });
});

describe('parseOutputs', () => {
  it('pairs types with names and list flags, naming unnamed outputs by their type', () => {
    expect(parseOutputs('["IMAGE","MASK"]', '["image"]', [false, true])).toEqual([
      { slot: 0, name: 'image', type: 'IMAGE', isList: false },
      { slot: 1, name: 'MASK', type: 'MASK', isList: true },
    ]);
  });

  it('calls an output listing choices a COMBO (not its JSON text) and anything else unknown', () => {
    expect(parseOutputs('[["euler","ddim"], 3, "INT"]', '', undefined)).toEqual([
      { slot: 0, name: 'COMBO', type: 'COMBO', isList: false },
      { slot: 1, name: UNKNOWN_TYPE, type: UNKNOWN_TYPE, isList: false },
      { slot: 2, name: 'INT', type: 'INT', isList: false },
    ]);
  });

  it('gives nothing for blank or broken types, and ignores broken names', () => {
    expect(parseOutputs('', '', [])).toEqual([]);
    expect(parseOutputs('oops', '["x"]', [])).toEqual([]);
    expect(parseOutputs('["IMAGE"]', 'oops', [])).toEqual([{ slot: 0, name: 'IMAGE', type: 'IMAGE', isList: false }]);
  });
});
