import type { PyNode } from '../python/parser.js';
import { literalString } from '../python/strings.js';
import type { ScanFinding } from '../types.js';
import { finding } from './finding.js';
import { type PythonFile, scopeOf } from './python-context.js';
import { EXEC_SINKS, PROCESS_CALLS } from './python-names.js';

const SCANNER = 'python-evasion';

/** Modules whose name only gets hidden to reach a shell, the interpreter or native code. */
const DANGEROUS_MODULES = new Set(['os', 'subprocess', 'builtins', 'pty', 'ctypes', 'socket', 'marshal', 'pickle']);
/** Attributes whose name only gets hidden to run code or programs. */
const DANGEROUS_ATTRIBUTES =
  /^(system|popen|exec\w*|eval|compile|__import__|spawn\w*|Popen|run|call|check_output|check_call|getoutput|startfile|loads)$/;
const IMPORTERS = new Set(['importlib.import_module', '__import__', 'builtins.__import__']);

/**
 * The string a constant expression spells, when it is built from literals only: `"o" + "s"`,
 * `"".join(["sy", "stem"])`, `"metsys"[::-1]`, `chr(111) + chr(115)`. Null for anything that
 * depends on run-time values.
 */
function foldString(node: PyNode | null): string | null {
  if (!node) return null;
  switch (node.type) {
    case 'string':
    case 'concatenated_string':
      return literalString(node);
    case 'parenthesized_expression':
      return foldString(node.namedChildren[0] ?? null);
    case 'binary_operator': {
      if (node.childForFieldName('operator')?.text !== '+') return null;
      const left = foldString(node.childForFieldName('left'));
      const right = left === null ? null : foldString(node.childForFieldName('right'));
      return left === null || right === null ? null : left + right;
    }
    case 'subscript': {
      // Only the reversing slice `[::-1]`.
      const value = foldString(node.childForFieldName('value'));
      const slice = node.childForFieldName('subscript');
      return value !== null && slice?.text.replace(/\s+/g, '') === '::-1' ? [...value].reverse().join('') : null;
    }
    case 'call': {
      const callee = node.childForFieldName('function');
      const args = node.childForFieldName('arguments')?.namedChildren ?? [];
      if (callee?.text === 'chr' && args.length === 1 && args[0]?.type === 'integer') {
        const code = Number(args[0].text);
        return Number.isInteger(code) && code >= 0 && code < 0x110000 ? String.fromCodePoint(code) : null;
      }
      if (callee?.type === 'attribute' && callee.childForFieldName('attribute')?.text === 'join' && args.length === 1) {
        const separator = foldString(callee.childForFieldName('object'));
        const items = args[0];
        if (separator === null || !items || (items.type !== 'list' && items.type !== 'tuple')) return null;
        const parts = items.namedChildren.map((item) => foldString(item));
        return parts.every((p): p is string => p !== null) ? parts.join(separator) : null;
      }
      return null;
    }
    default:
      return null;
  }
}

/** A name written so that it does not appear in the source: built from pieces, not a plain literal. */
function hiddenName(node: PyNode | null): string | null {
  if (!node || node.type === 'string' || node.type === 'concatenated_string') return null;
  return foldString(node);
}

function argumentsOf(call: PyNode): PyNode[] {
  return (call.childForFieldName('arguments')?.namedChildren ?? []).filter((n): n is PyNode => n !== null);
}

/**
 * Rules for the one-line tricks used to hide a dangerous call from name-based checks: a module
 * or attribute name assembled from pieces (`importlib.import_module("o" + "s")`,
 * `getattr(os, "sys" + "tem")`), and a code-running built-in or process call given another name
 * first (`run = eval; run(payload)`). Honest code spells module and function names out.
 */
export function scanPythonEvasions(file: PythonFile): ScanFinding[] {
  const findings: ScanFinding[] = [];
  const report = (node: PyNode, issue: string, message: string, severity: 'high' | 'medium') =>
    findings.push(
      finding({
        issue_type: issue,
        file_path: file.path,
        line: node.startPosition.row + 1,
        column: node.startPosition.column + 1,
        snippet: node.text,
        message,
        scanner: SCANNER,
        severity,
        context: file.contextOf({ node, scope: scopeOf(node) }),
      }),
    );
  const root = file.tree.rootNode;
  for (const call of root.descendantsOfType('call')) {
    if (!call) continue;
    const callee = call.childForFieldName('function');
    const args = argumentsOf(call);
    const qualified = file.qualify(callee);
    if (IMPORTERS.has(qualified)) {
      const module = hiddenName(args[0] ?? null);
      if (module !== null) {
        const dangerous = DANGEROUS_MODULES.has(module.split('.')[0] ?? '');
        report(
          call,
          'obfuscated_import',
          `imports the module "${module}" under a name assembled at run time, which hides it from review`,
          dangerous ? 'high' : 'medium',
        );
      }
    }
    // `__import__("os").popen(...)`, `importlib.import_module("subprocess").run(...)`: a dangerous
    // call reached through an import call instead of an import statement.
    const importCall = callee?.type === 'attribute' ? callee.childForFieldName('object') : null;
    if (importCall?.type === 'call' && IMPORTERS.has(file.qualify(importCall.childForFieldName('function')))) {
      // A name assembled from pieces is already reported by the importer rule below.
      const written = argumentsOf(importCall)[0] ?? null;
      const module = written?.type === 'string' ? foldString(written) : null;
      const attribute = callee?.childForFieldName('attribute')?.text ?? '';
      if (
        module !== null &&
        DANGEROUS_MODULES.has(module.split('.')[0] ?? '') &&
        DANGEROUS_ATTRIBUTES.test(attribute)
      ) {
        report(
          call,
          'obfuscated_import',
          `calls ${module}.${attribute}() through an import call instead of an import statement, which hides it from review`,
          'high',
        );
      }
    }
    if (callee?.type === 'identifier' && callee.text === 'getattr' && args.length >= 2) {
      const attribute = hiddenName(args[1] ?? null);
      const owner = file.qualify(args[0] ?? null);
      const plain = args[1] ? foldString(args[1]) : null;
      if (attribute !== null) {
        report(
          call,
          'obfuscated_attribute',
          `reaches "${attribute}" through getattr() with a name assembled at run time, which hides the call from review`,
          DANGEROUS_ATTRIBUTES.test(attribute) ? 'high' : 'medium',
        );
      } else if (plain !== null && DANGEROUS_MODULES.has(owner) && DANGEROUS_ATTRIBUTES.test(plain)) {
        // `getattr(builtins, "exec")(code)`: written out, but only to keep `exec(` out of the text.
        report(
          call,
          'obfuscated_attribute',
          `reaches ${owner}.${plain} through getattr() instead of calling it`,
          'high',
        );
      }
    }
  }
  for (const subscript of root.descendantsOfType('subscript')) {
    if (!subscript) continue;
    // `__builtins__["ex" + "ec"]`, `vars(builtins)["eval"]`, `globals()["__builtins__"]...`
    const holder = subscript.childForFieldName('value')?.text.replace(/\s+/g, '') ?? '';
    if (!/(__builtins__|__dict__|^vars\(builtins\)|^globals\(\))$/.test(holder)) continue;
    const key = foldString(subscript.childForFieldName('subscript'));
    if (key === null || !/^(exec|eval|compile|__import__)$/.test(key)) continue;
    report(subscript, 'obfuscated_attribute', `looks up ${key} by name in the built-ins instead of calling it`, 'high');
  }
  for (const assignment of root.descendantsOfType('assignment')) {
    const value = assignment?.childForFieldName('right');
    if (!assignment || !value || (value.type !== 'identifier' && value.type !== 'attribute')) continue;
    const target = file.qualify(value);
    const runsCode = EXEC_SINKS.has(target) || target === '__import__' || target === 'builtins.__import__';
    if (!runsCode && !PROCESS_CALLS.has(target)) continue;
    report(
      assignment,
      'aliased_dangerous_call',
      `gives ${target} another name, so its later calls do not show what they run`,
      runsCode ? 'high' : 'medium',
    );
  }
  return findings;
}
