import { useTranslation } from 'react-i18next';
import { readReason } from '../../../lib/catalogue/system-reasons';

/** A reason as stored: the registry's own wording in the reader's language, a person's as typed. */
export function ReasonText({ reason }: { reason: string }) {
  const { t } = useTranslation('admin');
  const { t: common } = useTranslation('common');
  const read = readReason(reason);
  switch (read.kind) {
    case 'none':
      return <>{t('review.history.noReason')}</>;
    case 'text':
      return (
        <span dir="auto" className="break-words">
          {read.text}
        </span>
      );
    case 'findings':
      return (
        <>
          {t('review.history.findings', { count: read.count })}
          {read.places.length > 0 ? (
            <> {t('review.history.findingPlaces', { places: read.places.join(', ') })}</>
          ) : null}
        </>
      );
    case 'undo':
      return <>{common('reasons.undo', { status: t(`status.${read.status}`, { defaultValue: read.status }) })}</>;
    case 'rejected':
    case 'notPublished':
      return (
        <span dir="auto" className="break-words">
          {common(`reasons.${read.kind}`, { detail: read.detail })}
        </span>
      );
    default:
      return <>{common(`reasons.${read.kind}`)}</>;
  }
}
