import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate, formatNumber } from '../../../lib/format';
import { withKeys } from '../../../lib/list-keys';
import { useVersionTrust, type VersionTrust } from '../api/get-trust';

const termClass = 'text-slate-600 dark:text-slate-400';

/**
 * Where a version came from, for anyone deciding whether to trust it: the archive's digest and
 * size, how it was published, why it was held, what the checks found, who decided what, and every
 * change of hands of the pack (server: GET /nodes/{id}/versions/{v}/trust).
 */
export function TrustPanel({ nodeId, version }: { nodeId: string; version: string }) {
  const { t } = useTranslation('node');
  const trust = useVersionTrust(nodeId, version);
  return (
    <section aria-labelledby={`trust-${version}`} className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-800">
      <h3 id={`trust-${version}`} className="font-semibold">
        {t('trust.title')}
      </h3>
      {trust.isPending ? (
        <Spinner label={t('trust.loading')} className="mt-2" />
      ) : trust.isError ? (
        <div className="mt-2">
          <Alert tone="error">{t('trust.loadError')}</Alert>
        </div>
      ) : (
        <TrustDetails trust={trust.data} />
      )}
    </section>
  );
}

function TrustDetails({ trust }: { trust: VersionTrust }) {
  const { t, i18n } = useTranslation('node');
  const language = i18n.resolvedLanguage ?? 'en';
  const date = (iso: string) => formatDate(iso, language);
  return (
    <div data-testid="trust-panel" className="mt-2 space-y-3 text-sm">
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className={termClass}>{t('trust.sha256')}</dt>
        <dd className="min-w-0 break-all font-mono" dir="ltr">
          {trust.archive ? trust.archive.sha256 : t('trust.noArchive')}
        </dd>
        {trust.archive ? (
          <>
            <dt className={termClass}>{t('trust.size')}</dt>
            <dd>{t('trust.bytes', { size: formatNumber(trust.archive.size_bytes, language) })}</dd>
            <dt className={termClass}>{t('trust.hashSource')}</dt>
            <dd>{t(`trust.hashSources.${trust.archive.hash_source}`)}</dd>
          </>
        ) : null}
        <dt className={termClass}>{t('trust.published')}</dt>
        <dd className="min-w-0 break-words">
          <Published trust={trust} />
        </dd>
        <dt className={termClass}>{t('trust.publishedAt')}</dt>
        <dd>{date(trust.published_at)}</dd>
      </dl>
      {trust.hold_reason ? (
        <Alert tone="warning">
          <p className="font-semibold">{t('trust.held')}</p>
          <p dir="auto" className="mt-1 whitespace-pre-line break-words">
            {trust.hold_reason}
          </p>
        </Alert>
      ) : null}
      <div>
        <h4 className="font-medium">{t('trust.scan')}</h4>
        {trust.scan.labels.length === 0 && trust.scan.findings.length === 0 ? (
          <p className="mt-1 text-slate-700 dark:text-slate-300">{t('trust.noFindings')}</p>
        ) : (
          <>
            {trust.scan.labels.length > 0 ? (
              <p className="mt-1">
                {t('trust.labels')}{' '}
                {trust.scan.labels.map((label) => (
                  <code key={label} dir="ltr" className="me-1 rounded bg-slate-100 px-1 dark:bg-slate-800">
                    {label}
                  </code>
                ))}
              </p>
            ) : null}
            <ul className="mt-1 list-disc space-y-1 ps-5">
              {withKeys(trust.scan.findings, (f) => `${f.issue_type}:${f.file_path}:${f.line_number}`).map(
                ([key, finding]) => (
                  <li key={key} className="break-words">
                    <code dir="ltr">{finding.issue_type}</code>{' '}
                    {finding.file_path ? (
                      <>
                        <span dir="ltr" className="text-slate-600 dark:text-slate-400">
                          {finding.file_path}:{finding.line_number}
                        </span>{' '}
                      </>
                    ) : null}
                    <span dir="auto">{finding.message}</span>
                  </li>
                ),
              )}
            </ul>
          </>
        )}
      </div>
      <div>
        <h4 className="font-medium">{t('trust.decisions')}</h4>
        {trust.decisions.length === 0 ? (
          <p className="mt-1 text-slate-700 dark:text-slate-300">{t('trust.noDecisions')}</p>
        ) : (
          <ol className="mt-1 space-y-1">
            {withKeys(trust.decisions, (d) => `${d.at}:${d.to_status}`).map(([key, decision]) => (
              <li key={key} className="break-words">
                {t('trust.decision', {
                  status: t(`trust.statuses.${statusWord(decision.to_status)}`),
                  by: decision.by ? decision.by.name || decision.by.id : t('trust.registry'),
                  date: date(decision.at),
                })}
                {decision.reason && !decision.reason.startsWith('[') ? (
                  <span dir="auto" className="block text-slate-600 dark:text-slate-400">
                    {decision.reason}
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </div>
      <div>
        <h4 className="font-medium">{t('trust.custody')}</h4>
        {trust.custody.length === 0 ? (
          <p className="mt-1 text-slate-700 dark:text-slate-300">{t('trust.noCustody')}</p>
        ) : (
          <ol className="mt-1 space-y-1" data-testid="trust-custody">
            {withKeys(trust.custody, (e) => `${e.at}:${e.kind}`).map(([key, event]) => (
              <li key={key} className="break-words">
                {t(`trust.custodyKinds.${event.kind}`, { from: event.from, to: event.to, date: date(event.at) })}
                {event.detail ? (
                  <span dir="auto" className="block text-slate-600 dark:text-slate-400">
                    {event.detail}
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}

function Published({ trust }: { trust: VersionTrust }) {
  const { t } = useTranslation('node');
  const published = trust.published;
  if (!published) return <>{t('trust.notRecorded')}</>;
  switch (published.via) {
    case 'token':
      return <>{t('trust.viaToken', { name: published.token_name, lastFour: published.token_last_four })}</>;
    case 'browser':
      return <>{t('trust.viaBrowser', { name: published.user_name || published.user_id })}</>;
    case 'trusted_publisher':
      return (
        <span dir="ltr">
          {t('trust.viaTrusted', {
            repository: published.repository,
            workflow: published.workflow,
            commit: published.commit.slice(0, 12),
            // A re-run keeps its run id; the attempt tells them apart.
            run: published.run_attempt ? `${published.run_id} #${published.run_attempt}` : published.run_id,
          })}
        </span>
      );
  }
}

/** The status names the panel translates; anything else reads as "other". */
const STATUS_WORDS = {
  NodeVersionStatusActive: 'active',
  NodeVersionStatusPending: 'pending',
  NodeVersionStatusFlagged: 'flagged',
  NodeVersionStatusBanned: 'banned',
  NodeVersionStatusDeleted: 'deleted',
} as const;

function statusWord(status: string): (typeof STATUS_WORDS)[keyof typeof STATUS_WORDS] | 'other' {
  return status in STATUS_WORDS ? STATUS_WORDS[status as keyof typeof STATUS_WORDS] : 'other';
}
