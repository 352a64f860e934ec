import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { formatNumber } from '../../../lib/format';
import { useComparison } from '../api/code';
import { type DiffLayout, FileDiff } from './DiffView';
import { type CodeFinding, FindingLink, FindingNote, notesForFile } from './FindingNote';
import { ReadError } from './parts';

/** Whether a finding sits on a line the diff shows (a new-side line of one of its hunks). */
function shownInDiff(
  finding: CodeFinding,
  files: { path: string; hunks: { new_start: number; new_lines: number }[] }[],
) {
  const file = files.find((f) => f.path === finding.file_path);
  return (
    file?.hunks.some((h) => finding.line_number >= h.new_start && finding.line_number < h.new_start + h.new_lines) ??
    false
  );
}

/**
 * What changed from `from` to `to`: the counts, the layout switch (`?view=split`, kept in the
 * address so a shared link shows the same), then every changed file. Findings, when given, sit
 * under the lines they are about; those on lines the diff does not show are listed first.
 */
export function CompareBody({
  nodeId,
  from,
  to,
  findings = [],
}: {
  nodeId: string;
  from: string;
  to: string;
  findings?: readonly CodeFinding[];
}) {
  const { t, i18n } = useTranslation('code');
  const [params, setParams] = useSearchParams();
  const layout: DiffLayout = params.get('view') === 'split' ? 'split' : 'unified';
  const comparison = useComparison(nodeId, from, to);
  const language = i18n.resolvedLanguage ?? 'en';
  const number = (value: number) => formatNumber(value, language);
  const setLayout = (next: DiffLayout) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (next === 'split') out.set('view', 'split');
        else out.delete('view');
        return out;
      },
      { replace: true, preventScrollReset: true },
    );

  if (comparison.isPending) return <Spinner label={t('compare.loading')} />;
  if (comparison.isError || !comparison.data) return <ReadError error={comparison.error} />;
  const data = comparison.data;
  const elsewhere = findings.filter((f) => !shownInDiff(f, data.files));
  return (
    <div className="space-y-4">
      <p className="text-sm" data-testid="compare-summary">
        {t('compare.summary', {
          added: number(data.added),
          removed: number(data.removed),
          modified: number(data.modified),
          unchanged: number(data.unchanged),
        })}{' '}
        <span className="text-green-700 dark:text-green-400">
          {t('compare.additions', { value: number(data.additions) })}
        </span>{' '}
        <span className="text-red-700 dark:text-red-400">
          {t('compare.deletions', { value: number(data.deletions) })}
        </span>
      </p>
      <fieldset className="flex flex-wrap items-center gap-3 text-sm">
        <legend className="sr-only">{t('compare.layout')}</legend>
        {(['unified', 'split'] as const).map((value) => (
          <label key={value} className="flex items-center gap-1.5">
            <input type="radio" name="diff-layout" checked={layout === value} onChange={() => setLayout(value)} />
            {t(`compare.${value}`)}
          </label>
        ))}
      </fieldset>
      {elsewhere.length > 0 ? (
        <section
          aria-labelledby="findings-elsewhere"
          className="rounded-lg border border-orange-300 p-3 dark:border-orange-800"
        >
          <h2 id="findings-elsewhere" className="font-semibold">
            {t('review.elsewhere')}
          </h2>
          <ul className="mt-2 space-y-3">
            {elsewhere.map((finding) => (
              <li key={`${finding.file_path}:${finding.line_number}:${finding.issue_type}`}>
                <FindingLink nodeId={nodeId} version={to} finding={finding}>
                  <span dir="ltr" className="font-mono">
                    {finding.file_path}
                  </span>{' '}
                  {t('review.atLine', { line: finding.line_number })}
                </FindingLink>
                <FindingNote finding={finding} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {data.files.length === 0 ? <p className="text-sm">{t('compare.noChanges')}</p> : null}
      {data.files.map((file) => (
        <FileDiff
          key={file.path}
          nodeId={nodeId}
          from={from}
          to={to}
          file={file}
          layout={layout}
          notes={findings.length > 0 ? notesForFile(findings, file.path) : undefined}
        />
      ))}
    </div>
  );
}
