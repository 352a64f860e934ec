import { type KeyboardEvent, type MouseEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FindingGrade } from '../../../components/ui/finding-grade';
import { VersionLabels } from '../../../components/ui/version-labels';
import { findingText } from '../../../lib/catalogue/finding-text';
import { readReason } from '../../../lib/catalogue/system-reasons';
import { isUnclaimedPublisher } from '../../../lib/catalogue/unclaimed';
import { reviewDiffPath, versionFilePath } from '../../../lib/code-links';
import { DATE_TIME, formatDate } from '../../../lib/format';
import { httpLink } from '../../../lib/http-link';
import type { ReviewQueueFinding, ReviewQueueItem } from '../api/review-queue';
import { archiveUrl, downloadArchive } from '../lib/archive-download';
import { groupByFile, repositoryLineUrl } from '../lib/findings';
import { versionKey } from '../lib/selection';
import { AdminAppeal } from './AdminAppeal';
import { ReasonText } from './ReasonText';
import { StatusBadge } from './StatusBadge';
import { VersionHistory } from './VersionHistory';

const linkClass = 'text-brand-600 underline underline-offset-2 dark:text-brand-100';

export interface VersionCardProps {
  item: ReviewQueueItem;
  selected: boolean;
  /** A click on the checkbox (`shift` for a range). */
  onSelectClick: (shift: boolean) => void;
  /** Arrow keys on the checkbox: move focus, or extend the selection with shift. */
  onSelectKey: (event: KeyboardEvent<HTMLInputElement>) => void;
  onDecide: (action: 'approve' | 'reject') => void;
  onUndo: () => void;
  busy: boolean;
}

function FindingRow({
  finding,
  repository,
  nodeId,
  version,
}: {
  finding: ReviewQueueFinding;
  repository: string;
  nodeId: string;
  version: string;
}) {
  const { t } = useTranslation('admin');
  const href = repositoryLineUrl(repository, finding.file_path, finding.line_number);
  const { t: common, i18n } = useTranslation('common');
  const sentence = findingText(finding, i18n);
  const line = t('review.findings.line', { line: finding.line_number });
  return (
    <li className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer" className={`font-medium ${linkClass}`}>
            {line}
            <span className="sr-only"> {t('review.findings.openInRepository', { file: finding.file_path })}</span>
          </a>
        ) : (
          <span className="font-medium">{line}</span>
        )}
        <Link
          to={versionFilePath(nodeId, version, finding.file_path, {
            line: finding.line_number,
            match: finding.code_snippet,
          })}
          className={`text-sm ${linkClass}`}
        >
          {t('review.findings.openFile')}
        </Link>
        <span className="rounded bg-slate-100 px-1.5 text-xs font-medium dark:bg-slate-800">
          {common(`scan.issue.${finding.issue_type}`, { defaultValue: finding.issue_type })}
        </span>
        {finding.severity ? (
          <span className="text-xs text-slate-600 dark:text-slate-400">
            {t('review.findings.severity', {
              severity: t(`review.findings.severities.${finding.severity}`, { defaultValue: finding.severity }),
            })}
          </span>
        ) : null}
        <FindingGrade finding={finding} />
        {/* Only a holding finding can be cleared by an approval; a label stays on every version. */}
        {finding.grade === 'label' ? null : finding.previously_approved ? (
          <span className="inline-flex rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900 dark:bg-green-950 dark:text-green-100">
            {t('review.findings.previouslyApproved')}
          </span>
        ) : (
          <span className="inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            {common('scanNewSince')}
          </span>
        )}
      </div>
      {sentence.text ? (
        // The scanner's English (a type this app has no words for) is marked so screen readers read it as such.
        <p
          lang={sentence.lang}
          dir="auto"
          className="mt-1 break-words text-start text-sm text-slate-700 dark:text-slate-300"
          data-testid="finding-text"
        >
          {sentence.text}
        </p>
      ) : null}
      {finding.code_snippet ? (
        <pre
          dir="ltr"
          className="mt-2 max-w-full whitespace-pre-wrap break-all rounded-md bg-slate-900 p-2 text-start text-xs text-slate-100"
        >
          <code>{finding.code_snippet}</code>
        </pre>
      ) : null}
    </li>
  );
}

/** One version in the queue: what it is, why it waits (findings by file), and the decisions. */
export function VersionCard({ item, selected, onSelectClick, onSelectKey, onDecide, onUndo, busy }: VersionCardProps) {
  const { t, i18n } = useTranslation('admin');
  const [showHistory, setShowHistory] = useState(false);
  const [showAppeal, setShowAppeal] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const titleId = useId();
  const key = versionKey(item);
  const groups = groupByFile(item.findings);
  const canApprove = item.status !== 'NodeVersionStatusActive' && item.status !== 'NodeVersionStatusDeleted';
  const canReject = item.status !== 'NodeVersionStatusBanned' && item.status !== 'NodeVersionStatusDeleted';
  const storedReason = item.findings.length === 0 ? (item.status_reason ?? '') : '';
  const reasonKind = readReason(storedReason).kind;
  const repository = httpLink(item.node_repository) ?? '';
  // Why reading the archive found no node classes (the pack page shows the same to visitors).
  const noClasses =
    item.comfy_nodes === 0 && item.comfy_node_extract_status !== 'pending' && Boolean(item.comfy_node_extract_reason);

  return (
    <article
      aria-labelledby={titleId}
      className={`rounded-xl border p-4 ${selected ? 'border-brand-600 bg-brand-50/50 dark:bg-slate-900' : 'border-slate-200 dark:border-slate-800'}`}
    >
      <div className="flex min-w-0 items-start gap-3">
        <input
          type="checkbox"
          data-queue-key={key}
          checked={selected}
          onChange={(event) => {
            const native = event.nativeEvent as Partial<globalThis.MouseEvent>;
            onSelectClick(native.shiftKey === true);
          }}
          onClick={(event: MouseEvent<HTMLInputElement>) => event.stopPropagation()}
          onKeyDown={onSelectKey}
          aria-label={t('review.select', { id: key })}
          className="mt-1 h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="min-w-0 break-all text-base font-semibold">
              <Link to={`/nodes/${encodeURIComponent(item.node_id)}`} className={linkClass}>
                <span dir="ltr">{key}</span>
              </Link>
            </h3>
            <StatusBadge status={item.status} />
            {item.previously_approved ? (
              <span className="text-xs font-semibold text-green-800 dark:text-green-300">
                {t('review.allPreviouslyApproved')}
              </span>
            ) : null}
          </div>
          <p dir="auto" className="mt-1 break-words text-start text-sm text-slate-700 dark:text-slate-300">
            {item.node_name}
          </p>
          <VersionLabels labels={item.labels} className="mt-1" />
          <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
            <span>
              {t('review.uploaded')}{' '}
              <time dateTime={item.createdAt}>
                {formatDate(item.createdAt, i18n.resolvedLanguage ?? 'en', DATE_TIME)}
              </time>
            </span>
            <span>
              {t('review.publisher')}{' '}
              {isUnclaimedPublisher(item.publisher_id) ? (
                t('review.unclaimed')
              ) : (
                <Link to={`/publishers/${encodeURIComponent(item.publisher_id)}`} className={linkClass}>
                  <span dir="ltr">{item.publisher_id}</span>
                </Link>
              )}
            </span>
            {repository ? (
              <a href={repository} target="_blank" rel="noopener noreferrer" className={linkClass}>
                {t('review.repository')}
              </a>
            ) : null}
            {item.downloadUrl ? (
              <a
                href={archiveUrl(item.node_id, item.version)}
                className={linkClass}
                onClick={(event) => {
                  event.preventDefault();
                  setDownloadFailed(false);
                  void downloadArchive(item.node_id, item.version).catch(() => setDownloadFailed(true));
                }}
              >
                {t('review.download')}
              </a>
            ) : null}
            <Link to={reviewDiffPath(item.node_id, item.version)} className={linkClass}>
              {t('review.openDiff')}
            </Link>
            {downloadFailed ? (
              <span role="alert" className="text-red-700 dark:text-red-300">
                {t('review.downloadFailed')}
              </span>
            ) : null}
          </p>
        </div>
      </div>

      <section className="mt-4" aria-label={t('review.findings.title', { id: key })}>
        {groups.length > 0 ? (
          <div className="space-y-4">
            <p className="text-sm font-semibold">{t('review.findings.count', { count: item.findings.length })}</p>
            {groups.map((group) => (
              <div key={group.file}>
                <h4 dir="ltr" className="break-all text-start font-mono text-sm font-semibold">
                  {group.file}
                </h4>
                <ul className="mt-2 space-y-2">
                  {group.findings.map((finding) => (
                    <FindingRow
                      key={`${finding.line_number}:${finding.issue_type}:${finding.code_snippet}`}
                      finding={finding}
                      repository={repository}
                      nodeId={item.node_id}
                      version={item.version}
                    />
                  ))}
                </ul>
              </div>
            ))}
          </div>
        ) : (
          <p dir="auto" className="break-words text-start text-sm text-slate-700 dark:text-slate-300">
            {reasonKind === 'none' ? (
              t('review.findings.none')
            ) : reasonKind === 'text' ? (
              t('review.reason', { reason: storedReason })
            ) : (
              <ReasonText reason={storedReason} />
            )}
          </p>
        )}
        {noClasses ? (
          <p
            className="mt-3 break-words text-start text-sm text-slate-700 dark:text-slate-300"
            data-testid="extract-reason"
          >
            {t('review.noNodeClasses')} <bdi dir="ltr">{item.comfy_node_extract_reason}</bdi>
          </p>
        ) : null}
      </section>

      <div className="mt-4 flex flex-wrap items-center gap-2">
        {canApprove ? (
          <Button size="sm" disabled={busy} onClick={() => onDecide('approve')}>
            {t('review.approve')}
            <span className="sr-only"> {key}</span>
          </Button>
        ) : null}
        {canReject ? (
          <Button size="sm" variant="danger" disabled={busy} onClick={() => onDecide('reject')}>
            {t('review.reject')}
            <span className="sr-only"> {key}</span>
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" aria-expanded={showAppeal} onClick={() => setShowAppeal((open) => !open)}>
          {showAppeal ? t('review.appeal.hide') : t('review.appeal.show')}
          <span className="sr-only"> {key}</span>
        </Button>
        <Button size="sm" variant="ghost" aria-expanded={showHistory} onClick={() => setShowHistory((open) => !open)}>
          {showHistory ? t('review.history.hide') : t('review.history.show')}
          <span className="sr-only"> {key}</span>
        </Button>
      </div>
      {showAppeal ? (
        <div className="mt-3">
          <AdminAppeal nodeId={item.node_id} version={item.version} />
        </div>
      ) : null}
      {showHistory ? (
        <div className="mt-3">
          <VersionHistory nodeId={item.node_id} version={item.version} onUndo={onUndo} undoing={busy} />
        </div>
      ) : null}
    </article>
  );
}
