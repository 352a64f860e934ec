import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FindingGrade } from '../../../components/ui/finding-grade';
import { findingText } from '../../../lib/catalogue/finding-text';
import { versionFilePath } from '../../../lib/code-links';
import type { ScanFinding } from '../api/pack-manage';
import { groupFindings } from '../lib/processing';

const severityTone = {
  high: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  medium: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-100',
  low: 'bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
} as const;

/** What the scanner flagged, grouped by file, each with severity, line, message and code. */
export function FindingsList({
  findings,
  source,
}: {
  findings: ScanFinding[];
  /** The version the findings are about, to open each in its file; absent while it is being published. */
  source?: { nodeId: string; version: string };
}) {
  const { t } = useTranslation('pack-manage');
  const { t: common, i18n } = useTranslation('common');
  return (
    <div className="flex min-w-0 flex-col gap-3" data-testid="findings">
      {groupFindings(findings).map((group) => (
        <section key={group.file} className="min-w-0 rounded-lg border border-orange-300 p-3 dark:border-orange-800">
          <h4 className="font-mono text-sm font-semibold break-all">{group.file}</h4>
          <ul className="mt-2 flex flex-col gap-2">
            {group.findings.map((finding) => (
              <li key={`${finding.line_number}-${finding.issue_type}-${finding.scanner}`} className="min-w-0 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span
                    className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${severityTone[finding.severity ?? 'medium']}`}
                  >
                    {t(`findings.severity.${finding.severity ?? 'medium'}`)}
                  </span>
                  <span className="text-slate-700 dark:text-slate-300">
                    {t('findings.line', { line: finding.line_number })}
                  </span>
                  <FindingGrade finding={finding} />
                  {source ? (
                    <Link
                      to={versionFilePath(source.nodeId, source.version, finding.file_path, {
                        line: finding.line_number,
                        match: finding.code_snippet,
                      })}
                      className="text-brand-600 underline underline-offset-2 dark:text-brand-100"
                    >
                      {t('findings.openFile')}
                    </Link>
                  ) : null}
                  <span className="text-xs font-medium break-words text-slate-700 dark:text-slate-300">
                    {common(`scan.issue.${finding.issue_type}`, { defaultValue: finding.issue_type })}
                  </span>
                </div>
                <FindingSentence finding={finding} i18n={i18n} />
                {finding.code_snippet ? (
                  <pre
                    dir="ltr"
                    className="mt-1 overflow-x-auto rounded bg-slate-100 p-2 text-xs whitespace-pre-wrap break-all dark:bg-slate-800"
                  >
                    <code>{finding.code_snippet}</code>
                  </pre>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The finding in the reader's language; the scanner's English only for a type the app does not know. */
function FindingSentence({ finding, i18n }: { finding: ScanFinding; i18n: Parameters<typeof findingText>[1] }) {
  const { text, lang } = findingText(finding, i18n);
  // `lang` lets screen readers read the scanner's English as English.
  return (
    <p lang={lang} dir="auto" className="mt-1 break-words" data-testid="finding-text">
      {text}
    </p>
  );
}
