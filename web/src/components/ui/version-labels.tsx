import { useTranslation } from 'react-i18next';

/**
 * What the automated checks saw a version's code do (`labels` on a NodeVersion), as small chips
 * with a sentence each on hover and for screen readers. A label this app has no words for yet (a
 * newer server) shows its id.
 */
export function VersionLabels({ labels, className }: { labels: string[] | undefined; className?: string }) {
  const { t } = useTranslation('common');
  if (!labels || labels.length === 0) return null;
  return (
    <ul
      aria-label={t('versionLabels.title')}
      data-testid="version-labels"
      className={`relative z-10 flex flex-wrap gap-1.5 ${className ?? ''}`}
    >
      {labels.map((label) => {
        const detail = t(`versionLabels.detail.${label}`, { defaultValue: '' });
        return (
          <li
            key={label}
            title={detail || undefined}
            className="inline-flex rounded-full border border-amber-400 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          >
            {t(`versionLabels.name.${label}`, { defaultValue: label })}
            {/* A title is read by few screen readers and by no touch screen: the sentence is in the text too. */}
            {detail ? <span className="sr-only">: {detail}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
