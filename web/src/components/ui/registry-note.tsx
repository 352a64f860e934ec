import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { config } from '../../lib/config';

/**
 * The line under every comfy-cli command: which registry the command is meant for and that
 * comfy-cli has to be pointed at it first (it talks to api.comfy.org unless told otherwise; see
 * docs/clients.md), with a link to the page that shows how for this instance.
 */
export function RegistryNote({ kind }: { kind: 'install' | 'publish' }) {
  const { t } = useTranslation();
  return (
    <p data-testid="registry-note" className="text-sm text-slate-700 dark:text-slate-300">
      {t(`registryNote.${kind}`, { apiUrl: config.apiUrl })}{' '}
      <Link to="/use-from-comfyui" className="text-brand-600 underline underline-offset-2 dark:text-brand-100">
        {t('registryNote.howTo')}
      </Link>
    </p>
  );
}
