import { useTranslation } from 'react-i18next';

/** The parts of a finding that say what it does to its version and where its code runs. */
export interface GradedFinding {
  line_number: number;
  column?: number;
  code_snippet?: string;
  grade?: 'hold' | 'label';
  label?: string;
  context?: 'import' | 'runtime' | 'install' | 'unimported' | 'file';
}

/**
 * Whether a finding holds its version for review or only labels it (findings stored before grades
 * existed held), where its code runs, and, when the excerpt is cut from a longer line (minified
 * files), the column it starts at: the line number alone does not find it there.
 */
export function FindingGrade({ finding }: { finding: GradedFinding }) {
  const { t } = useTranslation('common');
  const grade = finding.grade ?? 'hold';
  const tone =
    grade === 'hold'
      ? 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100'
      : 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100';
  return (
    <>
      <span
        className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}
        data-testid="finding-grade"
      >
        {grade === 'label' && finding.label
          ? `${t('scanGrade.label')}: ${t(`versionLabels.name.${finding.label}`, { defaultValue: finding.label })}`
          : t(`scanGrade.${grade}`)}
      </span>
      {finding.context ? (
        <span className="text-xs text-slate-600 dark:text-slate-400">{t(`scanContext.${finding.context}`)}</span>
      ) : null}
      {finding.column !== undefined && finding.column > 1 && finding.code_snippet?.startsWith('…') ? (
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {t('scanColumn', { column: finding.column })}
        </span>
      ) : null}
    </>
  );
}
