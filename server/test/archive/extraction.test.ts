import { describe, expect, it } from 'vitest';
import { analyzeArchive } from '../../src/engines/archive/index.js';
import type { ExtractedComfyNode } from '../../src/engines/archive/types.js';
import { testLimits, zipFixture } from './helpers/pack.js';

async function analyse(pack: string, name: string, version: string, changes: Record<string, string | null> = {}) {
  const result = await analyzeArchive(zipFixture(pack, changes), { name, version }, testLimits);
  if (!result.ok) throw new Error(result.reason);
  return result;
}

const node = (fields: Partial<ExtractedComfyNode> & Pick<ExtractedComfyNode, 'name'>): ExtractedComfyNode => ({
  displayName: fields.name,
  category: 'sd',
  description: '',
  inputTypes: '{}',
  returnTypes: '[]',
  returnNames: '[]',
  outputIsList: [],
  function: '',
  outputNode: false,
  deprecated: false,
  experimental: false,
  sourceFile: '',
  ...fields,
});

describe('metadata', () => {
  it('reads pyproject.toml the way comfy-cli sends it', async () => {
    const result = await analyse('clean-pack', 'comfyui-image-blend-tools', '1.4.0');
    expect(result.metadata).toEqual({
      name: 'comfyui-image-blend-tools',
      version: '1.4.0',
      description: 'Blend, mask and colour-match images inside ComfyUI workflows.',
      license: '{"file": "LICENSE"}',
      repository: 'https://github.com/example-org/comfyui-image-blend-tools',
      dependencies: ['numpy>=1.24', 'opencv-python-headless'],
      supportedOs: ['OS Independent'],
      supportedAccelerators: ['GPU :: NVIDIA CUDA', 'GPU :: Apple Metal'],
      supportedComfyuiVersion: '>=0.3.40',
      supportedComfyuiFrontendVersion: '>=1.10.0',
      displayName: 'Image Blend Tools',
      icon: 'https://example.org/icon.png',
      banner: '',
      publisherId: 'example-org',
    });
    expect(result.stats).toEqual({ entries: 8, uncompressedBytes: expect.any(Number), pythonFiles: 3 });
  });

  it('drops invalid compatibility values as comfy-cli does and encodes a string license', async () => {
    const { metadata } = await analyse('loop-pack', 'comfyui-math-toolkit', '2.1.0');
    expect(metadata).toMatchObject({
      name: 'ComfyUI-Math-Toolkit',
      license: '{"text": "MIT"}',
      supportedOs: ['Microsoft :: Windows', 'POSIX :: Linux'],
      // "Environment :: Web Environment" is not an accelerator, and one bad value empties the list.
      supportedAccelerators: [],
      supportedComfyuiVersion: '',
    });
  });

  it('reads a dynamic version from [tool.comfy.version] path', async () => {
    const { metadata } = await analyse('merged-pack', 'comfyui-merged-suite', '3.0.2');
    expect(metadata.version).toBe('3.0.2');
    expect(metadata.license).toBe('{}');
  });
});

describe('node extraction', () => {
  it('reads plain classes listed in a mappings dict, with placeholders for run-time values', async () => {
    const result = await analyse('clean-pack', 'comfyui-image-blend-tools', '1.4.0');
    expect(result.extract).toEqual({ status: 'success', reason: 'found 3 node definition(s)' });
    expect(result.comfyNodes).toEqual([
      node({
        name: 'ImageBlendAdvanced',
        displayName: 'Image Blend (Advanced)',
        category: 'image/postprocessing',
        description: 'Blends two images.',
        inputTypes: JSON.stringify({
          required: {
            image1: ['IMAGE'],
            image2: ['IMAGE'],
            blend_factor: ['FLOAT', { default: 0.5, min: 0, max: 1, step: 0.01 }],
            blend_mode: [
              ['normal', 'multiply', 'screen', 'overlay', 'soft_light', 'difference'],
              { default: 'normal' },
            ],
          },
          optional: { mask: ['MASK'] },
        }),
        returnTypes: '["IMAGE"]',
        returnNames: '["IMAGE"]',
        outputIsList: [false],
        function: 'blend',
        sourceFile: 'nodes.py',
      }),
      node({
        name: 'ColorMatchImage',
        displayName: 'Color Match',
        category: 'image/color',
        inputTypes: JSON.stringify({
          required: {
            image_ref: ['IMAGE'],
            image_target: ['IMAGE'],
            method: [['mkl', 'hm', 'reinhard']],
            strength: ['FLOAT', { default: 1, min: 0, max: 10, step: 0.01 }],
            model: ['<dynamic: folder_paths.get_filename_list("upscale_models")>'],
            size: ['INT', { default: 512, min: 64, max: 8192, step: 8 }],
          },
          hidden: { unique_id: 'UNIQUE_ID' },
        }),
        returnTypes: '["IMAGE","STRING"]',
        returnNames: '["image","report"]',
        outputIsList: [false, true],
        function: 'match',
        sourceFile: 'nodes.py',
      }),
      node({
        name: 'SaveBlendPreview',
        category: 'image',
        inputTypes: '{"required":{"images":["IMAGE"],"filename_prefix":["STRING",{"default":"blend"}]}}',
        function: 'save',
        outputNode: true,
        deprecated: true,
        sourceFile: 'nodes.py',
      }),
    ]);
  });

  it('follows mappings built in loops and comprehensions, and class inheritance with super()', async () => {
    const result = await analyse('loop-pack', 'comfyui-math-toolkit', '2.1.0');
    const binary =
      '{"required":{"a":["FLOAT",{"default":0,"min":-1000000000,"max":1000000000,"step":0.001}],"b":["FLOAT",{"default":0,"min":-1000000000,"max":1000000000,"step":0.001}]}}';
    const inherited = {
      category: 'utils/math',
      function: 'run',
      returnTypes: '["FLOAT"]',
      returnNames: '["FLOAT"]',
      outputIsList: [false],
      sourceFile: 'math_nodes.py',
      inputTypes: binary,
    };
    expect(result.comfyNodes).toEqual([
      node({ name: 'Math_add', displayName: 'Math ADD', description: 'Adds two numbers.', ...inherited }),
      node({ name: 'Math_subtract', displayName: 'Math SUBTRACT', ...inherited }),
      node({ name: 'Math_power', displayName: 'Math POWER', experimental: true, ...inherited }),
      node({
        ...inherited,
        name: 'ClampNode',
        displayName: 'Clamp',
        inputTypes: JSON.stringify({
          required: { ...JSON.parse(binary).required, low: ['FLOAT', { default: 0 }] },
          optional: { high: ['FLOAT', { default: 1 }] },
        }),
        returnTypes: '["FLOAT","BOOLEAN"]',
        returnNames: '["value","was_clamped"]',
        outputIsList: [false, false],
      }),
      node({
        ...inherited,
        name: 'RoundNode',
        displayName: 'Round',
        function: 'round',
        inputTypes: '{"required":{"value":["FLOAT"],"digits":["INT",{"default":2,"min":0,"max":16}]}}',
      }),
    ]);
  });

  it('reads the comfy_api schema style through comfy_entrypoint()', async () => {
    const result = await analyse('schema-pack', 'comfyui-adjust-v3', '0.3.0');
    expect(result.extract.status).toBe('success');
    expect(result.comfyNodes).toEqual([
      node({
        name: 'ImageAdjustV3',
        displayName: 'Image Adjust',
        category: 'image/adjust',
        description: 'Adjusts brightness of an image, optionally inside a mask.',
        inputTypes: JSON.stringify({
          required: {
            image: ['IMAGE', {}],
            brightness: ['FLOAT', { default: 0, min: -1, max: 1, step: 0.01, display: 'slider' }],
            mode: ['COMBO', { default: 'linear', options: ['linear', 'gamma'] }],
          },
          optional: { mask: ['MASK', { tooltip: 'Only adjust inside the mask' }] },
          hidden: { unique_id: ['UNIQUE_ID'] },
        }),
        returnTypes: '["IMAGE","MASK"]',
        returnNames: '["adjusted","MASK"]',
        outputIsList: [false, false],
        function: 'execute',
        sourceFile: 'nodes.py',
      }),
      node({
        name: 'TextEncodeStyled',
        category: 'conditioning',
        inputTypes: JSON.stringify({
          required: {
            clip: ['CLIP', {}],
            text: ['STRING', { multiline: true, dynamicPrompts: true }],
            style: ['COMBO', { options: ['photo', 'anime', 'oil painting'] }],
          },
          optional: { preset: ['STYLE_PRESET', {}] },
          hidden: { prompt: ['PROMPT'], extra_pnginfo: ['EXTRA_PNGINFO'] },
        }),
        returnTypes: '["CONDITIONING"]',
        returnNames: '["CONDITIONING"]',
        outputIsList: [true],
        function: 'execute',
        outputNode: true,
        experimental: true,
        sourceFile: 'nodes.py',
      }),
    ]);
  });

  it('merges mappings imported from submodules, across packages and relative imports', async () => {
    const result = await analyse('merged-pack', 'comfyui-merged-suite', '3.0.2');
    expect(result.comfyNodes.map((n) => [n.name, n.displayName, n.category, n.sourceFile])).toEqual([
      ['SuiteInvert', 'Invert Image', 'suite/image', 'nodes/image.py'],
      ['SuiteFlip', 'SuiteFlip', 'suite/image', 'nodes/image.py'],
      ['SuiteTextConcat', 'Text Concat', 'suite/text', 'nodes/text.py'],
    ]);
    expect(JSON.parse(result.comfyNodes[1]?.inputTypes ?? '')).toEqual({
      required: { image: ['IMAGE'], axis: [['horizontal', 'vertical']] },
    });
    expect(JSON.parse(result.comfyNodes[2]?.inputTypes ?? '').required.style).toEqual([['photo', 'anime', 'none']]);
  });

  it('falls back to each module’s own mappings when __init__.py loads them with importlib', async () => {
    const result = await analyse('importlib-pack', 'comfyui-dynamic-loader', '1.0.0');
    expect(result.extract).toEqual({
      status: 'success',
      reason:
        'found 2 node definition(s); NODE_CLASS_MAPPINGS in __init__.py is built at run time; read it from 2 module(s)',
    });
    expect(result.comfyNodes.map((n) => n.name).sort()).toEqual(['DynCrop', 'DynResize']);
  });

  it('reports zero nodes as a success with the reason', async () => {
    const result = await analyse('clean-pack', 'comfyui-image-blend-tools', '1.4.0', {
      '__init__.py': 'WEB_DIRECTORY = "./web/js"\n',
    });
    expect(result.comfyNodes).toEqual([]);
    expect(result.extract).toEqual({
      status: 'success',
      reason:
        'found no node definitions: the root __init__.py exports no NODE_CLASS_MAPPINGS or comfy_entrypoint that could be read statically',
    });
  });

  it('fails extraction when there is no root __init__.py', async () => {
    const result = await analyse('clean-pack', 'comfyui-image-blend-tools', '1.4.0', { '__init__.py': null });
    expect(result.extract).toEqual({
      status: 'failed',
      reason: 'there is no __init__.py at the archive root, so ComfyUI cannot load the pack',
    });
  });

  it('keeps going past a syntax error in one file and notes it', async () => {
    const result = await analyse('clean-pack', 'comfyui-image-blend-tools', '1.4.0', {
      'utils.py': 'def broken(:\n    return 1\n',
    });
    expect(result.comfyNodes).toHaveLength(3);
    expect(result.extract).toEqual({
      status: 'success',
      reason: 'found 3 node definition(s); utils.py: syntax error near line 1',
    });
  });

  it('never runs code and survives hostile constructs', async () => {
    const hostile = [
      'from .nodes import NODE_CLASS_MAPPINGS',
      'import os',
      'X = [0] * 10**9',
      'Y = "a" * 10**12',
      'def loop():',
      '    return loop()',
      'Z = loop()',
      'NODE_CLASS_MAPPINGS.update({os.environ["K"]: 1})',
      `D = ${'['.repeat(500)}${']'.repeat(500)}`,
    ].join('\n');
    const result = await analyse('clean-pack', 'comfyui-image-blend-tools', '1.4.0', { '__init__.py': hostile });
    expect(result.extract.status).toBe('success');
    expect(result.comfyNodes.map((n) => n.name)).toContain('ImageBlendAdvanced');
  });
});
