import { strToU8, zipSync } from 'fflate';
import { readArchiveFile, readArchivePackage } from './archive-package';

const zip = (files: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));

describe('reading the pack a zip names', () => {
  it('reads [project] name and version from the root pyproject.toml, as comfy-cli packs it', () => {
    const archive = zip({
      'pyproject.toml': '[project]\nname = "comfyui-upscale-tools"\nversion = "1.4.0"\ndescription = "x"\n',
      '__init__.py': 'NODE_CLASS_MAPPINGS = {}\n',
      'nested/pyproject.toml': '[project]\nname = "other"\nversion = "9.9.9"\n',
    });
    expect(readArchivePackage(archive)).toEqual({ ok: true, name: 'comfyui-upscale-tools', version: '1.4.0' });
  });

  it('follows a dynamic version to the file [tool.comfy.version] names', () => {
    const archive = zip({
      'pyproject.toml':
        '[project]\nname = "dyn"\ndynamic = ["version"]\n[tool.comfy.version]\npath = "./src/version.py"\n',
      'src/version.py': '# generated\n__version__ = "2.0.1"\n',
    });
    expect(readArchivePackage(archive)).toEqual({ ok: true, name: 'dyn', version: '2.0.1' });
    const missing = zip({
      'pyproject.toml': '[project]\nname = "dyn"\ndynamic = ["version"]\n[tool.comfy.version]\npath = "v.py"\n',
    });
    expect(readArchivePackage(missing)).toEqual({ ok: false, reason: 'noVersionFile', path: 'v.py' });
  });

  it('says why when the zip names no pack: no root pyproject.toml, bad TOML, no name or version, not a zip', async () => {
    expect(readArchivePackage(zip({ 'pack/pyproject.toml': '[project]\nname = "x"\n' }))).toEqual({
      ok: false,
      reason: 'noPyproject',
    });
    expect(readArchivePackage(zip({ 'pyproject.toml': '[project\nname = ' }))).toEqual({
      ok: false,
      reason: 'invalidToml',
    });
    expect(readArchivePackage(zip({ 'pyproject.toml': '[project]\nversion = "1.0.0"\n' }))).toEqual({
      ok: false,
      reason: 'noName',
    });
    expect(readArchivePackage(zip({ 'pyproject.toml': '[project]\nname = "x"\n' }))).toEqual({
      ok: false,
      reason: 'noVersion',
    });
    expect(await readArchiveFile(new Blob(['not a zip at all']))).toEqual({ ok: false, reason: 'unreadable' });
  });
});
