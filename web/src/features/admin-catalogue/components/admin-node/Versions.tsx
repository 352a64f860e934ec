import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { Spinner } from '../../../../components/ui/spinner';
import { useAdminNodeVersions } from '../../api/nodes';
import { NS } from '../admin-page';
import { Badge } from '../badge';
import { Section } from './Section';

export function Versions({ nodeId, latest }: { nodeId: string; latest: string | undefined }) {
  const { t } = useTranslation(NS);
  const versions = useAdminNodeVersions(nodeId);
  return (
    <Section title={t('node.versions')}>
      {versions.isPending ? (
        <Spinner label={t('loading')} />
      ) : versions.isError ? (
        <Alert tone="error">{t('loadError')}</Alert>
      ) : versions.data.length === 0 ? (
        <p className="text-sm">{t('node.noVersions')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {versions.data.map((v) => (
            <li key={v.id} className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
              <span dir="ltr" className="font-mono font-semibold">
                {v.version}
              </span>
              <Badge
                tone={
                  v.status === 'NodeVersionStatusActive'
                    ? 'green'
                    : v.status === 'NodeVersionStatusBanned'
                      ? 'red'
                      : 'grey'
                }
              >
                {t(`versionStatus.${v.status}`)}
              </Badge>
              {v.version === latest ? <Badge tone="blue">{t('compat.latest')}</Badge> : null}
              <Link
                to={`/admin/nodes/${encodeURIComponent(nodeId)}/versions/${encodeURIComponent(v.version)}/compatibility`}
                className="ms-auto text-brand-700 underline underline-offset-2 dark:text-brand-100"
                aria-label={t('compat.editFor', { version: v.version })}
              >
                {t('compat.edit')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
