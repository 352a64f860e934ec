import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readerErrorText } from '../../../api/error-message';
import { invalidatePackReads } from '../../../api/queries/pack-reads';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { VersionLabels } from '../../../components/ui/version-labels';
import { analytics } from '../../../lib/analytics-client';
import { rejectionText } from '../../../lib/catalogue/rejection-text';
import { readReason } from '../../../lib/catalogue/system-reasons';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { deleteVersion, managedVersionsQuery, type PackVersion, setVersionDeprecated } from '../api/pack-manage';
import { findingsFromReason } from '../lib/processing';
import { FindingsList } from './FindingsList';
import { LabelFindings } from './LabelFindings';
import { DecidedAppeal, VersionAppeal } from './VersionAppeal';

const statusKey: Record<PackVersion['status'], string> = {
  NodeVersionStatusActive: 'versions.status.active',
  NodeVersionStatusPending: 'versions.status.pending',
  NodeVersionStatusFlagged: 'versions.status.flagged',
  NodeVersionStatusBanned: 'versions.status.banned',
  NodeVersionStatusDeleted: 'versions.status.deleted',
};

const statusTone: Record<PackVersion['status'], string> = {
  NodeVersionStatusActive: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
  NodeVersionStatusPending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  NodeVersionStatusFlagged: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-100',
  NodeVersionStatusBanned: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  NodeVersionStatusDeleted: 'bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
};

const badge = 'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold';

/** The pack's versions with deprecate / un-deprecate and delete. */
export function VersionsSection({ publisherId, nodeId }: { publisherId: string; nodeId: string }) {
  const { t, i18n } = useTranslation('pack-manage');
  const queryClient = useQueryClient();
  const versions = useQuery(managedVersionsQuery(nodeId));
  const [toDelete, setToDelete] = useState<PackVersion | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const deprecate = useMutation({
    mutationFn: (v: { version: PackVersion; deprecated: boolean }) =>
      setVersionDeprecated(publisherId, nodeId, v.version.id, v.deprecated),
    onSuccess: async (_data, v) => {
      notify(
        'success',
        t(v.deprecated ? 'versions.deprecated' : 'versions.undeprecated', { version: v.version.version }),
      );
      analytics.track(v.deprecated ? 'Version Deprecated' : 'Version Undeprecated', {
        nodeId,
        version: v.version.version,
      });
      await invalidatePackReads(queryClient, nodeId, [publisherId]);
    },
    onError: (error, v) => {
      notify('error', t('versions.updateFailed', { version: v.version.version, reason: readerErrorText(error) }));
    },
  });

  const remove = useMutation({
    mutationFn: (version: PackVersion) => deleteVersion(publisherId, nodeId, version.id),
    onSuccess: async (_data, version) => {
      setToDelete(null);
      notify('success', t('versions.deletedToast', { version: version.version }));
      analytics.track('Version Deleted', { nodeId, version: version.version });
      await invalidatePackReads(queryClient, nodeId, [publisherId]);
      // The Delete button that had focus leaves with its row, which may happen only when the
      // refetched list renders after this point: focus the list now, whatever has focus, so it
      // never falls to the page's start.
      listRef.current?.focus();
    },
    onError: (error, version) => {
      notify('error', t('versions.deleteFailed', { version: version.version, reason: readerErrorText(error) }));
    },
  });

  if (versions.isPending) return <Spinner label={t('loading')} />;
  if (versions.isError) {
    return (
      <Alert tone="error">
        <p>{t('versions.loadFailed')}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void versions.refetch()}>
          {t('error.retry')}
        </Button>
      </Alert>
    );
  }
  if (versions.data.length === 0) return <p className="text-slate-700 dark:text-slate-300">{t('versions.empty')}</p>;

  const date = (iso: string) => formatDate(iso, i18n.resolvedLanguage ?? 'en');

  return (
    <>
      <ul
        ref={listRef}
        tabIndex={-1}
        aria-label={t('versions.title')}
        className="divide-y divide-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 dark:divide-slate-700"
      >
        {versions.data.map((version) => {
          const findings =
            version.status === 'NodeVersionStatusFlagged' ? findingsFromReason(version.status_reason) : [];
          const reason = readReason(version.status_reason ?? '').kind;
          // Held: waiting for an administrator, so the publisher may answer the reviewers.
          const held =
            version.status === 'NodeVersionStatusFlagged' ||
            (version.status === 'NodeVersionStatusPending' && reason === 'awaitingReview');
          // Decided by an administrator (their own words as the reason): the conversation, with the decision, stays readable.
          const decided =
            (version.status === 'NodeVersionStatusActive' || version.status === 'NodeVersionStatusBanned') &&
            reason === 'text';
          return (
            <li
              key={version.id}
              className="flex min-w-0 flex-col gap-2 py-3"
              data-testid={`version-${version.version}`}
            >
              <div className="flex min-w-0 flex-wrap items-center gap-2">
                <span className="font-mono font-semibold break-all">{version.version}</span>
                <span className={`${badge} ${statusTone[version.status]}`}>{t(statusKey[version.status])}</span>
                {version.deprecated ? (
                  <span className={`${badge} bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100`}>
                    {t('versions.deprecatedBadge')}
                  </span>
                ) : null}
                <span className="text-sm text-slate-600 dark:text-slate-400">{date(version.createdAt)}</span>
                <VersionLabels labels={version.labels} />
                {/* A rejected version can be neither deprecated nor deleted (the server refuses both). */}
                {version.status === 'NodeVersionStatusDeleted' ||
                version.status === 'NodeVersionStatusBanned' ? null : (
                  <span className="ms-auto flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={deprecate.isPending}
                      onClick={() => deprecate.mutate({ version, deprecated: !version.deprecated })}
                      aria-label={t(version.deprecated ? 'versions.undeprecateLabel' : 'versions.deprecateLabel', {
                        version: version.version,
                      })}
                    >
                      {t(version.deprecated ? 'versions.undeprecate' : 'versions.deprecate')}
                    </Button>
                    <Button
                      variant="danger"
                      size="sm"
                      onClick={() => setToDelete(version)}
                      aria-label={t('versions.deleteLabel', { version: version.version })}
                    >
                      {t('versions.delete')}
                    </Button>
                  </span>
                )}
              </div>
              {version.status !== 'NodeVersionStatusActive' &&
              version.status !== 'NodeVersionStatusFlagged' &&
              version.status_reason ? (
                <ReasonLine version={version} />
              ) : null}
              {findings.length > 0 ? (
                <FindingsList findings={findings} source={{ nodeId, version: version.version }} />
              ) : null}
              {version.labels && version.labels.length > 0 ? (
                <LabelFindings publisherId={publisherId} nodeId={nodeId} version={version} />
              ) : null}
              {held ? <VersionAppeal publisherId={publisherId} nodeId={nodeId} version={version} /> : null}
              {decided ? <DecidedAppeal publisherId={publisherId} nodeId={nodeId} version={version} /> : null}
            </li>
          );
        })}
      </ul>
      <Dialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={t('versions.confirmTitle', { version: toDelete?.version ?? '' })}
        description={t('versions.confirmBody')}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">{t('cancel')}</Button>
            </DialogClose>
            <Button
              variant="danger"
              disabled={remove.isPending}
              onClick={() => {
                if (toDelete) remove.mutate(toDelete);
              }}
            >
              {remove.isPending ? t('versions.deleting') : t('versions.confirmDelete')}
            </Button>
          </>
        }
      >
        {null}
      </Dialog>
    </>
  );
}

/**
 * A version's status reason as its publisher reads it: the registry's own reasons in the reader's
 * language, a rejection from its code (the analyser's English, marked as such, only when it has
 * none the app knows), a moderator's words as typed.
 */
function ReasonLine({ version }: { version: PackVersion }) {
  const { t, i18n } = useTranslation('pack-manage');
  const read = readReason(version.status_reason ?? '');
  const common = (key: string, options?: Record<string, unknown>) => i18n.t(key, { ns: 'common', ...options });
  const line = 'text-sm break-words text-slate-700 dark:text-slate-300';
  // A coded rejection is said whole in the reader's language; without a code, the analyser's English fills it in.
  // A coded ban already says that nothing is published, so it stands alone.
  const coded = read.kind === 'notPublished' ? rejectionText(version, read.detail, i18n) : null;
  const said =
    read.kind === 'rejected'
      ? { ...read, detail: rejectionText(version, read.detail, i18n).text }
      : coded && coded.lang === undefined
        ? { kind: 'text' as const, text: coded.text }
        : read;
  return (
    <p dir="auto" className={line}>
      {t('versions.reason', { reason: reasonSentence(said, common) })}
    </p>
  );
}

function reasonSentence(
  read: ReturnType<typeof readReason>,
  common: (key: string, options?: Record<string, unknown>) => string,
): string {
  switch (read.kind) {
    case 'text':
      return read.text;
    case 'none':
    case 'findings':
      return '';
    case 'undo':
      return common('reasons.undo', { status: read.status });
    case 'rejected':
    case 'notPublished':
      return common(`reasons.${read.kind}`, { detail: read.detail });
    default:
      return common(`reasons.${read.kind}`);
  }
}
