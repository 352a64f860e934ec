import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { rawFileUrl } from '../../../lib/code-links';
import { formatNumber } from '../../../lib/format';
import { useVersionFile } from '../api/code';
import { downloadFile } from '../lib/download';
import { HIGHLIGHT_LIMIT_CHARS, highlightLines } from '../lib/highlight';
import { hashForClick, looksMinified, parseLineHash } from '../lib/lines';
import { formatInWorker } from '../lib/pretty-worker';
import { CodeView } from './CodeView';
import { ReadError, useSize } from './parts';

/** The selected lines from the address, kept in step with clicks on line numbers. */
export function useLineSelection() {
  const location = useLocation();
  const navigate = useNavigate();
  const selected = parseLineHash(location.hash);
  const onSelect = (line: number, extend: boolean) =>
    void navigate({ search: location.search, hash: hashForClick(selected, line, extend) }, { replace: true });
  return { selected, onSelect };
}

/** Brings the first selected line into view once the lines are on the page. */
export function useScrollToLine(line: number | null, ready: boolean) {
  useEffect(() => {
    if (!ready || line === null) return;
    document.getElementById(`L${line}`)?.scrollIntoView({ block: 'center' });
  }, [line, ready]);
}

type Formatted = { source: string; text: string } | { source: string; failed: true };

/** The pretty-printed form of `content` while `on`, formatted in a worker once per text. */
function usePrettyText(content: string | null, on: boolean): Formatted | null {
  const [formatted, setFormatted] = useState<Formatted | null>(null);
  const done = formatted !== null && formatted.source === content;
  useEffect(() => {
    if (!on || content === null || done) return;
    const job = formatInWorker(content);
    let live = true;
    job.result.then(
      (text) => live && setFormatted({ source: content, text }),
      () => live && setFormatted({ source: content, failed: true }),
    );
    return () => {
      live = false;
      job.cancel();
    };
  }, [on, content, done]);
  return on && done ? formatted : null;
}

/** One file of a version: highlighted text with line links, or what stands in for it (binary, too large). */
export function FileView({
  nodeId,
  version,
  path,
  match,
  notes,
}: {
  nodeId: string;
  version: string;
  path: string;
  match: string | null;
  notes?: ReadonlyMap<number, ReactNode>;
}) {
  const { t, i18n } = useTranslation('code');
  const size = useSize();
  const file = useVersionFile(nodeId, version, path);
  const { selected, onSelect } = useLineSelection();
  const data = file.data;
  const minified = looksMinified(data?.longest_line ?? null);
  const [wrap, setWrap] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  // Minified JavaScript can be read pretty-printed; its line numbers are then the formatted text's.
  const canPretty = minified && data?.language === 'javascript' && data.content != null;
  const [prettyAsked, setPrettyAsked] = useState(false);
  const formatted = usePrettyText(data?.content ?? null, canPretty && prettyAsked);
  const prettyText = formatted && 'text' in formatted ? formatted.text : null;
  const lines = useMemo(() => {
    if (prettyText !== null) return highlightLines(prettyText, 'javascript');
    return data?.content != null ? highlightLines(data.content, data.language) : [];
  }, [prettyText, data?.content, data?.language]);
  const pretty = prettyText !== null;
  const wrapped = wrap || (minified && !pretty);
  useScrollToLine(selected?.start ?? null, lines.length > 0);

  if (file.isPending) return <Spinner label={t('file.loading')} />;
  if (file.isError || !data) return <ReadError error={file.error} />;
  const language = i18n.resolvedLanguage ?? 'en';
  const download = (
    <>
      <a
        href={rawFileUrl(nodeId, version, data.path)}
        download
        className={buttonClass('secondary', 'sm')}
        onClick={(event) => {
          event.preventDefault();
          setDownloadFailed(false);
          void downloadFile(nodeId, version, data.path).catch(() => setDownloadFailed(true));
        }}
      >
        {t('file.download')}
      </a>
      {downloadFailed ? (
        <span role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t('file.downloadFailed')}
        </span>
      ) : null}
    </>
  );
  return (
    <div className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h2 dir="ltr" className="min-w-0 font-mono text-base font-semibold break-all">
          {data.path}
        </h2>
        <span className="text-sm text-slate-600 dark:text-slate-400">
          {size(data.size)}
          {data.line_count !== null ? ` · ${t('file.lines', { value: formatNumber(data.line_count, language) })}` : ''}
        </span>
        {data.binary ? null : (
          <label className="flex items-center gap-1.5 text-sm">
            <input type="checkbox" checked={wrapped} onChange={(e) => setWrap(e.target.checked)} />
            {t('file.wrap')}
          </label>
        )}
        {canPretty ? (
          <button
            type="button"
            aria-pressed={prettyAsked}
            className={buttonClass('secondary', 'sm')}
            onClick={() => setPrettyAsked((on) => !on)}
          >
            {t('file.pretty')}
          </button>
        ) : null}
        {download}
      </div>
      {data.binary ? (
        <Alert tone="info">{t('file.binary', { size: size(data.size) })}</Alert>
      ) : (
        <>
          {data.truncated ? (
            <Alert tone="info">{t('file.truncated', { limit: size(data.limit_bytes), size: size(data.size) })}</Alert>
          ) : null}
          {minified && !prettyAsked ? (
            <p className="text-sm">{t('file.minified', { value: formatNumber(data.longest_line ?? 0, language) })}</p>
          ) : null}
          {prettyAsked && formatted === null ? <Spinner label={t('file.prettyWorking')} /> : null}
          {formatted && 'failed' in formatted ? <Alert tone="error">{t('file.prettyFailed')}</Alert> : null}
          {pretty ? <p className="text-sm">{t('file.prettyNote')}</p> : null}
          {((prettyText ?? data.content)?.length ?? 0) > HIGHLIGHT_LIMIT_CHARS ? (
            <p className="text-sm">{t('file.plain')}</p>
          ) : null}
          <CodeView
            lines={lines}
            selected={selected}
            onSelect={onSelect}
            mark={match && selected && !pretty ? { line: selected.start, text: match } : null}
            {...(notes && !pretty ? { notes } : {})}
            wrap={wrapped}
            label={t('file.contentLabel', { path: data.path })}
          />
        </>
      )}
    </div>
  );
}
