import type { ScanFinding } from '../types.js';
import { finding } from './finding.js';

interface TextRule {
  id: string;
  /** Matched line by line. */
  pattern: RegExp;
  /** Files the rule reads. */
  applies: (path: string) => boolean;
  message: string;
}

const ANY_TEXT = () => true;
const SCRIPT = (path: string) => /\.(js|mjs|cjs|ts)$/i.test(path);

/** A command that downloads something and hands it straight to a shell or an interpreter. */
const PIPE_TO_SHELL = /\b(curl|wget)\b[^\n|;]*\|\s*(sudo\s+)?((ba|z|da|k)?sh|python[\d.]*|perl|node)\b/;
/** Code evaluated from decoded text: `eval(atob(...))`, `new Function(atob(...))`, `setTimeout(unescape(...))`. */
const EVAL_DECODED =
  /\b(eval|Function|setTimeout|setInterval|execScript)\s*\([^\n]*?\b(atob|unescape|decodeURIComponent|fromCharCode|Buffer\.from)\s*\(/;
/** Browser calls that send data somewhere. */
const SENDS = /\b(fetch|sendBeacon|XMLHttpRequest|WebSocket)\b|\.src\s*=|\.open\s*\(/;

const RULES: TextRule[] = [
  {
    id: 'download_and_execute',
    pattern: PIPE_TO_SHELL,
    applies: ANY_TEXT,
    message:
      'downloads a script and pipes it straight into a shell or interpreter, running code that is not in the archive',
  },
  {
    id: 'obfuscated_code_execution',
    pattern: EVAL_DECODED,
    applies: SCRIPT,
    message: 'evaluates text decoded at run time in the browser; encoded payloads are a common way to hide malware',
  },
];

/**
 * Line rules for text the syntax rules do not read: shell commands in any script or string,
 * and the browser code of a pack's `web/` folder, which runs in every user's ComfyUI page.
 * Python comment lines are skipped; one finding per rule and file.
 */
export function scanTextRules(path: string, text: string, python: boolean): ScanFinding[] {
  const findings: ScanFinding[] = [];
  const lines = text.split('\n');
  for (const rule of RULES) {
    if (!rule.applies(path) || !rule.pattern.test(text)) continue;
    const index = lines.findIndex((line) => rule.pattern.test(line) && !(python && line.trimStart().startsWith('#')));
    if (index < 0) continue;
    findings.push(
      finding({
        issue_type: rule.id,
        file_path: path,
        line: index + 1,
        snippet: lines[index] ?? '',
        message: rule.message,
        scanner: 'text-rules',
        severity: 'high',
      }),
    );
  }
  if (SCRIPT(path)) findings.push(...cookieTheft(path, lines));
  return findings;
}

/**
 * Browser code reading `document.cookie` in a file that also sends requests: ComfyUI keeps no
 * secrets in cookies that an extension needs, so this is how session cookies of a shared or
 * hosted ComfyUI get stolen.
 */
function cookieTheft(path: string, lines: string[]): ScanFinding[] {
  const index = lines.findIndex((line) => /\bdocument\.cookie\b(?!\s*=[^=])/.test(line));
  if (index < 0 || !lines.some((line) => SENDS.test(line))) return [];
  return [
    finding({
      issue_type: 'credential_access',
      file_path: path,
      line: index + 1,
      snippet: lines[index] ?? '',
      message:
        "reads the page's cookies in code that also sends requests; a node pack has no reason to send cookies anywhere",
      scanner: 'text-rules',
      severity: 'high',
    }),
  ];
}
