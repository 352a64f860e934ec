import type { ScanFinding } from '../types.js';
import type { ArchiveFile } from '../zip/read-archive.js';
import { finding } from './finding.js';

type Format = 'pe' | 'elf' | 'macho';

const LIBRARY_EXTENSION = /\.(so(\.\d+)*|dylib|pyd)$/i;
const EXECUTABLE_EXTENSION = /\.(exe|dll|msi|scr|com|sys)$/i;

/** Recognises executables by their first bytes, so renaming `miner.exe` to `model.bin` does not hide it. */
function formatOf(head: Buffer): Format | null {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x7f454c46) return 'elf';
  if (head.length >= 64 && head[0] === 0x4d && head[1] === 0x5a) {
    // "MZ" starts some text too; a real PE header points (e_lfanew) somewhere plausible.
    const peOffset = head.readUInt32LE(0x3c);
    if (peOffset >= 64 && peOffset < 0x10000) return 'pe';
  }
  if (head.length >= 8) {
    const magic = head.readUInt32BE(0);
    if ([0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe].includes(magic)) return 'macho';
    // Universal binaries share 0xCAFEBABE with Java classes, which carry a large version number there.
    if (magic === 0xcafebabe && head.readUInt32BE(4) < 20) return 'macho';
  }
  return null;
}

const FORMAT_NAMES: Record<Format, string> = { pe: 'Windows (PE)', elf: 'Linux (ELF)', macho: 'macOS (Mach-O)' };

/**
 * Native code cannot be read statically, so every binary is reported. Compiled Python extensions
 * (.so, .pyd, .dylib) are sometimes legitimate and get `medium`; programs and Windows
 * executables/DLLs, which a Python pack has no ordinary use for, get `high`.
 */
export function scanBinaries(files: ArchiveFile[]): ScanFinding[] {
  const findings: ScanFinding[] = [];
  for (const file of files) {
    const format = formatOf(file.head);
    const byName = EXECUTABLE_EXTENSION.test(file.name) || LIBRARY_EXTENSION.test(file.name);
    if (!format && !byName) continue;
    const library = LIBRARY_EXTENSION.test(file.name) && format !== 'pe';
    const kind = format ? `${FORMAT_NAMES[format]} binary` : 'file named like a native binary';
    findings.push(
      finding({
        // A compiled extension labels the version; a program or Windows DLL holds it.
        issue_type: library ? 'native_binary' : 'native_executable',
        file_path: file.name,
        line: 0,
        snippet: format ? `${format.toUpperCase()} magic bytes ${file.head.subarray(0, 4).toString('hex')}` : file.name,
        message: library
          ? `${kind} in the archive (compiled library); its code cannot be inspected, so check that it is built from the pack's own sources`
          : `${kind} in the archive; executables cannot be inspected and a node pack should not need one`,
        scanner: 'binary-magic',
        severity: library ? 'medium' : 'high',
      }),
    );
  }
  return findings;
}
