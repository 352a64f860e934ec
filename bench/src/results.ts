import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { BenchRow, BenchSuite } from './suite.js';

/** What one suite produced in this run. */
export interface SuiteOutcome {
  suite: BenchSuite;
  rows: BenchRow[];
  notes: string[];
  machine: string;
  /** Set when the suite threw: its rows so far are still shown. */
  error?: string;
  seconds: number;
}

const HEADER = `# Benchmark results

Written by \`npm run bench\` (see [docs/benchmarks.md](../docs/benchmarks.md)). Each section is the
latest run of that suite; running one suite (\`npm run bench -- --suite <name>\`) replaces only its
section. Figures from a shared or busy machine are lower than on a quiet one: each section says
the load average when it started.
`;

/** Rewrites RESULTS.md: replaces the sections of the suites that ran, keeps the others. */
export function writeResults(file: string, outcomes: SuiteOutcome[]): void {
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const sections = new Map<string, string>();
  for (const match of existing.matchAll(/<!-- suite:([\w-]+) -->\n[\s\S]*?<!-- \/suite:\1 -->\n/g)) {
    sections.set(match[1] as string, match[0]);
  }
  for (const outcome of outcomes) sections.set(outcome.suite.name, renderSection(outcome));
  const ordered = [...sections.keys()].sort().map((name) => sections.get(name));
  writeFileSync(file, `${HEADER}\n${ordered.join('\n')}`);
}

/** One suite's section: heading, description, machine line, table, notes. */
export function renderSection(outcome: SuiteOutcome): string {
  const { suite, rows, notes } = outcome;
  const lines = [
    `<!-- suite:${suite.name} -->`,
    `## ${suite.title}`,
    '',
    suite.description,
    '',
    `Run: ${outcome.machine} · took ${Math.round(outcome.seconds)} s`,
    '',
  ];
  if (outcome.error) lines.push(`**The suite failed:** ${outcome.error}`, '');
  if (rows.length > 0) lines.push(...renderTable(rows), '');
  const met = rows.filter((r) => r.target?.met).length;
  const targeted = rows.filter((r) => r.target).length;
  if (targeted > 0) lines.push(`Targets met: ${met} of ${targeted}.`, '');
  for (const note of notes) lines.push(`- ${note}`);
  if (notes.length > 0) lines.push('');
  lines.push(`<!-- /suite:${suite.name} -->`, '');
  return lines.join('\n');
}

function renderTable(rows: BenchRow[]): string[] {
  const columns: string[] = [];
  for (const row of rows) for (const key of Object.keys(row.values)) if (!columns.includes(key)) columns.push(key);
  const hasTargets = rows.some((r) => r.target);
  const header = ['Measurement', ...columns, ...(hasTargets ? ['Target', 'Met'] : [])];
  const body = rows.map((row) => [
    row.name,
    ...columns.map((c) => format(row.values[c])),
    ...(hasTargets ? [row.target?.goal ?? '', row.target ? (row.target.met ? 'met' : '**missed**') : ''] : []),
  ]);
  const escapeCell = (cell: string) => cell.replaceAll('|', '\\|');
  return [
    `| ${header.map(escapeCell).join(' | ')} |`,
    `| ${header.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...body.map((cells) => `| ${cells.map(escapeCell).join(' | ')} |`),
  ];
}

function format(value: string | number | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'number') return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return value;
}
