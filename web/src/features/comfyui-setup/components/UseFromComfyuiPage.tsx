import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { CopyBlock } from '../../../components/ui/copy-button';
import { config } from '../../../lib/config';
import { CONNECTOR_ZIP_PATH, setupCommands } from '../lib/commands';

const sectionClass = 'rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900';
const codeClass = 'rounded bg-slate-100 px-1.5 py-0.5 text-sm dark:bg-slate-800';

/**
 * `/use-from-comfyui`: how to point ComfyUI's front end, ComfyUI-Manager and comfy-cli at this
 * registry, with this instance's API address in every command.
 */
export function UseFromComfyuiPage() {
  const { t } = useTranslation('clients');
  const commands = setupCommands(config.apiUrl);

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);

  const command = (title: string, value: string) => (
    <CopyBlock
      title={title}
      value={value}
      label={t('copyLabel', { what: title })}
      text={{ copy: t('copy'), copied: t('copied'), failed: t('copyFailed'), copiedAnnounce: t('copiedAnnounce') }}
    />
  );

  return (
    <div className="mx-auto max-w-3xl space-y-6 py-10">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p className="text-slate-700 dark:text-slate-300">{t('intro')}</p>
        <p>
          {t('apiAddress')}{' '}
          <code dir="ltr" data-testid="api-address" className={codeClass}>
            {commands.apiUrl}
          </code>
        </p>
      </header>

      <section aria-labelledby="setup-frontend" className={sectionClass}>
        <h2 id="setup-frontend" className="text-xl font-semibold">
          {t('frontend.title')}
        </h2>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t('frontend.body')}</p>
        {commands.https ? null : (
          <div className="mt-4">
            <Alert tone="info">
              <p>{t('frontend.mixedContent')}</p>
            </Alert>
          </div>
        )}
      </section>

      <section aria-labelledby="setup-manager" className={sectionClass}>
        <h2 id="setup-manager" className="text-xl font-semibold">
          {t('manager.title')}
        </h2>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t('manager.body')}</p>
        <ol className="mt-4 list-decimal space-y-3 ps-5 text-sm">
          <li>
            <a href={CONNECTOR_ZIP_PATH} download className={buttonClass('primary', 'sm')}>
              {t('manager.download')}
            </a>
          </li>
          <li>{t('manager.unpack')}</li>
          <li>{t('manager.check')}</li>
        </ol>
        <div className="mt-4">{command(t('manager.variable'), commands.connectorVariable)}</div>
      </section>

      <section aria-labelledby="setup-cli" className={sectionClass}>
        <h2 id="setup-cli" className="text-xl font-semibold">
          {t('cli.title')}
        </h2>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t('cli.body')}</p>
        <div className="mt-4 space-y-3">
          {command(t('cli.forward'), commands.forward)}
          {command(t('cli.publish'), commands.publish)}
          {command(t('cli.install'), commands.install)}
        </div>
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{t('cli.note')}</p>
      </section>
    </div>
  );
}
