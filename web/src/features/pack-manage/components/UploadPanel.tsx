import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorKey, type Translator } from '../../../api/error-message';
import { ApiError } from '../../../api/errors';
import { invalidatePackReads } from '../../../api/queries/pack-reads';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { analytics } from '../../../lib/analytics-client';
import { type RejectionText, rejectionText } from '../../../lib/catalogue/rejection-text';
import { readReason } from '../../../lib/catalogue/system-reasons';
import { formatNumber } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { type ProcessingStatus, processingQuery } from '../api/pack-manage';
import { uploadVersion } from '../api/upload-version';
import type { ArchivePackage } from '../lib/archive-package';
import { isFinished, STEPS, type StepState, stepStates, uploadErrorKey } from '../lib/processing';
import { FindingsList } from './FindingsList';

/** How often the processing status is polled. */
const POLL_MS = 1000;

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; sent: number; total: number }
  | { kind: 'processing'; versionId: string; version: string; nodeId: string }
  | { kind: 'error'; message: string; detail: string };

const stepIcon: Record<StepState, string> = { done: '✓', current: '…', pending: '○', failed: '✕' };
const stepTone: Record<StepState, string> = {
  done: 'text-green-700 dark:text-green-400',
  current: 'text-brand-700 dark:text-brand-100 font-semibold',
  pending: 'text-slate-500 dark:text-slate-400',
  failed: 'text-red-700 dark:text-red-400 font-semibold',
};

/** What the chosen zip's pyproject.toml says, while it is read and after. */
type Declared = { kind: 'none' } | { kind: 'reading' } | { kind: 'read'; archive: ArchivePackage };

/**
 * Reads the pack a zip names; its module (a zip reader and a TOML parser) is fetched only once a
 * zip is chosen, so no other screen carries it.
 */
const readDeclared = async (file: File): Promise<ArchivePackage> =>
  (await import('../lib/archive-package')).readArchiveFile(file);

/** Whether a file looks like a zip, by type or name. */
function isZip(file: File): boolean {
  return /\.zip$/i.test(file.name) || file.type === 'application/zip' || file.type === 'application/x-zip-compressed';
}

/**
 * Publishing from the browser: pick or drop a zip, watch the upload progress, then the
 * processing steps until the version is live, flagged (with findings) or rejected.
 */
export function UploadPanel({
  publisherId,
  nodeId: initialNodeId,
  fixedNodeId,
}: {
  publisherId: string;
  nodeId: string;
  fixedNodeId: boolean;
}) {
  const { t, i18n } = useTranslation('pack-manage');
  const queryClient = useQueryClient();
  const inputId = useId();
  const abort = useRef<AbortController | null>(null);
  const [nodeId, setNodeId] = useState(initialNodeId);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [changelog, setChangelog] = useState('');
  const [dragging, setDragging] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [declared, setDeclared] = useState<Declared>({ kind: 'none' });
  // The file whose reading is current: a slower read of an earlier pick must not win.
  const reading = useRef<File | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const processingId = phase.kind === 'processing' ? phase.versionId : '';
  const processingNode = phase.kind === 'processing' ? phase.nodeId : '';
  const status = useQuery(processingQuery(publisherId, processingNode, processingId, POLL_MS));

  const finishedStage = status.data && isFinished(status.data.stage) ? status.data : null;
  const announced = useRef('');
  useEffect(() => {
    if (!finishedStage || announced.current === finishedStage.node_version_id) return;
    announced.current = finishedStage.node_version_id;
    const outcome = outcomeOf(finishedStage);
    notify(outcome === 'live' ? 'success' : 'error', t(`upload.result.${outcome}`, { version: finishedStage.version }));
    analytics.track('Version Processed', {
      nodeId: processingNode,
      version: finishedStage.version,
      outcome,
    });
    void invalidatePackReads(queryClient, processingNode, [publisherId]);
  }, [finishedStage, processingNode, publisherId, queryClient, t]);

  const choose = (picked: File | null | undefined) => {
    if (!picked) return;
    if (!isZip(picked)) {
      setFile(null);
      setFileError(t('upload.notZip', { name: picked.name }));
      return;
    }
    setFileError(null);
    setFile(picked);
    setPhase({ kind: 'idle' });
    reading.current = picked;
    setDeclared({ kind: 'reading' });
    void readDeclared(picked)
      .catch((): ArchivePackage => ({ ok: false, reason: 'unreadable' }))
      .then((archive) => {
        if (reading.current !== picked) return;
        setDeclared({ kind: 'read', archive });
        // The id the zip names is the id it is published under: filled in rather than typed.
        if (archive.ok && !fixedNodeId) setNodeId(archive.name);
      });
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const target = nodeId.trim();
    if (!file || !target) return;
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: 'uploading', sent: 0, total: file.size });
    analytics.track('Version Upload Started', { nodeId: target, publisherId, bytes: file.size });
    try {
      const answer = await uploadVersion({
        publisherId,
        nodeId: target,
        file,
        changelog,
        signal: controller.signal,
        onProgress: (sent, total) => setPhase({ kind: 'uploading', sent, total }),
      });
      notify('success', t('upload.uploaded', { version: answer.node_version.version }));
      analytics.track('Version Uploaded', { nodeId: target, publisherId, version: answer.node_version.version });
      queryClient.setQueryData(
        ['pack-manage/processing', publisherId, target, answer.node_version.id],
        answer.processing,
      );
      setPhase({
        kind: 'processing',
        versionId: answer.node_version.id,
        version: answer.node_version.version,
        nodeId: target,
      });
      setFile(null);
      reading.current = null;
      setDeclared({ kind: 'none' });
      void invalidatePackReads(queryClient, target, [publisherId]);
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      // A coded answer is said in the reader's language and needs no English detail beside it.
      const coded = apiErrorKey(error);
      const message =
        coded && i18n.exists(coded.key, { ns: 'common' })
          ? i18n.t(coded.key, { ns: 'common', ...coded.params })
          : t(uploadErrorKey(status, error instanceof Error ? error.message : ''));
      const detail = error instanceof ApiError && !coded ? detailOf(error) : '';
      setPhase({ kind: 'error', message, detail });
      notify('error', message);
      analytics.track('Version Upload Failed', { nodeId: target, publisherId, status });
    }
  };

  const busy = phase.kind === 'uploading' || (phase.kind === 'processing' && !finishedStage);
  const archive = declared.kind === 'read' ? declared.archive : null;
  const mismatch = archive?.ok === true && archive.name.toLowerCase() !== nodeId.trim().toLowerCase();
  const percent = phase.kind === 'uploading' && phase.total > 0 ? Math.round((phase.sent / phase.total) * 100) : 0;
  const number = (value: number) => formatNumber(value, i18n.resolvedLanguage ?? 'en');
  const states = stepStates(
    phase.kind === 'uploading' ? null : phase.kind === 'processing' ? (status.data?.stage ?? 'queued') : null,
  );

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <form onSubmit={(event) => void submit(event)} className="flex min-w-0 flex-col gap-4">
        {fixedNodeId ? null : (
          <TextField
            label={t('upload.nodeId')}
            hint={t('upload.nodeIdHint')}
            value={nodeId}
            onChange={(e) => setNodeId(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            required
          />
        )}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop area is an extra; the labelled file input inside it is the accessible control */}
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="drop-zone"
          className={`flex min-w-0 flex-col items-center gap-2 rounded-xl border-2 border-dashed p-6 text-center ${
            dragging ? 'border-brand-600 bg-brand-50 dark:bg-slate-800' : 'border-slate-300 dark:border-slate-600'
          }`}
        >
          <p className="text-slate-700 dark:text-slate-300">{t('upload.dropHere')}</p>
          <label htmlFor={inputId} className={buttonClass('secondary', 'sm', 'cursor-pointer')}>
            {t('upload.choose')}
          </label>
          <input
            id={inputId}
            type="file"
            accept=".zip,application/zip"
            className="sr-only"
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <p className="text-sm break-all text-slate-600 dark:text-slate-400" aria-live="polite">
            {file ? t('upload.selected', { name: file.name, size: number(file.size) }) : t('upload.noFile')}
          </p>
          {fileError ? <p className="text-sm text-red-700 dark:text-red-400">{fileError}</p> : null}
          {/* Said before the upload; once tried, the registry's own answer (in the reader's language) takes over. */}
          {file && phase.kind === 'idle' ? (
            <ArchiveVerdict declared={declared} nodeId={nodeId.trim()} mismatch={mismatch} />
          ) : null}
        </div>
        <TextField
          label={t('upload.changelog')}
          value={changelog}
          maxLength={4000}
          onChange={(e) => setChangelog(e.target.value)}
        />
        <div>
          <Button type="submit" disabled={!file || !nodeId.trim() || busy || declared.kind === 'reading'}>
            {t('upload.submit')}
          </Button>
        </div>
      </form>

      {phase.kind === 'uploading' ? (
        <div className="flex flex-col gap-1">
          <div
            role="progressbar"
            aria-label={t('upload.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
          >
            <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t('upload.progress', { percent, sent: number(phase.sent), total: number(phase.total) })}
          </p>
        </div>
      ) : null}

      {phase.kind === 'uploading' || phase.kind === 'processing' ? (
        <ol className="flex flex-col gap-1" aria-label={t('upload.stepsLabel')} data-testid="processing-steps">
          {STEPS.map((step) => (
            <li key={step} className={`flex items-center gap-2 text-sm ${stepTone[states[step]]}`}>
              <span aria-hidden="true" className="inline-block w-4 text-center">
                {stepIcon[states[step]]}
              </span>
              <span>{t(`upload.steps.${step}`)}</span>
              <span className="sr-only">{t(`upload.stepState.${states[step]}`)}</span>
            </li>
          ))}
        </ol>
      ) : null}

      {phase.kind === 'processing' && status.isError ? (
        <Alert tone="error">
          <p>{t('upload.statusFailed')}</p>
        </Alert>
      ) : null}

      {phase.kind === 'processing' && finishedStage ? (
        <ProcessingResult status={finishedStage} nodeId={phase.nodeId} />
      ) : null}

      {phase.kind === 'error' ? (
        <Alert tone="error">
          <p>{phase.message}</p>
          {phase.detail ? <p className="mt-1 break-words">{phase.detail}</p> : null}
        </Alert>
      ) : null}
    </div>
  );
}

/** What the chosen zip names, or why it names nothing the registry can publish. */
function ArchiveVerdict({ declared, nodeId, mismatch }: { declared: Declared; nodeId: string; mismatch: boolean }) {
  const { t } = useTranslation('pack-manage');
  if (declared.kind === 'none') return null;
  if (declared.kind === 'reading') {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400" role="status">
        {t('upload.archive.reading')}
      </p>
    );
  }
  const { archive } = declared;
  if (archive.ok && !mismatch) {
    return (
      <p className="text-sm break-all text-green-800 dark:text-green-300" role="status" data-testid="archive-declared">
        {t('upload.archive.found', { name: archive.name, version: archive.version })}
      </p>
    );
  }
  const text = archive.ok
    ? t('upload.archive.mismatch', { declared: archive.name, nodeId })
    : archive.reason === 'noVersionFile'
      ? t('upload.archive.noVersionFile', { path: archive.path })
      : t(`upload.archive.${archive.reason}`);
  return (
    <p className="text-sm break-words text-red-700 dark:text-red-400" role="alert" data-testid="archive-problem">
      {text}
    </p>
  );
}

type Outcome = 'live' | 'flagged' | 'rejected' | 'failed';

function outcomeOf(status: ProcessingStatus): Outcome {
  if (status.stage === 'failed') return 'failed';
  if (status.status === 'NodeVersionStatusActive') return 'live';
  if (status.status === 'NodeVersionStatusFlagged') return 'flagged';
  return 'rejected';
}

/**
 * The server's specifics of a failed upload (its `error`), for the details line. Its `message`
 * would repeat, in English, the sentence the panel already shows.
 */
function detailOf(error: ApiError): string {
  const body = error.body;
  const extra = body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? body.error : '';
  return error.status === 0 ? '' : extra;
}

function ProcessingResult({ status, nodeId }: { status: ProcessingStatus; nodeId: string }) {
  const { t, i18n } = useTranslation('pack-manage');
  const outcome = outcomeOf(status);
  const rejection = rejectionDetail(status, i18n);
  const link = (
    <Link
      to={`/nodes/${encodeURIComponent(nodeId)}`}
      className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100"
    >
      {t('upload.openPack')}
    </Link>
  );
  if (outcome === 'live') {
    return (
      <Alert tone="success">
        <p data-testid="upload-result">{t('upload.result.live', { version: status.version })}</p>
        <p className="mt-1">{link}</p>
      </Alert>
    );
  }
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <Alert tone="error">
        <p data-testid="upload-result">{t(`upload.result.${outcome}`, { version: status.version })}</p>
        {outcome === 'flagged' ? <p className="mt-1">{t('upload.flaggedHelp')}</p> : null}
        {outcome === 'rejected' && rejection.text ? (
          // Shown once, without the prefix the headline says: from its code, or the analyser's English as such.
          <p lang={rejection.lang} dir="auto" className="mt-1 break-words" data-testid="rejection-reason">
            {rejection.text}
          </p>
        ) : null}
        {outcome === 'failed' && status.error ? <p className="mt-1 break-words">{status.error}</p> : null}
      </Alert>
      {outcome === 'flagged' && status.findings && status.findings.length > 0 ? (
        <FindingsList findings={status.findings} />
      ) : null}
    </div>
  );
}

/** What a rejected version's reason adds to the panel's headline: the rejection alone, in the reader's language when coded. */
function rejectionDetail(status: ProcessingStatus, i18n: Translator): RejectionText {
  const read = readReason(status.status_reason ?? '');
  if (read.kind === 'rejected') return rejectionText(status, read.detail, i18n);
  if (read.kind === 'notPublished') return rejectionText(status, read.detail, i18n);
  return { text: read.kind === 'text' ? read.text : '', lang: 'en' };
}
