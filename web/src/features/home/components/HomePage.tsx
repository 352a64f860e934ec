import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { ExternalIcon } from '../../../components/ui/icons';
import { publishCommand } from '../../../lib/catalogue/publish-command';
import { config, docsUrlFor } from '../../../lib/config';

/**
 * The landing text under the home search: what the registry is, how to install a pack, how to
 * publish one. Its title is an h2 because the search above it holds the page's one h1.
 */
export function HomePage() {
  const { t, i18n } = useTranslation();
  const steps = ['discover', 'install', 'publish'] as const;
  return (
    <div className="py-12 sm:py-20">
      <section className="mx-auto max-w-3xl text-center">
        <h2 className="text-4xl font-bold tracking-tight sm:text-5xl">{t('home.title')}</h2>
        <p className="mt-5 text-lg text-slate-700 dark:text-slate-300">{t('home.subtitle')}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/nodes" className={buttonClass('primary', 'md', 'h-11 px-5')}>
            {t('home.getStarted')}
          </Link>
          <a
            href={docsUrlFor(i18n.resolvedLanguage ?? 'en')}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('secondary', 'md', 'h-11 px-5')}
          >
            {t('home.readDocs')}
            <ExternalIcon width={16} height={16} />
          </a>
        </div>
      </section>
      <section aria-labelledby="home-how" className="mx-auto mt-16 max-w-5xl">
        <h2 id="home-how" className="sr-only">
          {t('home.howTitle')}
        </h2>
        <ol className="grid gap-4 md:grid-cols-3">
          {steps.map((step, index) => (
            <li
              key={step}
              className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
            >
              <p className="text-sm font-semibold text-brand-600 dark:text-brand-100">
                {t('home.stepNumber', { number: index + 1 })}
              </p>
              <h3 className="mt-1 text-lg font-semibold">{t(`home.steps.${step}.title`)}</h3>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t(`home.steps.${step}.body`)}</p>
              {step === 'install' ? (
                <pre
                  dir="ltr"
                  className="mt-3 whitespace-pre-wrap break-all rounded-lg bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800"
                >
                  <code>comfy node install &lt;node-id&gt;</code>
                </pre>
              ) : null}
              {step === 'publish' ? (
                <pre
                  dir="ltr"
                  className="mt-3 whitespace-pre-wrap break-all rounded-lg bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800"
                >
                  <code>{publishCommand('<token>')}</code>
                </pre>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      <section className="mx-auto mt-12 max-w-3xl text-center text-sm text-slate-700 dark:text-slate-300">
        <p>
          {t('home.apiReference')}{' '}
          <a
            className="text-brand-600 underline underline-offset-2 dark:text-brand-100"
            href={`${config.apiUrl}/docs`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('home.apiReferenceLink')}
          </a>
        </p>
        <p className="mt-2">
          {t('home.useFromComfyui')}{' '}
          <Link className="text-brand-600 underline underline-offset-2 dark:text-brand-100" to="/use-from-comfyui">
            {t('home.useFromComfyuiLink')}
          </Link>
        </p>
      </section>
    </div>
  );
}
