import type { PackRequirements } from '../../engines/archive/requirements/index.js';
import type { PythonRequirementJson } from '../catalogue/wire.js';

/** A pack's requirements as stored and served, in the order pip reads them (file by file, line by line). */
export function requirementRows(read: PackRequirements): PythonRequirementJson[] {
  const fileOrder = (file: string) => read.files.indexOf(file);
  const blank = { name: '', specifier: '', extras: [], markers: '', url: '', option: '', editable: false, problem: '' };
  const rows: PythonRequirementJson[] = [
    ...read.requirements.map((r) => ({
      ...blank,
      kind: r.constraint ? ('constraint' as const) : ('requirement' as const),
      name: r.name,
      specifier: r.specifier,
      extras: r.extras,
      markers: r.markers,
      url: r.url,
      editable: r.editable,
      source_file: r.sourceFile,
      line: r.line,
      text: r.text,
    })),
    ...read.options.map((o) => ({
      ...blank,
      kind: 'option' as const,
      url: o.value,
      option: o.option,
      source_file: o.sourceFile,
      line: o.line,
      text: o.text,
    })),
    ...read.problems.map((p) => ({
      ...blank,
      kind: 'problem' as const,
      source_file: p.sourceFile,
      line: p.line,
      text: p.text,
      problem: p.message,
    })),
  ];
  return rows.sort((a, b) => fileOrder(a.source_file) - fileOrder(b.source_file) || a.line - b.line);
}
