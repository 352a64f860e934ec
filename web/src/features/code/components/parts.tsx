import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localizedErrorText } from '../../../api/error-message';
import { Alert } from '../../../components/ui/alert';
import { formatNumber } from '../../../lib/format';

export const linkClass = 'text-brand-600 underline underline-offset-2 dark:text-brand-100';

/** A size in bytes, KiB or MiB, in the reader's number format. */
export function useSize(): (bytes: number | null | undefined) => string {
  const { t, i18n } = useTranslation('code');
  const language = i18n.resolvedLanguage ?? 'en';
  return (bytes) => {
    const value = bytes ?? 0;
    if (value < 1024) return t('size.bytes', { value: formatNumber(value, language) });
    if (value < 1024 * 1024)
      return t('size.kib', { value: formatNumber(value / 1024, language, { maximumFractionDigits: 1 }) });
    return t('size.mib', { value: formatNumber(value / 1024 / 1024, language, { maximumFractionDigits: 1 }) });
  };
}

/** Why a read failed, in the reader's language (sign in, not allowed, not found, unreadable archive). */
export function ReadError({ error }: { error: unknown }) {
  const { i18n } = useTranslation('code');
  return <Alert tone="error">{localizedErrorText(error, i18n)}</Alert>;
}

/** The line above a code screen's heading: back to the pack. */
export function PackCrumb({ nodeId, children }: { nodeId: string; children?: ReactNode }) {
  const { t } = useTranslation('code');
  return (
    <nav aria-label={t('crumbs')} className="text-sm">
      <Link to={`/nodes/${encodeURIComponent(nodeId)}`} className={linkClass}>
        {t('backToPack', { id: nodeId })}
      </Link>
      {children}
    </nav>
  );
}
