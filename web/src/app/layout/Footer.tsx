import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { config } from '../../lib/config';

const linkClass =
  'rounded underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * The foot of every page: this instance's terms, privacy notice and contact (each only when the
 * operator set it), the API reference, setup for ComfyUI, the source, and the registry's version.
 */
export function Footer() {
  const { t } = useTranslation();
  const { footer, apiUrl, version } = config;
  const external = { target: '_blank', rel: 'noopener noreferrer', className: linkClass } as const;
  return (
    <footer className="mt-16 border-t border-slate-200 dark:border-slate-800">
      <div className="mx-auto flex max-w-screen-xl flex-wrap items-center justify-between gap-x-6 gap-y-3 px-4 py-6 text-sm text-slate-700 dark:text-slate-300">
        <nav aria-label={t('footer.label')}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            <li>
              <a href={`${apiUrl}/docs`} {...external}>
                {t('footer.api')}
              </a>
            </li>
            <li>
              <Link to="/use-from-comfyui" className={linkClass}>
                {t('footer.useFromComfyui')}
              </Link>
            </li>
            {footer.sourceUrl ? (
              <li>
                <a href={footer.sourceUrl} {...external}>
                  {t('footer.source')}
                </a>
              </li>
            ) : null}
            {footer.termsUrl ? (
              <li>
                <a href={footer.termsUrl} {...external}>
                  {t('footer.terms')}
                </a>
              </li>
            ) : null}
            {footer.privacyUrl ? (
              <li>
                <a href={footer.privacyUrl} {...external}>
                  {t('footer.privacy')}
                </a>
              </li>
            ) : null}
            {footer.contactEmail ? (
              <li>
                <a href={`mailto:${footer.contactEmail}`} className={linkClass}>
                  {t('footer.contact')}
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
        <p className="text-slate-600 dark:text-slate-400">
          {t('footer.version')} <span dir="ltr">{version}</span>
        </p>
      </div>
    </footer>
  );
}
