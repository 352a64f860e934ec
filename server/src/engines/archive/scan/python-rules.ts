import type { PyNode } from '../python/parser.js';
import { literalString } from '../python/strings.js';
import type { ScanFinding } from '../types.js';
import { finding } from './finding.js';
import { policyOf } from './policy.js';
import { type CallSite, type PythonFile, scopeOf } from './python-context.js';
import { CODE_LOADERS, DECODERS, EXEC_SINKS, isFetch, PROCESS_CALLS, runsFile } from './python-names.js';

const SCANNER = 'python-ast';
/** Shortest string literal treated as a possible encoded payload, and the entropy that marks one. */
const PAYLOAD_MIN_CHARS = 200;
const PAYLOAD_MIN_ENTROPY = 4.2;

type Rule = Omit<ScanFinding, 'file_path' | 'line_number' | 'code_snippet' | 'scanner'>;

/**
 * Runs the syntax-aware rules over one file. Each rule looks at calls with resolved names
 * (aliases and `__import__` followed), so `import subprocess as sp; sp.run(...)` is seen while
 * `re.compile(...)`, `model.eval()` or a method named `system` are not.
 */
export function scanPython(file: PythonFile): ScanFinding[] {
  const findings: ScanFinding[] = [];
  const seen = new Set<string>();
  const held = new Set<number>();
  const report = (site: CallSite, rule: Rule) => {
    const line = site.node.startPosition.row + 1;
    // A label says what the code does; its first place in each file is enough to show it, and a
    // call already held for something worse needs no label too.
    const label = policyOf(rule.issue_type).grade === 'label';
    const key = label ? rule.issue_type : `${rule.issue_type}:${line}`;
    if (seen.has(key) || (label && held.has(site.node.id))) return;
    seen.add(key);
    if (!label) held.add(site.node.id);
    findings.push(
      finding({
        ...rule,
        file_path: file.path,
        line,
        column: site.node.startPosition.column + 1,
        snippet: site.node.text,
        scanner: SCANNER,
        context: file.contextOf(site),
      }),
    );
  };
  const assignments = lazy(() => assignmentsByName(file));
  const tainted = new Map<number, Set<string>>();
  const taintOf = (scope: PyNode | null) => {
    const key = scope?.id ?? -1;
    if (!tainted.has(key)) tainted.set(key, taintedNames(file, scope));
    return tainted.get(key) ?? new Set<string>();
  };
  for (const site of file.calls) {
    const q = site.qualified;
    const first = firstArgument(site.node);
    // `compile = torch.compile; compile(model)`: a local name, not the built-in.
    const builtin = !/^(exec|eval|compile)$/.test(q) || !file.bindsLocally(site, q);
    if (EXEC_SINKS.has(q) && builtin && first && literalString(first) === null && !insideSinkArgument(file, site)) {
      const payload = encodedPayload(file, first, assignments(), 0);
      if (payload) {
        report(site, {
          issue_type: 'obfuscated_code_execution',
          message: `runs code hidden in ${payload} with ${q}(); encoded payloads are a common way to hide malware`,
          severity: 'high',
        });
      } else if (fetched(file, first, taintOf(site.scope))) {
        report(site, downloadAndRun(q));
      } else {
        report(site, {
          issue_type: 'dynamic_code_execution',
          message: `${q}() runs a string built at run time; if any part comes from a workflow or the network this runs arbitrary code`,
          severity: 'medium',
        });
      }
    }
    if (CODE_LOADERS.has(q) && first) {
      if (fetched(file, first, taintOf(site.scope))) report(site, downloadAndRun(q));
      else if (q === 'marshal.loads') {
        report(site, {
          issue_type: 'obfuscated_code_execution',
          message: 'marshal.loads() loads compiled Python code objects, a way to ship code that cannot be read',
          severity: 'high',
        });
      }
    }
    if (runsFile(q) && runsDownloadedFile(file, site)) report(site, downloadAndRun(q));
    const pip = isPipInstall(site);
    if (!pip && !PROCESS_CALLS.has(q)) continue;
    const where = file.contextOf(site);
    if (pip) {
      report(site, {
        issue_type: where === 'install' ? 'install_script_pip' : 'runtime_pip_install',
        message:
          where === 'install'
            ? 'the install script installs Python packages with pip (ComfyUI-Manager runs it when the pack is installed)'
            : where === 'unimported'
              ? 'installs Python packages with pip in a script nothing imports (it runs only when someone starts it)'
              : 'installs Python packages with pip while ComfyUI runs; declare dependencies in pyproject.toml or requirements.txt instead',
        severity: where === 'install' || where === 'unimported' ? 'low' : 'medium',
      });
    } else if (PROCESS_CALLS.has(q) && where === 'install') {
      report(site, {
        issue_type: 'install_script_process',
        message: `${q}() starts a program from the install script, which ComfyUI-Manager runs when the pack is installed`,
        severity: 'low',
      });
    } else if (PROCESS_CALLS.has(q) && where === 'unimported' && file.atImport(site)) {
      report(site, {
        issue_type: 'process_at_import',
        message: `${q}() starts a program in a script nothing imports (it runs only when someone starts the script)`,
        severity: 'low',
      });
    } else if (PROCESS_CALLS.has(q) && where === 'import') {
      report(site, {
        issue_type: 'process_at_import',
        message: `${q}() starts a program as soon as the pack is imported, before the user runs any node`,
        severity: 'medium',
      });
    } else if (PROCESS_CALLS.has(q) && where === 'runtime') {
      report(site, {
        issue_type: 'process_at_runtime',
        message: `${q}() starts a program when a node or route of the pack runs`,
        severity: 'low',
      });
    }
  }
  return findings;
}

function downloadAndRun(q: string): Rule {
  return {
    issue_type: 'download_and_execute',
    message: `${q}() runs or loads data downloaded from the network; the code that runs is not in the archive`,
    severity: 'high',
  };
}

function firstArgument(call: PyNode): PyNode | null {
  const args = call.childForFieldName('arguments');
  return args?.namedChildren.find((a) => a !== null && a.type !== 'keyword_argument' && a.type !== 'comment') ?? null;
}

/** `exec(compile(x))`: the inner compile is reported through the outer exec only. */
function insideSinkArgument(file: PythonFile, site: CallSite): boolean {
  const outer = site.node.parent?.parent;
  return outer?.type === 'call' && EXEC_SINKS.has(file.qualify(outer.childForFieldName('function')));
}

/** Right-hand sides of every `name = ...` in the file, for following a payload one or two steps. */
function assignmentsByName(file: PythonFile): Map<string, PyNode[]> {
  const out = new Map<string, PyNode[]>();
  for (const node of file.tree.rootNode.descendantsOfType('assignment')) {
    const left = node?.childForFieldName('left');
    const right = node?.childForFieldName('right');
    if (left?.type !== 'identifier' || !right) continue;
    out.set(left.text, [...(out.get(left.text) ?? []), right]);
  }
  return out;
}

/** Describes the encoded payload an expression decodes, or null. */
function encodedPayload(
  file: PythonFile,
  node: PyNode,
  assignments: Map<string, PyNode[]>,
  depth: number,
): string | null {
  const calls = node.type === 'call' ? [node, ...node.descendantsOfType('call')] : node.descendantsOfType('call');
  for (const call of calls) {
    const q = call ? file.qualify(call.childForFieldName('function')) : '';
    if (DECODERS.has(q)) return `data decoded by ${q}()`;
    if (call && /^(str\.)?join$|\.join$/.test(q) && /\bchr\b/.test(call.text)) return 'characters assembled with chr()';
  }
  const strings = node.type === 'string' ? [node] : node.descendantsOfType('string');
  for (const s of strings) {
    const text = s ? literalString(s) : null;
    if (text && text.length >= PAYLOAD_MIN_CHARS && !/\s/.test(text.trim()) && entropy(text) >= PAYLOAD_MIN_ENTROPY) {
      return `a ${text.length}-character encoded string`;
    }
  }
  if (depth >= 2) return null;
  const names = node.type === 'identifier' ? [node] : node.descendantsOfType('identifier');
  for (const name of names) {
    for (const right of (name && assignments.get(name.text)) ?? []) {
      const found = encodedPayload(file, right, assignments, depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/** Shannon entropy in bits per character; encoded binary is above 4, prose and code below. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Names one function (or the module, for `null`) assigns from network data, in document order. */
function taintedNames(file: PythonFile, scope: PyNode | null): Set<string> {
  const names = new Set<string>();
  const container = scope ?? file.tree.rootNode;
  for (const node of container.descendantsOfType(['assignment', 'as_pattern'])) {
    if (!node || scopeOf(node)?.id !== scope?.id) continue;
    const source = node.type === 'assignment' ? node.childForFieldName('right') : node.namedChildren[0];
    const target = node.type === 'assignment' ? node.childForFieldName('left') : node.childForFieldName('alias');
    if (!source || !target) continue;
    if (!mentionsFetch(file, source) && !mentionsAny(source, names)) continue;
    for (const id of target.type === 'identifier' ? [target] : target.descendantsOfType('identifier')) {
      if (id) names.add(id.text);
    }
  }
  return names;
}

function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

function mentionsFetch(file: PythonFile, node: PyNode): boolean {
  const calls = node.type === 'call' ? [node, ...node.descendantsOfType('call')] : node.descendantsOfType('call');
  return calls.some((c) => c !== null && isFetch(file.qualify(c.childForFieldName('function'))));
}

function mentionsAny(node: PyNode, names: Set<string>): boolean {
  if (names.size === 0) return false;
  if (node.type === 'identifier') return names.has(node.text);
  return node.descendantsOfType('identifier').some((id) => id !== null && names.has(id.text));
}

/** Whether an argument carries downloaded data: a fetch inside it, or a name assigned from one. */
function fetched(file: PythonFile, arg: PyNode, tainted: Set<string>): boolean {
  return mentionsFetch(file, arg) || mentionsAny(arg, tainted);
}

/**
 * A file written from a download (`urlretrieve(url, path)`, or `open(path, "wb")` next to a
 * fetch) that the same function then runs, imports or marks executable.
 */
function runsDownloadedFile(file: PythonFile, site: CallSite): boolean {
  if (!/urlretrieve|urlopen|wget|requests|httpx/.test(site.scope?.text ?? file.text)) return false;
  const args = site.node.childForFieldName('arguments')?.text ?? '';
  const sameScope = file.callsIn(site.scope).filter((c) => c.node.startIndex < site.node.startIndex);
  const fetchHere = sameScope.some((c) => isFetch(c.qualified));
  for (const c of sameScope) {
    const argNodes = c.node.childForFieldName('arguments')?.namedChildren.filter((a): a is PyNode => a !== null) ?? [];
    let written: PyNode | undefined;
    if (/(^|\.)urlretrieve$/.test(c.qualified) || c.qualified === 'wget.download') written = argNodes[1];
    else if (c.qualified === 'open' && fetchHere) {
      const mode = argNodes[1] ? literalString(argNodes[1]) : null;
      if (mode && /[wa]/.test(mode)) written = argNodes[0];
    }
    if (written && written.text.length > 0 && args.includes(written.text)) return true;
  }
  return false;
}

/** `pip install` run by code: pip's own API, or a process whose literal arguments say pip and install. */
function isPipInstall(site: CallSite): boolean {
  if (/^pip\.(main|_internal)/.test(site.qualified)) return true;
  if (!PROCESS_CALLS.has(site.qualified)) return false;
  const literals = (site.node.childForFieldName('arguments')?.descendantsOfType('string') ?? [])
    .map((s) => (s ? (literalString(s) ?? s.text) : ''))
    .join(' ');
  return /\bpip3?\b/.test(literals) && /\binstall\b/.test(literals);
}
