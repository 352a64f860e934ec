import { describe, expect, it } from 'vitest';
import { checkEnvironment, rangesMeet } from '../../src/modules/install-plan/environment.js';
import { type RequirementLine, readRequirementLine } from '../../src/modules/install-plan/requirement-line.js';
import { readWorkflow } from '../../src/modules/install-plan/workflow-read.js';
import { apiWorkflow, uiWorkflow } from '../helpers/workflows.js';

describe('readWorkflow', () => {
  it('reads classes with the cnr_id, aux_id and ver the front end records, counted per kind', () => {
    const workflow = uiWorkflow([
      { type: 'KSampler', cnr_id: 'comfy-core', ver: '0.3.64' },
      { type: 'Seed (rgthree)', cnr_id: 'rgthree-comfy', ver: '1.0.0' },
      { type: 'Seed (rgthree)', cnr_id: 'rgthree-comfy', ver: '1.0.0' },
      { type: 'MyNode', aux_id: 'someone/my-nodes', ver: 'a1b2c3d4e5f6' },
      { type: 'Plain' },
    ]);
    expect(readWorkflow(workflow)).toEqual({
      ok: true,
      format: 'ui',
      uses: [
        { type: 'KSampler', count: 1, cnr_id: 'comfy-core', ver: '0.3.64' },
        { type: 'Seed (rgthree)', count: 2, cnr_id: 'rgthree-comfy', ver: '1.0.0' },
        { type: 'MyNode', count: 1, aux_id: 'someone/my-nodes', ver: 'a1b2c3d4e5f6' },
        { type: 'Plain', count: 1 },
      ],
    });
  });

  it('reads the nodes inside subgraphs and group nodes, never their instances', () => {
    const workflow = uiWorkflow([{ type: 'KSampler' }], {
      subgraphs: [
        {
          id: '0c4d7a40-2b8e-4a83-9f0e-6f3c1a2b9d55',
          nodes: [{ type: 'VHS_VideoCombine', cnr_id: 'comfyui-videohelpersuite', ver: '1.7.9' }],
        },
      ],
      groupNodes: { Upscale: [{ type: 'UltimateSDUpscale' }, { type: 'ImageScaleBy' }] },
    });
    const read = readWorkflow(workflow);
    expect(read.ok && read.uses.map((u) => u.type)).toEqual([
      'KSampler',
      'VHS_VideoCombine',
      'UltimateSDUpscale',
      'ImageScaleBy',
    ]);
  });

  it('reads the API format, and answers why something is not a workflow', () => {
    expect(
      readWorkflow(apiWorkflow([{ type: 'KSampler' }, { type: 'IPAdapterAdvanced' }, { type: 'KSampler' }])),
    ).toEqual({
      ok: true,
      format: 'api',
      uses: [
        { type: 'KSampler', count: 2 },
        { type: 'IPAdapterAdvanced', count: 1 },
      ],
    });
    expect(readWorkflow([1, 2])).toEqual({ ok: false, reason: 'not-workflow' });
    expect(readWorkflow({ hello: 'world' })).toEqual({ ok: false, reason: 'not-workflow' });
    expect(readWorkflow({ nodes: [] })).toEqual({ ok: false, reason: 'no-nodes' });
  });

  it('ignores pack properties that are not well formed', () => {
    const workflow = { nodes: [{ type: 'X', properties: { cnr_id: 'a\nb', aux_id: 'not-a-repo', ver: 5 } }] };
    expect(readWorkflow(workflow)).toEqual({ ok: true, format: 'ui', uses: [{ type: 'X', count: 1 }] });
  });
});

const lines = (...texts: string[]): RequirementLine[] => texts.map((t) => readRequirementLine(t) as RequirementLine);

describe('requirements', () => {
  it('reads the requirement lines real packs write', () => {
    expect(readRequirementLine('numpy<=1.26.4')).toMatchObject({ name: 'numpy', specifier: '<=1.26.4', marker: null });
    expect(readRequirementLine('dynamicprompts[attentiongrabber,magicprompt]~=0.30.2')).toMatchObject({
      name: 'dynamicprompts',
      specifier: '~=0.30.2',
    });
    expect(readRequirementLine("onnxruntime-gpu; sys_platform != 'darwin'")).toMatchObject({
      name: 'onnxruntime-gpu',
      marker: "sys_platform != 'darwin'",
    });
    expect(readRequirementLine('git+https://github.com/cozy-comfyui/cozy_comfyui@main#egg=cozy_comfyui')).toMatchObject(
      {
        name: 'cozy-comfyui',
        url: 'git+https://github.com/cozy-comfyui/cozy_comfyui@main#egg=cozy_comfyui',
      },
    );
    expect(readRequirementLine('scipy >=1.13.1')).toMatchObject({ name: 'scipy', specifier: '>=1.13.1' });
    expect(readRequirementLine('# comment')).toBeNull();
    expect(readRequirementLine('--extra-index-url https://example.org')).toBeNull();
  });

  it('finds where ranges meet and where they cannot', () => {
    expect(rangesMeet(['<=1.26.4', '>=1.25.0'])).toBe(true);
    expect(rangesMeet(['<2', '>=2'])).toBe(false);
    expect(rangesMeet(['==0.6.0', '>=0.7'])).toBe(false);
    expect(rangesMeet(['~=2.0', '>=2.7,<3'])).toBe(true);
    expect(rangesMeet(['>=5.4,<6', '<5'])).toBe(false);
    expect(rangesMeet(['', '==1.0.3'])).toBe(true);
  });

  it('names each conflict with both sides, and checks declared OS, accelerator and ComfyUI ranges', () => {
    const report = checkEnvironment(
      [
        {
          id: 'a',
          version: '1.0.0',
          requirements: lines('numpy<2', 'torch'),
          supportedOs: ['Windows', 'Linux'],
          supportedAccelerators: ['CUDA'],
          supportedComfyuiVersion: '>=0.3.40',
        },
        {
          id: 'b',
          version: '2.0.0',
          requirements: lines('numpy>=2', 'requests'),
          supportedOs: [],
          supportedAccelerators: [],
          supportedComfyuiVersion: '',
        },
      ],
      { os: 'macos', accelerator: 'cuda', comfyuiVersion: '0.3.30' },
      undefined,
    );
    expect(report.conflicts).toEqual([
      {
        name: 'numpy',
        between: [
          { kind: 'pack', id: 'a', version: '1.0.0', requirement: 'numpy<2' },
          { kind: 'pack', id: 'b', version: '2.0.0', requirement: 'numpy>=2' },
        ],
        reason: 'no version of numpy satisfies numpy<2 and numpy>=2',
      },
    ]);
    expect(report.requirements.map((r) => [r.name, r.status])).toEqual([
      ['numpy', 'conflict'],
      ['requests', 'ok'],
      ['torch', 'ok'],
    ]);
    expect(report.compatibility).toEqual([
      { pack: 'a', check: 'os', declared: 'Windows, Linux', given: 'macos', status: 'mismatch' },
      { pack: 'a', check: 'accelerator', declared: 'CUDA', given: 'cuda', status: 'ok' },
      { pack: 'a', check: 'comfyui_version', declared: '>=0.3.40', given: '0.3.30', status: 'mismatch' },
    ]);
    expect(report.unchecked).toEqual([expect.stringContaining('needs the package index')]);
  });
});
