import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { CopyBlock } from '../../../components/ui/copy-button';
import { RegistryNote } from '../../../components/ui/registry-note';
import { analytics } from '../../../lib/analytics-client';
import { publishCommands, pyprojectSnippet } from '../lib/snippets';

/** The publisher the walkthrough is for, once one exists. */
export interface WalkthroughPublisher {
  id: string;
  name: string;
}

/**
 * The first-publish walkthrough: create a publisher, create a token, write pyproject.toml, run
 * `comfy node publish`. Snippets carry the publisher's id once there is one.
 */
export function GettingStarted({ publisher }: { publisher?: WalkthroughPublisher }) {
  const { t } = useTranslation('dashboard');
  const copyText = {
    copy: t('copy.copy'),
    copied: t('copy.copied'),
    failed: t('copy.failed'),
    copiedAnnounce: t('copy.copiedAnnounce'),
  };
  const track = (snippet: string, ok: boolean) => analytics.track('Publish Snippet Copied', { snippet, ok });
  const manage = publisher ? `/publishers/${encodeURIComponent(publisher.id)}/manage` : '';
  const stepClass =
    'relative min-w-0 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';
  return (
    <section aria-labelledby="getting-started" className="mt-6 min-w-0">
      <h2 id="getting-started" className="text-lg font-semibold">
        {t('start.title')}
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{t('start.intro')}</p>
      <ol className="mt-4 grid min-w-0 gap-4">
        <li className={stepClass}>
          <h3 className="font-semibold">{t('start.step1.title')}</h3>
          {publisher ? (
            <p className="mt-1 text-sm text-green-800 dark:text-green-300">
              {t('start.step1.done', { id: publisher.id })}
            </p>
          ) : (
            <>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('start.step1.body')}</p>
              <Link to="/publishers/create" className={buttonClass('primary', 'sm', 'mt-3')}>
                {t('newPublisher')}
              </Link>
            </>
          )}
        </li>
        <li className={stepClass}>
          <h3 className="font-semibold">{t('start.step2.title')}</h3>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('start.step2.body')}</p>
          {publisher ? (
            <Link to={`${manage}#tokens`} className={buttonClass('secondary', 'sm', 'mt-3')}>
              {t('start.step2.action')}
            </Link>
          ) : null}
        </li>
        <li className={stepClass}>
          <h3 className="font-semibold">{t('start.step3.title')}</h3>
          <p className="mt-1 mb-2 text-sm text-slate-700 dark:text-slate-300">{t('start.step3.body')}</p>
          <CopyBlock
            title="pyproject.toml"
            value={pyprojectSnippet({ publisherId: publisher?.id ?? '', displayName: publisher?.name ?? '' })}
            text={copyText}
            label={t('start.step3.copyLabel')}
            onCopy={(ok) => track('pyproject', ok)}
          />
        </li>
        <li className={stepClass}>
          <h3 className="font-semibold">{t('start.step4.title')}</h3>
          <p className="mt-1 mb-2 text-sm text-slate-700 dark:text-slate-300">{t('start.step4.body')}</p>
          <CopyBlock
            title={t('start.step4.terminal')}
            value={publishCommands()}
            text={copyText}
            label={t('start.step4.copyLabel')}
            onCopy={(ok) => track('publish', ok)}
          />
          <div className="mt-3">
            <RegistryNote kind="publish" />
          </div>
          {publisher ? (
            <div className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-800">
              <p className="text-sm text-slate-700 dark:text-slate-300">{t('start.browser.body')}</p>
              <Link
                to={`/publishers/${encodeURIComponent(publisher.id)}/publish`}
                className={buttonClass('secondary', 'sm', 'mt-2')}
              >
                {t('start.browser.action')}
              </Link>
            </div>
          ) : null}
          <p className="mt-3 text-sm">
            <a
              href="https://docs.comfy.org/registry/specifications"
              target="_blank"
              rel="noopener noreferrer"
              className="text-brand-600 underline underline-offset-2 dark:text-brand-100"
            >
              {t('start.docs')}
            </a>
          </p>
        </li>
      </ol>
    </section>
  );
}
