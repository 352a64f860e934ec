import type { SkippedEntry, SkipReason } from './plan.js';

/** What one import did. `imported` and `updated` list pack ids in catalogue order. */
export interface ImportReport {
  /** Entries in the node list. */
  entries: number;
  imported: string[];
  updated: string[];
  unchanged: number;
  /** Of `updated`, packs owned by a real publisher (only stars and class names refreshed). */
  claimedUpdated: number;
  skipped: SkippedEntry[];
  rewrittenIds: { from: string; to: string }[];
  /** Packs imported with their description cut to the pack limit, with the original length. */
  truncatedDescriptions: { id: string; length: number }[];
  classNames: { added: number; removed: number };
  /** Other ids packs answer to (the Manager's id, the repository-derived id), and how they changed. */
  aliases: { added: number; removed: number };
  /** `nodename_pattern` rows added, changed or removed. */
  classPatterns: number;
  /**
   * ComfyUI's own class names (`core_comfy_nodes`) after the import, and how they changed; null
   * when the node map was not given or has no entry for ComfyUI (the table is then left alone).
   */
  coreClasses: { count: number; added: number; removed: number } | null;
  /** Unclaimed packs in the database that the list no longer has (left as they are). */
  notInList: number;
  warnings: string[];
  durationMs: number;
}

const EXAMPLES = 5;

/** The report as text for the command line: counts, then each skip reason with example ids. */
export function formatImportReport(report: ImportReport): string {
  const lines = [
    `Entries in list: ${report.entries}`,
    `Imported:  ${report.imported.length}`,
    `Updated:   ${report.updated.length}${report.claimedUpdated > 0 ? ` (${report.claimedUpdated} claimed packs: stars and class names only)` : ''}`,
    `Unchanged: ${report.unchanged}`,
    `Skipped:   ${report.skipped.length}`,
  ];
  const byReason = new Map<SkipReason, SkippedEntry[]>();
  for (const skip of report.skipped) byReason.set(skip.reason, [...(byReason.get(skip.reason) ?? []), skip]);
  for (const [reason, skips] of byReason) {
    lines.push(`  ${reason}: ${skips.length}`);
    for (const skip of skips.slice(0, EXAMPLES)) lines.push(`    ${skip.id || `entry ${skip.index}`}: ${skip.detail}`);
    if (skips.length > EXAMPLES) lines.push(`    ... and ${skips.length - EXAMPLES} more`);
  }
  if (report.rewrittenIds.length > 0) {
    lines.push(`Ids rewritten to satisfy the node-id rules: ${report.rewrittenIds.length}`);
    for (const { from, to } of report.rewrittenIds.slice(0, EXAMPLES)) lines.push(`    "${from}" -> ${to}`);
    if (report.rewrittenIds.length > EXAMPLES) lines.push(`    ... and ${report.rewrittenIds.length - EXAMPLES} more`);
  }
  if (report.truncatedDescriptions.length > 0) {
    lines.push(`Descriptions cut to the pack limit: ${report.truncatedDescriptions.length}`);
    for (const { id, length } of report.truncatedDescriptions.slice(0, EXAMPLES)) {
      lines.push(`    ${id}: ${length} characters`);
    }
    if (report.truncatedDescriptions.length > EXAMPLES) {
      lines.push(`    ... and ${report.truncatedDescriptions.length - EXAMPLES} more`);
    }
  }
  lines.push(`Class names: ${report.classNames.added} added, ${report.classNames.removed} removed`);
  lines.push(`Aliases (other ids of packs): ${report.aliases.added} added, ${report.aliases.removed} removed`);
  lines.push(`Class name patterns changed: ${report.classPatterns}`);
  lines.push(
    report.coreClasses === null
      ? 'Core ComfyUI classes: left as they were (no node map, or no ComfyUI entry in it)'
      : `Core ComfyUI classes: ${report.coreClasses.count} (${report.coreClasses.added} added, ${report.coreClasses.removed} removed)`,
  );
  if (report.notInList > 0) lines.push(`Unclaimed packs no longer in the list (kept): ${report.notInList}`);
  for (const warning of report.warnings.slice(0, EXAMPLES)) lines.push(`Warning: ${warning}`);
  if (report.warnings.length > EXAMPLES) lines.push(`Warning: ... and ${report.warnings.length - EXAMPLES} more`);
  lines.push(`Took ${(report.durationMs / 1000).toFixed(2)} s`);
  return `${lines.join('\n')}\n`;
}
