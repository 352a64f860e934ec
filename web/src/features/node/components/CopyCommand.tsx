import { useTranslation } from 'react-i18next';
import { CopyBlock } from '../../../components/ui/copy-button';

/** An install command of the pack page: the shared copy block with this page's texts. */
export function CopyCommand({ label, command }: { label: string; command: string }) {
  const { t } = useTranslation('node');
  return (
    <CopyBlock
      title={label}
      value={command}
      label={t('install.copyLabel', { command })}
      text={{
        copy: t('install.copy'),
        copied: t('install.copied'),
        failed: t('install.copyFailed'),
        copiedAnnounce: t('install.copiedAnnounce'),
      }}
    />
  );
}
