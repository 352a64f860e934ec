import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Shown above the results when the search names a class that ships with ComfyUI (`KSampler`):
 * it needs no pack, whatever packs also register a class of that name.
 */
export function CoreClassNotice({ name }: { name: string }) {
  const { t } = useTranslation('search');
  return (
    <section
      aria-label={t('core.title')}
      data-testid="core-class-notice"
      className="mt-4 rounded-2xl border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50"
    >
      <p className="font-semibold">{t('core.title')}</p>
      <p className="mt-1">
        <Link
          to={`/comfy-nodes/${encodeURIComponent(name)}`}
          className="font-medium underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <code dir="ltr">{name}</code>
        </Link>{' '}
        {t('core.body')}
      </p>
    </section>
  );
}
