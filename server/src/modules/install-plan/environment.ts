import { explain, satisfies, validRange } from '@renovatebot/pep440';
import type { ComfyuiRelease } from './comfyui-releases.js';
import { type RequirementLine, readRequirementLine } from './requirement-line.js';

/** Who wants a requirement: a pack's version, or the chosen ComfyUI release. */
export interface RequirementHolder {
  kind: 'pack' | 'comfyui';
  id: string;
  version: string | null;
  requirement: string;
}

/** One pack version's declared environment and requirements, as the check reads them. */
export interface PackEnvironment {
  id: string;
  version: string;
  /** The version's Python requirements; null when they are not known. */
  requirements: RequirementLine[] | null;
  /** What was found in the version's requirements that the check cannot use (pip options, unreadable lines). */
  notes?: string[];
  supportedOs: string[];
  supportedAccelerators: string[];
  /** A PEP 440 specifier of the ComfyUI versions it supports, '' when it declares none. */
  supportedComfyuiVersion: string;
}

/** What the user says they run; every field optional. */
export interface UserEnvironment {
  os?: string | undefined;
  accelerator?: string | undefined;
  comfyuiVersion?: string | undefined;
}

export interface MergedRequirement {
  name: string;
  status: 'ok' | 'conflict' | 'unchecked';
  wanted_by: RequirementHolder[];
  note: string | null;
}

export interface RequirementConflict {
  name: string;
  between: RequirementHolder[];
  reason: string;
}

export interface CompatibilityCheck {
  pack: string;
  check: 'os' | 'accelerator' | 'comfyui_version';
  declared: string;
  given: string | null;
  status: 'ok' | 'mismatch' | 'unchecked';
}

export interface EnvironmentReport {
  comfyui_release: { id: string; label: string; source: string } | null;
  requirements: MergedRequirement[];
  conflicts: RequirementConflict[];
  compatibility: CompatibilityCheck[];
  unchecked: string[];
}

/** Versions that sit on and just beside every bound of the specifiers: where ranges can meet. */
function candidateVersions(specifiers: string[]): string[] {
  const out = new Set<string>(['0', '0.0.1', '9999']);
  for (const spec of specifiers) {
    for (const match of spec.matchAll(/(?:~=|===|==|!=|<=|>=|<|>)\s*([0-9][0-9A-Za-z.!+*-]*)/g)) {
      const bound = (match[1] ?? '').replace(/\.\*$/, '');
      const parsed = explain(bound);
      if (!parsed) continue;
      const release = parsed.release;
      out.add(bound);
      out.add(`${release.join('.')}.0.1`);
      release.forEach((_, i) => {
        const up = release.slice(0, i + 1);
        up[i] = (up[i] ?? 0) + 1;
        out.add(up.join('.'));
      });
      const last = release.findLastIndex((n) => n > 0);
      if (last !== -1) {
        const down = release.slice(0, last + 1);
        down[last] = (down[last] ?? 1) - 1;
        out.add(`${down.join('.')}.999`);
      }
    }
  }
  return [...out];
}

/** Whether some version satisfies every specifier (found by trying the versions at their bounds). */
export function rangesMeet(specifiers: string[]): boolean {
  const constrained = specifiers.filter((s) => s !== '');
  if (constrained.length === 0) return true;
  const combined = constrained.join(',');
  return candidateVersions(constrained).some((v) => satisfies(v, combined));
}

/** The pairs of holders whose ranges cannot both hold; the whole group when no pair alone clashes. */
function clashingPairs(holders: { holder: RequirementHolder; line: RequirementLine }[]): RequirementHolder[][] {
  const pairs: RequirementHolder[][] = [];
  for (let i = 0; i < holders.length; i++) {
    for (let j = i + 1; j < holders.length; j++) {
      const a = holders[i];
      const b = holders[j];
      if (a && b && !rangesMeet([a.line.specifier, b.line.specifier])) pairs.push([a.holder, b.holder]);
    }
  }
  return pairs.length > 0 ? pairs : [holders.map((h) => h.holder)];
}

const OS_NAMES: Record<string, string> = {
  windows: 'windows',
  win: 'windows',
  win32: 'windows',
  linux: 'linux',
  macos: 'macos',
  mac: 'macos',
  darwin: 'macos',
  osx: 'macos',
};
const ACCELERATOR_NAMES: Record<string, string> = {
  cuda: 'cuda',
  nvidia: 'cuda',
  rocm: 'rocm',
  amd: 'rocm',
  mps: 'metal',
  metal: 'metal',
  xpu: 'xpu',
  intel: 'xpu',
  directml: 'directml',
  cpu: 'cpu',
};

function canonical(value: string, names: Record<string, string>): string {
  const key = value.trim().toLowerCase().replace(/\s+/g, '');
  return names[key] ?? key;
}

/** Whether a declared list allows the given value; undefined when nothing was declared or given. */
function listCheck(
  pack: string,
  check: 'os' | 'accelerator',
  declared: string[],
  given: string | undefined,
  names: Record<string, string>,
): CompatibilityCheck | undefined {
  const real = declared.filter((d) => d.trim() !== '' && !/independent|any/i.test(d));
  if (real.length === 0) return undefined;
  if (!given) return { pack, check, declared: real.join(', '), given: null, status: 'unchecked' };
  const wanted = canonical(given, names);
  const ok = real.some((d) => canonical(d, names) === wanted);
  return { pack, check, declared: real.join(', '), given, status: ok ? 'ok' : 'mismatch' };
}

/**
 * Merges the requirements of the given pack versions (and of a ComfyUI release) by distribution
 * name and names every conflict, and checks each version's declared OS, accelerator and ComfyUI
 * range against what the user runs. What cannot be decided without the package index (whether
 * versions exist in a range, what packages require in turn) or without the user's environment
 * (markers) is listed as unchecked rather than guessed.
 */
export function checkEnvironment(
  packs: PackEnvironment[],
  user: UserEnvironment,
  release: ComfyuiRelease | undefined,
): EnvironmentReport {
  const unchecked: string[] = [];
  const byName = new Map<string, { holder: RequirementHolder; line: RequirementLine }[]>();
  const add = (holder: Omit<RequirementHolder, 'requirement'>, line: RequirementLine | null) => {
    if (!line) return;
    if (line.name === '') {
      unchecked.push(`${holder.id}: ${line.raw}: a direct reference that names no package`);
      return;
    }
    const list = byName.get(line.name) ?? [];
    // requirements.txt and pyproject.toml often say the same thing twice.
    if (list.some((h) => h.holder.id === holder.id && h.holder.kind === holder.kind && h.line.raw === line.raw)) return;
    list.push({ holder: { ...holder, requirement: line.raw }, line });
    byName.set(line.name, list);
  };
  for (const pack of packs) {
    if (pack.requirements === null) {
      unchecked.push(`requirements of ${pack.id} ${pack.version}: not known to the registry`);
      continue;
    }
    for (const line of pack.requirements) add({ kind: 'pack', id: pack.id, version: pack.version }, line);
    for (const note of pack.notes ?? []) unchecked.push(`${pack.id} ${pack.version}: ${note}`);
  }
  if (release) {
    for (const text of release.requirements)
      add({ kind: 'comfyui', id: release.id, version: null }, readRequirementLine(text));
  }

  const requirements: MergedRequirement[] = [];
  const conflicts: RequirementConflict[] = [];
  for (const [name, holders] of [...byName].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const wanted_by = holders.map((h) => h.holder);
    const direct = holders.filter((h) => h.line.url !== null);
    const marked = holders.filter((h) => h.line.marker !== null);
    const unreadable = holders.filter((h) => h.line.specifier !== '' && !validRange(h.line.specifier));
    const plain = holders.filter((h) => h.line.url === null && h.line.marker === null && validRange(h.line.specifier));
    if (plain.length > 1 && !rangesMeet(plain.map((h) => h.line.specifier))) {
      for (const between of clashingPairs(plain)) {
        conflicts.push({
          name,
          between,
          reason: `no version of ${name} satisfies ${between.map((h) => h.requirement).join(' and ')}`,
        });
      }
      requirements.push({ name, status: 'conflict', wanted_by, note: null });
      continue;
    }
    const notes: string[] = [];
    if (direct.length > 0) notes.push('installed from a direct URL: its version cannot be known here');
    if (marked.length > 0) notes.push(`applies only where ${marked.map((h) => h.line.marker).join('; ')}`);
    if (unreadable.length > 0) notes.push(`not a PEP 440 range: ${unreadable.map((h) => h.line.specifier).join(', ')}`);
    const uncheckable = (direct.length > 0 || marked.length > 0 || unreadable.length > 0) && holders.length > 1;
    requirements.push({
      name,
      status: uncheckable ? 'unchecked' : 'ok',
      wanted_by,
      note: notes.length > 0 ? notes.join('; ') : null,
    });
  }

  const compatibility: CompatibilityCheck[] = [];
  for (const pack of packs) {
    const os = listCheck(pack.id, 'os', pack.supportedOs, user.os, OS_NAMES);
    const accelerator = listCheck(
      pack.id,
      'accelerator',
      pack.supportedAccelerators,
      user.accelerator,
      ACCELERATOR_NAMES,
    );
    if (os) compatibility.push(os);
    if (accelerator) compatibility.push(accelerator);
    const range = pack.supportedComfyuiVersion.trim();
    if (range !== '') {
      const status = !user.comfyuiVersion
        ? 'unchecked'
        : !validRange(range) || !explain(user.comfyuiVersion)
          ? 'unchecked'
          : satisfies(user.comfyuiVersion, range)
            ? 'ok'
            : 'mismatch';
      compatibility.push({
        pack: pack.id,
        check: 'comfyui_version',
        declared: range,
        given: user.comfyuiVersion ?? null,
        status,
      });
    }
  }

  if (byName.size > 0) {
    unchecked.push(
      'that a version satisfying each merged range exists on the package index, and what those packages require in turn: that needs the package index',
    );
  }
  return {
    comfyui_release: release ? { id: release.id, label: release.label, source: release.source } : null,
    requirements,
    conflicts,
    compatibility,
    unchecked,
  };
}
