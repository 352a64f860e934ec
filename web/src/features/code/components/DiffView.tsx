import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { versionFilePath } from '../../../lib/code-links';
import { formatNumber } from '../../../lib/format';
import type { ChangedFile } from '../api/code';
import { highlightLines, type Line } from '../lib/highlight';
import { type DiffRow, hunkRows, splitRows } from '../lib/lines';
import { LONG_LINE_CHARS, renderTokens } from './CodeView';
import { linkClass, useSize } from './parts';
import './code.css';

export type DiffLayout = 'unified' | 'split';

/** Above this many rows a file's diff starts folded; it is opened with one click. */
const FOLDED_ROWS = 800;
/** Diffs with more rows than this are shown without highlighting. */
const HIGHLIGHT_ROWS = 5000;

const rowTone: Record<DiffRow['kind'], string> = {
  added: 'bg-green-50 dark:bg-green-950/50',
  removed: 'bg-red-50 dark:bg-red-950/50',
  context: '',
  note: 'text-slate-500 italic',
};
const sign: Record<DiffRow['kind'], string> = { added: '+', removed: '−', context: ' ', note: ' ' };

function languageOf(path: string): string | null {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  const known: Record<string, string> = {
    py: 'python',
    js: 'javascript',
    mjs: 'javascript',
    cjs: 'javascript',
    ts: 'typescript',
    tsx: 'typescript',
    json: 'json',
    toml: 'toml',
    yaml: 'yaml',
    yml: 'yaml',
    md: 'markdown',
    css: 'css',
    html: 'html',
  };
  return known[ext] ?? null;
}

/** One side of a row: its line number and text (highlighted on its own, cut when very long). */
function Cell({
  row,
  highlighted,
  side,
}: {
  row: DiffRow | null;
  highlighted: Line | undefined;
  /** Which line number the cell shows: the old file's (left of side by side) or the new one's. */
  side: 'old' | 'new';
}) {
  if (!row) return <td colSpan={2} className="bg-slate-50 dark:bg-slate-900" />;
  const tokens = highlighted ?? [{ text: row.text, className: '' }];
  const long = row.text.length > LONG_LINE_CHARS;
  return (
    <>
      <td className="w-12 select-none pe-2 text-end align-top text-slate-500 dark:text-slate-400">
        {(side === 'old' ? row.oldLine : row.newLine) ?? ''}
      </td>
      <td className={`align-top whitespace-pre-wrap break-all ${rowTone[row.kind]}`}>
        <span aria-hidden="true" className="select-none pe-1">
          {sign[row.kind]}
        </span>
        {renderTokens(long ? [{ text: row.text.slice(0, LONG_LINE_CHARS), className: '' }] : tokens)}
        {long ? ' …' : null}
      </td>
    </>
  );
}

/** The rows of one file's diff, unified or side by side, with notes (findings) under new lines. */
function DiffTable({
  file,
  layout,
  notes,
}: {
  file: ChangedFile;
  layout: DiffLayout;
  notes?: ReadonlyMap<number, ReactNode> | undefined;
}) {
  const { t } = useTranslation('code');
  const rows = useMemo(() => file.hunks.flatMap((h, i) => [{ hunk: i, rows: hunkRows(h) }]), [file.hunks]);
  const total = rows.reduce((sum, h) => sum + h.rows.length, 0);
  const language = languageOf(file.path);
  const highlight = (row: DiffRow) =>
    total <= HIGHLIGHT_ROWS && language && row.kind !== 'note' ? highlightLines(row.text, language)[0] : undefined;
  return (
    <table dir="ltr" className="code-view w-full table-fixed border-collapse font-mono text-xs leading-5">
      <caption className="sr-only">{t('compare.tableCaption', { path: file.path })}</caption>
      {/* A fixed layout takes its widths from here: narrow number columns, the code gets the rest. */}
      {layout === 'split' ? (
        <colgroup>
          <col className="w-12" />
          <col />
          <col className="w-12" />
          <col />
        </colgroup>
      ) : (
        <colgroup>
          <col className="w-12" />
          <col className="w-12" />
          <col />
        </colgroup>
      )}
      <tbody>
        {rows.map(({ hunk, rows: hunkLines }) => {
          const h = file.hunks[hunk];
          const header = h ? `@@ -${h.old_start},${h.old_lines} +${h.new_start},${h.new_lines} @@` : '';
          const body =
            layout === 'split'
              ? splitRows(hunkLines).map((pair) => {
                  const note = pair.right?.newLine != null ? notes?.get(pair.right.newLine) : undefined;
                  return (
                    <Rows
                      key={`${pair.left?.oldLine ?? ''}:${pair.right?.newLine ?? ''}:${pair.left?.kind ?? ''}:${pair.right?.kind ?? ''}`}
                      note={note}
                      columns={4}
                    >
                      <Cell row={pair.left} highlighted={pair.left ? highlight(pair.left) : undefined} side="old" />
                      <Cell row={pair.right} highlighted={pair.right ? highlight(pair.right) : undefined} side="new" />
                    </Rows>
                  );
                })
              : hunkLines.map((row) => {
                  const note = row.newLine !== null && row.kind !== 'removed' ? notes?.get(row.newLine) : undefined;
                  return (
                    <Rows key={`${row.oldLine ?? ''}:${row.newLine ?? ''}:${row.kind}`} note={note} columns={3}>
                      <td className="w-12 select-none pe-2 text-end align-top text-slate-500 dark:text-slate-400">
                        {row.oldLine ?? ''}
                      </td>
                      <Cell row={row} highlighted={highlight(row)} side="new" />
                    </Rows>
                  );
                });
          return [
            <tr key={`h${hunk}`} className="bg-brand-50 text-slate-600 dark:bg-slate-900 dark:text-slate-400">
              <td colSpan={layout === 'split' ? 4 : 3} className="px-2">
                {header}
              </td>
            </tr>,
            ...body,
          ];
        })}
      </tbody>
    </table>
  );
}

function Rows({ children, note, columns }: { children: ReactNode; note: ReactNode; columns: number }) {
  return (
    <>
      <tr className={note ? 'outline outline-2 -outline-offset-2 outline-orange-500' : ''}>{children}</tr>
      {note ? (
        <tr>
          <td
            colSpan={columns}
            className="border-s-4 border-orange-500 bg-orange-50 px-3 py-2 font-sans dark:bg-orange-950/40"
          >
            {note}
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** One changed file: what changed, and its diff or why there is none to show. */
export function FileDiff({
  nodeId,
  from,
  to,
  file,
  layout,
  notes,
}: {
  nodeId: string;
  from: string;
  to: string;
  file: ChangedFile;
  layout: DiffLayout;
  notes?: ReadonlyMap<number, ReactNode> | undefined;
}) {
  const { t, i18n } = useTranslation('code');
  const size = useSize();
  const rowCount = file.hunks.reduce((sum, h) => sum + h.lines.length, 0);
  const [open, setOpen] = useState(rowCount <= FOLDED_ROWS || (notes?.size ?? 0) > 0);
  const language = i18n.resolvedLanguage ?? 'en';
  const sizes = { from: size(file.old_size), to: size(file.new_size) };
  const reason: Record<Exclude<ChangedFile['diff'], 'shown'>, string> = {
    binary: t('compare.binary', sizes),
    too_large: t('compare.tooLarge', sizes),
    too_different: t('compare.tooDifferent'),
    omitted: t('compare.omitted'),
  };
  return (
    <section id={`diff-${file.path}`} className="min-w-0 rounded-lg border border-slate-200 dark:border-slate-800">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
        <span
          className={`rounded px-1.5 text-xs font-semibold ${
            file.status === 'added'
              ? 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100'
              : file.status === 'removed'
                ? 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100'
                : 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100'
          }`}
        >
          {t(`compare.status.${file.status}`)}
        </span>
        <h3 dir="ltr" className="min-w-0 font-mono text-sm font-semibold break-all">
          {file.path}
        </h3>
        {file.additions !== null ? (
          <span className="text-sm">
            <span className="text-green-700 dark:text-green-400">
              {t('compare.additions', { value: formatNumber(file.additions, language) })}
            </span>{' '}
            <span className="text-red-700 dark:text-red-400">
              {t('compare.deletions', { value: formatNumber(file.deletions ?? 0, language) })}
            </span>
          </span>
        ) : null}
        <span className="ms-auto flex gap-3 text-sm">
          {file.status !== 'added' ? (
            <Link to={versionFilePath(nodeId, from, file.path)} className={linkClass}>
              {t('compare.viewIn', { version: from })}
            </Link>
          ) : null}
          {file.status !== 'removed' ? (
            <Link to={versionFilePath(nodeId, to, file.path)} className={linkClass}>
              {t('compare.viewIn', { version: to })}
            </Link>
          ) : null}
        </span>
      </header>
      {file.diff !== 'shown' ? (
        <p className="px-3 py-2 text-sm">{reason[file.diff]}</p>
      ) : open ? (
        <div className="overflow-x-auto">
          <DiffTable file={file} layout={layout} notes={notes} />
        </div>
      ) : (
        <button type="button" onClick={() => setOpen(true)} className={`px-3 py-2 text-sm ${linkClass}`}>
          {t('compare.showLarge', { value: formatNumber(rowCount, language) })}
        </button>
      )}
    </section>
  );
}
