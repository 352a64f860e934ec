import { readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { archiveLimitsFromConfig } from '../../src/config/archive.js';
import { analyzeArchive } from '../../src/engines/archive/index.js';
import type { ArchiveLimits } from '../../src/engines/archive/types.js';
import { testConfig } from '../helpers/config.js';
import { fixtureFiles, testLimits, writeTemp, zipFixture } from './helpers/pack.js';
import { deflated, type RawEntry, rawZip, zerosDeflated } from './helpers/raw-zip.js';

const expected = { name: 'comfyui-image-blend-tools', version: '1.4.0' };
const pyproject = (): RawEntry => deflated('pyproject.toml', fixtureFiles('clean-pack')['pyproject.toml'] ?? '');

async function reasonFor(zipPath: string, limits: ArchiveLimits = testLimits) {
  const result = await analyzeArchive(zipPath, expected, limits);
  return result.ok ? null : result.reason;
}

describe('archive validation', () => {
  it('accepts the clean pack', async () => {
    const result = await analyzeArchive(zipFixture('clean-pack'), expected, testLimits);
    expect(result.ok).toBe(true);
  });

  it('refuses a truncated zip', async () => {
    const whole = readFileSync(zipFixture('clean-pack'));
    const reason = await reasonFor(writeTemp(whole.subarray(0, whole.length - 200)));
    expect(reason).toMatch(/^the upload is not a readable zip archive \(.+\)$/);
  });

  it('refuses garbage', async () => {
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251));
    expect(await reasonFor(writeTemp(garbage))).toMatch(/^the upload is not a readable zip archive/);
  });

  it('refuses an entry whose data is corrupted', async () => {
    const good = deflated('__init__.py', 'NODE_CLASS_MAPPINGS = {}\n'.repeat(20));
    const bad = { ...good, crc: (good.crc ?? 0) ^ 1 };
    expect(await reasonFor(writeTemp(rawZip([pyproject(), bad])))).toBe(
      'entry "__init__.py" is damaged: checksum mismatch',
    );
  });

  it('refuses an archive larger than the limit', async () => {
    const path = zipFixture('clean-pack');
    const size = readFileSync(path).length;
    expect(await reasonFor(path, { ...testLimits, maxArchiveBytes: size - 1 })).toBe(
      `the archive is ${size} bytes, more than the ${size - 1}-byte limit`,
    );
  });

  it('refuses too many entries', async () => {
    const extra = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`assets/icon-${i}.txt`, `${i}`]));
    expect(await reasonFor(zipFixture('clean-pack', extra), { ...testLimits, maxEntries: 20 })).toBe(
      'the archive has 38 entries, more than the 20-entry limit',
    );
  });

  it('refuses a 1 GiB zip bomb from its honest headers without inflating it', async () => {
    const bomb = zerosDeflated(1024, false);
    const path = writeTemp(
      rawZip([pyproject(), { name: 'weights.bin', data: bomb.data, method: 8, crc: 0, uncompressedSize: bomb.size }]),
    );
    expect(await reasonFor(path)).toBe(
      `the archive unpacks to more than ${testLimits.maxUncompressedBytes} bytes (the limit)`,
    );
    const roomy = { ...testLimits, maxUncompressedBytes: 2 * 1024 ** 3 };
    expect(await reasonFor(path, roomy)).toMatch(
      /^entry "weights.bin" expands 10\d\d-fold \(limit 200\); this looks like a zip bomb$/,
    );
  });

  it('refuses an entry that inflates to more than its header declares', async () => {
    const zeros = zerosDeflated(8);
    const liar = {
      name: 'model.safetensors',
      data: zeros.data,
      method: 8 as const,
      crc: zeros.crc,
      uncompressedSize: 1000,
    };
    expect(await reasonFor(writeTemp(rawZip([pyproject(), liar])))).toBe(
      'entry "model.safetensors" inflates to more than the 1000 bytes its header declares; this looks like a zip bomb',
    );
  });

  it.each([
    [
      '../../custom_nodes/evil.py',
      'entry "../../custom_nodes/evil.py" has a ".." path segment that would unpack outside the pack folder (zip-slip)',
    ],
    [
      'nodes/../../evil.py',
      'entry "nodes/../../evil.py" has a ".." path segment that would unpack outside the pack folder (zip-slip)',
    ],
    ['/etc/cron.d/evil', 'entry "/etc/cron.d/evil" has an absolute path; paths must be relative to the pack root'],
    [
      'C:/Windows/evil.dll',
      'entry "C:/Windows/evil.dll" starts with a drive letter; paths must be relative to the pack root',
    ],
    [
      '..\\..\\evil.py',
      'entry "..\\\\..\\\\evil.py" uses a backslash in its path; archive paths must use forward slashes',
    ],
    ['nodes.py:hidden', 'entry "nodes.py:hidden" has a colon in its path, which Windows cannot unpack safely'],
    ['nodes/./x.py', 'entry "nodes/./x.py" has an empty or "." path segment; paths must be plain relative paths'],
  ])('refuses the unsafe path %s', async (name, reason) => {
    expect(await reasonFor(writeTemp(rawZip([pyproject(), deflated(name, 'x = 1\n')])))).toBe(reason);
  });

  it('refuses a symbolic link', async () => {
    const link = {
      name: 'models',
      data: new TextEncoder().encode('/home/user/.ssh'),
      externalAttributes: (0o120777 << 16) >>> 0,
    };
    expect(await reasonFor(writeTemp(rawZip([pyproject(), link])))).toBe(
      'entry "models" is a symbolic link; links could point outside the pack folder',
    );
  });

  it('refuses a symbolic link written by fflate too', async () => {
    const files = {
      'pyproject.toml': fixtureFiles('clean-pack')['pyproject.toml'] ?? new Uint8Array(),
      'link.py': [new TextEncoder().encode('../../x'), { os: 3, attrs: (0o120755 << 16) >>> 0 }] as [
        Uint8Array,
        { os: number; attrs: number },
      ],
    };
    expect(await reasonFor(writeTemp(zipSync(files)))).toBe(
      'entry "link.py" is a symbolic link; links could point outside the pack folder',
    );
  });

  it('refuses duplicate and case-colliding names', async () => {
    const twice = rawZip([pyproject(), deflated('nodes.py', 'a = 1\n'), deflated('nodes.py', 'a = 2\n')]);
    expect(await reasonFor(writeTemp(twice))).toBe('the archive contains "nodes.py" more than once');
    const cased = rawZip([pyproject(), deflated('Nodes.py', 'a = 1\n'), deflated('nodes.py', 'a = 2\n')]);
    expect(await reasonFor(writeTemp(cased))).toBe(
      'entries "Nodes.py" and "nodes.py" differ only by letter case and overwrite each other on Windows and macOS',
    );
  });

  it('refuses an encrypted entry', async () => {
    const secret = { ...deflated('payload.py', 'print(1)\n'), flags: 1 };
    expect(await reasonFor(writeTemp(rawZip([pyproject(), secret])))).toBe(
      'entry "payload.py" is encrypted; the registry cannot inspect encrypted files',
    );
  });
});

describe('pyproject.toml checks', () => {
  it('refuses a pack without pyproject.toml', async () => {
    expect(await reasonFor(zipFixture('clean-pack', { 'pyproject.toml': null }))).toBe(
      'pyproject.toml is missing at the archive root',
    );
  });

  it('refuses a pyproject.toml that is only inside a folder', async () => {
    const files = fixtureFiles('clean-pack');
    const nested = Object.fromEntries(Object.entries(files).map(([k, v]) => [`comfyui-image-blend-tools/${k}`, v]));
    const zip = writeTemp(zipSync(nested));
    expect(await reasonFor(zip)).toBe(
      'pyproject.toml must be at the archive root, but it is only at "comfyui-image-blend-tools/pyproject.toml"; pack from the repository root (comfy node pack)',
    );
  });

  it('refuses a name that does not match the node id, ignoring case', async () => {
    const toml = (name: string) => `[project]\nname = "${name}"\nversion = "1.4.0"\n`;
    expect(
      await reasonFor(zipFixture('clean-pack', { 'pyproject.toml': toml('ComfyUI-Image-Blend-Tools') })),
    ).toBeNull();
    expect(await reasonFor(zipFixture('clean-pack', { 'pyproject.toml': toml('someone-elses-pack') }))).toBe(
      'pyproject.toml names the package "someone-elses-pack", but it is being published as "comfyui-image-blend-tools"',
    );
  });

  it('refuses a version that does not normalise to the published one', async () => {
    const toml = (version: string) => `[project]\nname = "comfyui-image-blend-tools"\nversion = "${version}"\n`;
    expect(await reasonFor(zipFixture('clean-pack', { 'pyproject.toml': toml('v1.4') }))).toBeNull();
    expect(await reasonFor(zipFixture('clean-pack', { 'pyproject.toml': toml('1.5.0') }))).toBe(
      'pyproject.toml has version "1.5.0", but version "1.4.0" is being published',
    );
    expect(await reasonFor(zipFixture('clean-pack', { 'pyproject.toml': toml('latest') }))).toBe(
      'pyproject.toml version "latest" is not a valid version',
    );
  });

  it('reports malformed TOML with its line and column', async () => {
    const broken = '[project]\nname = "comfyui-image-blend-tools"\nversion = "1.4.0\ndescription = "x"\n';
    expect(await reasonFor(zipFixture('clean-pack', { 'pyproject.toml': broken }))).toMatch(
      /^pyproject\.toml is not valid TOML: .+ \(line 3, column \d+\)$/,
    );
  });

  it('tolerates a UTF-8 byte-order mark', async () => {
    const toml = '\uFEFF[project]\nname = "comfyui-image-blend-tools"\nversion = "1.4.0"\n';
    expect(await reasonFor(zipFixture('clean-pack', { 'pyproject.toml': toml }))).toBeNull();
  });
});

describe('archive analysis budgets and header agreement', () => {
  const defaults = archiveLimitsFromConfig(testConfig().publishing);

  it('refuses 500 near-1 MiB Python files from their declared sizes, before inflating or parsing them', async () => {
    // Just under the 1 MiB ratio floor, so every entry passes the zip-bomb rule on its own.
    const source = Buffer.from('value = 1\n'.repeat(104_857));
    const entry = deflated('x.py', source);
    const files = Array.from({ length: 500 }, (_, i) => ({ ...entry, name: `nodes/part_${i}.py` }));
    const zip = rawZip([pyproject(), ...files]);
    expect(zip.length).toBeLessThan(1.5 * 1024 * 1024);
    const reason = await reasonFor(writeTemp(zip), defaults);
    expect(reason).toBe(
      `the archive's Python files add up to ${500 * source.length} bytes, more than the ${defaults.maxSourceBytes}-byte analysis limit; leave generated or vendored code out of the pack`,
    );
  });

  it('refuses the same attack made of web code instead of Python', async () => {
    const entry = deflated('x.js', Buffer.from('let value = 1;\n'.repeat(65_000)));
    const files = Array.from({ length: 500 }, (_, i) => ({ ...entry, name: `web/part_${i}.js` }));
    expect(await reasonFor(writeTemp(rawZip([pyproject(), ...files])), defaults)).toBe(
      `the archive's text files (sources, scripts, web code, lists) add up to ${500 * 65_000 * 15 + (pyproject().uncompressedSize ?? 0)} bytes, more than the ${defaults.maxTextBytes}-byte analysis limit; leave generated or bundled files out of the pack`,
    );
  });

  it('refuses an archive whose local header names a different file than its directory', async () => {
    const helper = { ...deflated('helper.txt', 'import os\nos.system("id")\n'), local: { name: 'helper.py' } };
    expect(await reasonFor(writeTemp(rawZip([pyproject(), helper])))).toBe(
      'entry "helper.txt" has a local header whose file name differs from the archive\'s directory; extractors would disagree about this file',
    );
  });

  it('refuses local headers that disagree on the size or the compression method', async () => {
    const sized = { ...deflated('__init__.py', 'X = 1\n'), local: { uncompressedSize: 3 } };
    expect(await reasonFor(writeTemp(rawZip([pyproject(), sized])))).toBe(
      'entry "__init__.py" has a local header whose size differs from the archive\'s directory; extractors would disagree about this file',
    );
    const method = { ...deflated('__init__.py', 'X = 1\n'), local: { method: 0 } };
    expect(await reasonFor(writeTemp(rawZip([pyproject(), method])))).toBe(
      'entry "__init__.py" has a local header whose compression method differs from the archive\'s directory; extractors would disagree about this file',
    );
  });

  it('refuses an oversized pyproject.toml for its size instead of calling it missing', async () => {
    const big = `[project]\nname = "comfyui-image-blend-tools"\nversion = "1.4.0"\n${Array.from({ length: 300_000 }, (_, i) => `# ${((i * 2654435761) % 2 ** 32).toString(16)}\n`).join('')}`;
    const reason = await reasonFor(writeTemp(rawZip([deflated('pyproject.toml', big)])), defaults);
    expect(reason).toBe(
      `pyproject.toml is ${big.length} bytes, more than the ${defaults.maxSourceFileBytes}-byte limit`,
    );
  });

  it('refuses a file name segment over 255 bytes', async () => {
    const name = `${'a'.repeat(300)}.py`;
    expect(await reasonFor(writeTemp(rawZip([pyproject(), deflated(name, 'X = 1\n')])))).toBe(
      `entry ${JSON.stringify(`${name.slice(0, 80)}...`)} has a file or folder name of 303 bytes, more than the 255 bytes file systems allow`,
    );
  });

  it('refuses a file name that is not valid UTF-8', async () => {
    const bad = {
      ...deflated('caf?.py', 'X = 1\n'),
      nameBytes: Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x2e, 0x70, 0x79]),
    };
    expect(await reasonFor(writeTemp(rawZip([pyproject(), bad])))).toMatch(
      /^entry ".+" has a file name that is not valid UTF-8; re-create the archive with UTF-8 file names$/,
    );
  });
});
