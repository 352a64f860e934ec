/**
 * The moderation policy of every scan rule (docs/moderation.md explains each one with a true and
 * a false example). A rule either HOLDS the version (Flagged until an admin looks) or LABELS it
 * (the version is installable and carries a label users see before they install).
 *
 * A new rule declares its grade by adding its `issue_type` here; `finding()` stamps the grade and
 * label on every finding it builds, and the pipeline holds a version only on hold-grade findings.
 * An issue type missing from this table holds (the safe default), so a rule cannot be forgotten
 * into silence.
 */

/** What a finding does to its version. */
export type Grade = 'hold' | 'label';

/** Where the code a finding points at runs. */
export type FindingContext =
  /** When ComfyUI loads the pack (`__init__.py`, `prestartup_script.py` and what they reach at module level). */
  | 'import'
  /** Inside functions and node methods of imported modules: when a node, route or callback runs. */
  | 'runtime'
  /** `install.py` and what it reaches: ComfyUI-Manager runs it when the pack is installed. */
  | 'install'
  /** A Python file nothing imports or runs (maintainer scripts, tests, examples). */
  | 'unimported'
  /** JavaScript served to the browser, or another text file of the archive. */
  | 'file';

/** Where the code at an offset of a file runs, for rules that match text rather than syntax. */
export type ContextAt = (index: number) => FindingContext;

/** The labels a version can carry; each is shown to users in every locale. */
export const VERSION_LABELS = [
  'installs_packages',
  'starts_processes',
  'runs_dynamic_code',
  'native_code',
  'unscanned_code',
  'installs_from_outside_index',
  'pins_dependencies',
  'git_dependencies',
  'extra_index',
] as const;
export type VersionLabel = (typeof VERSION_LABELS)[number];

export interface RulePolicy {
  grade: Grade;
  /** The label a label-grade finding gives its version. */
  label?: VersionLabel;
  /**
   * Whether the rule holds even in a file nothing imports. Rules whose match is evidence by
   * itself (a miner's pool address, a credential-store path, a decoded payload run as code) hold
   * anywhere; rules about how code behaves when it runs only label a script that never runs.
   */
  holdsAnywhere?: boolean;
}

export const RULE_POLICY: Readonly<Record<string, RulePolicy>> = {
  download_and_execute: { grade: 'hold', holdsAnywhere: true },
  obfuscated_code_execution: { grade: 'hold', holdsAnywhere: true },
  credential_access: { grade: 'hold', holdsAnywhere: true },
  crypto_miner: { grade: 'hold', holdsAnywhere: true },
  exfiltration: { grade: 'hold', holdsAnywhere: true },
  obfuscated_import: { grade: 'hold' },
  obfuscated_attribute: { grade: 'hold' },
  aliased_dangerous_call: { grade: 'hold' },
  native_executable: { grade: 'hold', holdsAnywhere: true },
  processing_failed: { grade: 'hold', holdsAnywhere: true },
  native_binary: { grade: 'label', label: 'native_code' },
  runtime_pip_install: { grade: 'label', label: 'installs_packages' },
  install_script_pip: { grade: 'label', label: 'installs_packages' },
  install_script_process: { grade: 'label', label: 'starts_processes' },
  process_at_import: { grade: 'label', label: 'starts_processes' },
  process_at_runtime: { grade: 'label', label: 'starts_processes' },
  dynamic_code_execution: { grade: 'label', label: 'runs_dynamic_code' },
  unscanned_source: { grade: 'label', label: 'unscanned_code' },
  dependency_outside_index: { grade: 'hold', holdsAnywhere: true },
  dependency_lookalike: { grade: 'hold', holdsAnywhere: true },
  dependency_git: { grade: 'label', label: 'git_dependencies' },
  dependency_pinned: { grade: 'label', label: 'pins_dependencies' },
  dependency_extra_index: { grade: 'label', label: 'extra_index' },
};

/** The policy of an issue type; unknown types hold. */
export function policyOf(issueType: string): RulePolicy {
  return RULE_POLICY[issueType] ?? { grade: 'hold', holdsAnywhere: true };
}

/**
 * The grade and label of one finding: its rule's, except that a rule about running code only
 * notes a file that never runs (no hold, no label on the version).
 */
export function gradeFinding(
  issueType: string,
  context: FindingContext | undefined,
): { grade: Grade; label?: VersionLabel } {
  const policy = policyOf(issueType);
  if (context === 'unimported' && !policy.holdsAnywhere) return { grade: 'label' };
  return policy.label ? { grade: policy.grade, label: policy.label } : { grade: policy.grade };
}
