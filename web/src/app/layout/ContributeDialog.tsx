import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { config } from '../../lib/config';

/** "Contribute to Localization": ways to help, Cancel, and "Contribute on GitHub" (an issue page, new tab). */
export default function ContributeDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const ways = ['suggest', 'request', 'report', 'volunteer'] as const;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('contribute.title')}
      description={t('contribute.intro')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() => {
              window.open(config.contributeUrl, '_blank', 'noopener,noreferrer');
              onOpenChange(false);
            }}
          >
            {t('contribute.github')}
          </Button>
        </>
      }
    >
      <p className="text-sm font-medium">{t('contribute.howTo')}</p>
      <ul className="mt-2 list-disc space-y-1.5 ps-5 text-sm text-slate-700 dark:text-slate-300">
        {ways.map((way) => (
          <li key={way}>{t(`contribute.ways.${way}`)}</li>
        ))}
      </ul>
    </Dialog>
  );
}
