import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type FindingFacts, findingText } from '../../../lib/catalogue/finding-text';
import { versionFilePath } from '../../../lib/code-links';
import { linkClass } from './parts';

/** What the code view shows of a scanner finding. */
export interface CodeFinding extends FindingFacts {
  previously_approved: boolean;
  severity?: 'high' | 'medium' | 'low';
}

/** A finding where it belongs: its issue, the sentence, and whether it is new or was approved before. */
export function FindingNote({ finding }: { finding: CodeFinding }) {
  const { t, i18n } = useTranslation('code');
  const sentence = findingText(finding, i18n);
  return (
    <div className="text-sm" data-finding={finding.issue_type}>
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={`rounded px-1.5 text-xs font-semibold ${
            finding.previously_approved
              ? 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100'
              : 'bg-orange-200 text-orange-950 dark:bg-orange-800 dark:text-orange-50'
          }`}
        >
          {finding.previously_approved ? t('review.carried') : t('review.new')}
        </span>
        <span className="font-medium">
          {i18n.t(`scan.issue.${finding.issue_type}`, { ns: 'common', defaultValue: finding.issue_type })}
        </span>
      </div>
      <p lang={sentence.lang} className="mt-1 break-words">
        {sentence.text}
      </p>
    </div>
  );
}

/** Notes for the lines of one file: every finding of that file, by line number. */
export function notesForFile(findings: readonly CodeFinding[], path: string): Map<number, ReactNode> {
  const byLine = new Map<number, CodeFinding[]>();
  for (const finding of findings) {
    if (finding.file_path !== path) continue;
    byLine.set(finding.line_number, [...(byLine.get(finding.line_number) ?? []), finding]);
  }
  return new Map(
    [...byLine.entries()].map(([line, list]) => [
      line,
      <div key={line} className="space-y-2">
        {list.map((f) => (
          <FindingNote key={`${f.issue_type}:${f.code_snippet}`} finding={f} />
        ))}
      </div>,
    ]),
  );
}

/** A link to the file of a finding, opened at its line with its match marked. */
export function FindingLink({
  nodeId,
  version,
  finding,
  children,
}: {
  nodeId: string;
  version: string;
  finding: CodeFinding;
  children: ReactNode;
}) {
  return (
    <Link
      to={versionFilePath(nodeId, version, finding.file_path, {
        line: finding.line_number,
        match: finding.code_snippet,
      })}
      className={linkClass}
    >
      {children}
    </Link>
  );
}
