import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { isDark, useThemeMode } from '../lib/theme';
import { toasterMounted } from '../lib/toast';

/** The toast area (loaded on first toast or when the browser is idle), themed and directed like the page. */
export default function Toasts() {
  const { i18n, t } = useTranslation();
  const [mode] = useThemeMode();
  const dark = isDark(mode, window.matchMedia('(prefers-color-scheme: dark)').matches);
  useEffect(() => toasterMounted(), []);
  return (
    <Toaster
      position="bottom-center"
      richColors
      closeButton
      dir={i18n.dir()}
      theme={dark ? 'dark' : 'light'}
      containerAriaLabel={t('common.notifications')}
    />
  );
}
