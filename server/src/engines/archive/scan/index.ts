import type { Interpreter } from '../python/interpreter.js';
import type { PackProgram } from '../python/program.js';
import type { ArchiveLimits, ScanFinding } from '../types.js';
import type { ArchiveFile } from '../zip/read-archive.js';
import { scanBinaries } from './binaries.js';
import { finding } from './finding.js';
import { scanMarkers } from './markers.js';
import { scanPythonEvasions } from './python-evasion.js';
import { scanPython } from './python-rules.js';
import { PythonSource } from './python-source.js';
import { pythonReach } from './reach.js';
import { scanTextRules } from './text-rules.js';

/**
 * Words at least one syntax rule needs; a file without any of them cannot match and is not parsed,
 * which keeps scanning fast on large packs of ordinary node code.
 */
const TRIGGER =
  /\b(exec|eval|compile|__import__|system|popen|Popen|subprocess|pty|spawn\w*|execv\w*|execl\w*|startfile|getoutput|pip|urlopen|urlretrieve|requests|httpx|wget|pickle|marshal|dill|\w*decode\w*|decompress|unhexlify|fromhex|import_module|run_path|chmod|CDLL|LoadLibrary|getattr|builtins|__builtins__)\b/;

/** Scans every file of a valid archive; returns the findings in archive order. */
export function scanArchive(
  program: PackProgram<Interpreter>,
  files: ArchiveFile[],
  texts: ReadonlyMap<string, string>,
  limits: ArchiveLimits,
): ScanFinding[] {
  const findings: ScanFinding[] = [];
  const reach = pythonReach(program.sources);
  for (const file of files) {
    const python = file.name.endsWith('.py');
    const context = python ? reach(file.name) : 'file';
    const text = texts.get(file.name);
    if (python && text === undefined && file.size > limits.maxSourceFileBytes) {
      findings.push(
        finding({
          issue_type: 'unscanned_source',
          file_path: file.name,
          line: 0,
          snippet: `${file.size} bytes`,
          message: `Python file larger than ${limits.maxSourceFileBytes} bytes was not scanned; oversized files can hide code`,
          scanner: 'archive',
          severity: 'low',
          context,
        }),
      );
      continue;
    }
    if (text === undefined) continue;
    if (!python) {
      findings.push(...scanMarkers(file.name, text, false, () => context));
      findings.push(...scanTextRules(file.name, text, false, () => context));
      continue;
    }
    const source = new PythonSource(program, file.name, text, context);
    try {
      const contextAt = (index: number) => source.contextAt(index);
      findings.push(...scanMarkers(file.name, text, true, contextAt));
      findings.push(...scanTextRules(file.name, text, true, contextAt));
      const parsed = TRIGGER.test(text) ? source.parsed() : null;
      if (parsed) findings.push(...scanPython(parsed), ...scanPythonEvasions(parsed));
    } finally {
      source.close();
    }
  }
  findings.push(...scanBinaries(files));
  // A line already held for something worse needs no label too.
  const heldLines = new Set(findings.filter((f) => f.grade === 'hold').map((f) => `${f.file_path}:${f.line_number}`));
  return findings.filter((f) => f.grade === 'hold' || !heldLines.has(`${f.file_path}:${f.line_number}`));
}
