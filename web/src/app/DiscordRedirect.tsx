import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '../lib/config';

/**
 * `/discord`: the web listener redirects this path itself; this covers in-app navigation and
 * the development server by sending the browser to the configured invite.
 */
export function DiscordRedirect() {
  const { t } = useTranslation();
  useEffect(() => {
    window.location.replace(config.discordUrl);
  }, []);
  return (
    <p className="py-16 text-center">
      <a className="text-brand-600 underline dark:text-brand-100" href={config.discordUrl}>
        {t('nav.discord')}
      </a>
    </p>
  );
}
