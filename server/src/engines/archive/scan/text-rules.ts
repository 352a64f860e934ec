import type { ScanFinding } from '../types.js';
import { finding, locate } from './finding.js';
import type { ContextAt } from './policy.js';

interface TextRule {
  id: string;
  /**
   * Matched over the whole text, never across a line break, and within a bounded span, so a
   * one-line bundle cannot pair words thousands of characters apart.
   */
  pattern: RegExp;
  /** Files the rule reads. */
  applies: (path: string) => boolean;
  message: string;
}

const ANY_TEXT = () => true;
const SCRIPT = (path: string) => /\.(js|mjs|cjs|ts)$/i.test(path);

/** A command that downloads something and hands it straight to a shell or an interpreter. */
const PIPE_TO_SHELL = /\b(curl|wget)\b[^\n|;]{0,300}\|\s*(sudo\s+)?((ba|z|da|k)?sh|python[\d.]*|perl|node)\b/;
/** PowerShell's download-and-run: `iwr URL | iex`, `iex (New-Object Net.WebClient).DownloadString(URL)`. */
const POWERSHELL_DOWNLOAD_RUN = new RegExp(
  [
    String.raw`\b(iwr|irm|curl|wget|Invoke-WebRequest|Invoke-RestMethod)\b[^\n|;]{0,300}\|\s*(iex|Invoke-Expression)\b`,
    String.raw`\b(iex|Invoke-Expression)\b[\s(]{0,5}(New-Object\s+(System\.)?Net\.WebClient\)?\s*\.\s*Download(String|Data)|(iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b)`,
    String.raw`\.DownloadString\s*\([^\n)]{0,300}\)\s*\|\s*(iex|Invoke-Expression)\b`,
  ].join('|'),
  'i',
);
/** Windows tools misused to fetch a program from the network: `certutil -urlcache -f URL`, `bitsadmin /transfer`. */
const LOLBIN_DOWNLOAD =
  /\bcertutil(\.exe)?\b[^\n]{0,200}?[-/]urlcache\b[^\n]{0,200}?\b(https?|ftp):\/\/|\bbitsadmin(\.exe)?\b[^\n]{0,200}?\/(transfer|addfile)\b[^\n]{0,200}?\bhttps?:\/\//i;
/** Code evaluated from decoded text: `eval(atob(...))`, `new Function(atob(...))`, `setTimeout(unescape(...))`. */
const EVAL_DECODED =
  /\b(eval|Function|setTimeout|setInterval|execScript)\s*\(\s*[^;\n)]{0,40}?\b(atob|unescape|decodeURIComponent|fromCharCode|Buffer\.from)\s*\(/;
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
    id: 'download_and_execute',
    pattern: POWERSHELL_DOWNLOAD_RUN,
    applies: ANY_TEXT,
    message: 'downloads PowerShell code and runs it with Invoke-Expression; the code that runs is not in the archive',
  },
  {
    id: 'download_and_execute',
    pattern: LOLBIN_DOWNLOAD,
    applies: ANY_TEXT,
    message:
      'fetches a file from the network with certutil or bitsadmin, Windows tools malware uses to download programs past filters',
  },
  {
    id: 'obfuscated_code_execution',
    pattern: EVAL_DECODED,
    applies: SCRIPT,
    message: 'evaluates text decoded at run time in the browser; encoded payloads are a common way to hide malware',
  },
];

/** Whether the match at `index` sits on a Python comment line. */
function onCommentLine(text: string, index: number): boolean {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  return text.slice(lineStart, index).trimStart().startsWith('#');
}

/**
 * Rules for text the syntax rules do not read: shell and PowerShell commands in any script or
 * string, and the browser code of a pack's web folder, which runs in every user's ComfyUI page.
 * Python comment lines are skipped; one finding per rule and file, with the column, an excerpt
 * of what matched and where the matched code runs (`contextAt` its offset).
 */
export function scanTextRules(path: string, text: string, python: boolean, contextAt: ContextAt): ScanFinding[] {
  const findings: ScanFinding[] = [];
  for (const rule of RULES) {
    if (!rule.applies(path) || !rule.pattern.test(text)) continue;
    const global = new RegExp(rule.pattern.source, `${rule.pattern.flags}g`);
    for (const match of text.matchAll(global)) {
      const index = match.index ?? 0;
      if (python && onCommentLine(text, index)) continue;
      const at = locate(text, index, match[0].length);
      findings.push(
        finding({
          issue_type: rule.id,
          file_path: path,
          line: at.line,
          column: at.column,
          snippet: at.snippet,
          message: rule.message,
          scanner: 'text-rules',
          severity: 'high',
          context: contextAt(index),
        }),
      );
      break;
    }
  }
  if (SCRIPT(path)) findings.push(...cookieTheft(path, text, contextAt));
  return findings;
}

/**
 * Browser code reading `document.cookie` in a file that also sends requests: ComfyUI keeps no
 * secrets in cookies that an extension needs, so this is how session cookies of a shared or
 * hosted ComfyUI get stolen.
 */
function cookieTheft(path: string, text: string, contextAt: ContextAt): ScanFinding[] {
  const match = /\bdocument\.cookie\b(?!\s*=[^=])/.exec(text);
  if (!match || !SENDS.test(text)) return [];
  const at = locate(text, match.index, match[0].length);
  return [
    finding({
      issue_type: 'credential_access',
      file_path: path,
      line: at.line,
      column: at.column,
      snippet: at.snippet,
      message:
        "reads the page's cookies in code that also sends requests; a node pack has no reason to send cookies anywhere",
      scanner: 'text-rules',
      severity: 'high',
      context: contextAt(match.index),
    }),
  ];
}
