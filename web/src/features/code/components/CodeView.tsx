import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Line, Token } from '../lib/highlight';
import type { LineRange } from '../lib/lines';
import './code.css';

/** Lines per block; blocks off screen are not laid out (`content-visibility`), so long files open at once. */
const CHUNK_LINES = 250;
/** A line longer than this is cut until asked for whole: a minified bundle is one line of megabytes. */
export const LONG_LINE_CHARS = 2000;

export interface CodeViewProps {
  lines: Line[];
  /** The lines the address names (`#L10-L20`), shown highlighted. */
  selected: LineRange | null;
  /** A click on a line number; `extend` (shift) makes a range from the selected line. */
  onSelect: (line: number, extend: boolean) => void;
  /** Text to mark on one line (a scanner finding's match). */
  mark?: { line: number; text: string } | null;
  /** Notes shown under a line (findings). */
  notes?: ReadonlyMap<number, ReactNode>;
  wrap: boolean;
  label: string;
}

/** The tokens of a line cut to `limit` characters. */
function cutTokens(tokens: Token[], limit: number): Token[] {
  const out: Token[] = [];
  let left = limit;
  for (const token of tokens) {
    if (left <= 0) break;
    out.push(token.text.length > left ? { ...token, text: token.text.slice(0, left) } : token);
    left -= token.text.length;
  }
  return out;
}

/** Renders tokens as escaped text in spans, with the characters from `start` to `end` inside a mark. */
export function renderTokens(tokens: Token[], start = -1, end = -1): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  for (const token of tokens) {
    const from = at;
    const to = at + token.text.length;
    at = to;
    const pieces: { text: string; marked: boolean; offset: number }[] = [];
    if (end <= from || start >= to || start < 0) pieces.push({ text: token.text, marked: false, offset: from });
    else {
      const a = Math.max(start, from) - from;
      const b = Math.min(end, to) - from;
      if (a > 0) pieces.push({ text: token.text.slice(0, a), marked: false, offset: from });
      pieces.push({ text: token.text.slice(a, b), marked: true, offset: from + a });
      if (b < token.text.length) pieces.push({ text: token.text.slice(b), marked: false, offset: from + b });
    }
    // A piece's place in the line is what tells it apart: the line's text never changes.
    for (const piece of pieces) {
      const span = (
        <span key={piece.offset} className={token.className || undefined}>
          {piece.text}
        </span>
      );
      out.push(
        piece.marked ? (
          <mark key={piece.offset} className="rounded-sm bg-amber-200 text-inherit dark:bg-amber-700/60">
            {span}
          </mark>
        ) : (
          span
        ),
      );
    }
  }
  return out;
}

/** Where `text` sits in a line, ignoring the leading and trailing blanks a snippet may lack or add. */
export function markRange(tokens: Token[], text: string): [number, number] {
  const whole = tokens.map((t) => t.text).join('');
  const wanted = text.trim();
  if (!wanted) return [-1, -1];
  const at = whole.indexOf(wanted);
  return at === -1 ? [-1, -1] : [at, at + wanted.length];
}

function CodeLine({
  number,
  tokens,
  selected,
  markText,
  note,
  wrap,
  onSelect,
}: {
  number: number;
  tokens: Token[];
  selected: boolean;
  markText: string | null;
  note: ReactNode;
  wrap: boolean;
  onSelect: (line: number, extend: boolean) => void;
}) {
  const { t } = useTranslation('code');
  const [whole, setWhole] = useState(false);
  const length = tokens.reduce((sum, token) => sum + token.text.length, 0);
  const long = length > LONG_LINE_CHARS && !whole;
  const shown = long ? cutTokens(tokens, LONG_LINE_CHARS) : tokens;
  const [start, end] = markText ? markRange(shown, markText) : [-1, -1];
  return (
    <>
      <div
        className={`flex ${selected ? 'bg-amber-100 dark:bg-amber-900/40' : ''} ${note ? 'border-s-4 border-orange-500' : ''}`}
        data-line={number}
      >
        <a
          id={`L${number}`}
          href={`#L${number}`}
          onClick={(event) => {
            event.preventDefault();
            onSelect(number, event.shiftKey);
          }}
          aria-label={t('file.lineLink', { line: number })}
          className="w-14 shrink-0 select-none pe-3 text-end text-slate-500 hover:text-brand-600 dark:text-slate-400 dark:hover:text-brand-100"
        >
          {number}
        </a>
        <code className={`min-w-0 flex-1 ${wrap ? 'whitespace-pre-wrap break-all' : 'whitespace-pre'}`}>
          {renderTokens(shown, start, end)}
          {long ? (
            <button
              type="button"
              onClick={() => setWhole(true)}
              className="ms-2 rounded bg-slate-200 px-1.5 font-sans text-xs dark:bg-slate-700"
            >
              {t('file.showWholeLine', { shown: LONG_LINE_CHARS, total: length })}
            </button>
          ) : null}
        </code>
      </div>
      {note ? (
        <div className="border-s-4 border-orange-500 bg-orange-50 px-3 py-2 font-sans dark:bg-orange-950/40">
          {note}
        </div>
      ) : null}
    </>
  );
}

/** A file's lines with numbers that link to themselves (`#L10`, shift-click for `#L10-L20`). */
export function CodeView({ lines, selected, onSelect, mark, notes, wrap, label }: CodeViewProps) {
  const chunks: Line[][] = [];
  for (let i = 0; i < lines.length; i += CHUNK_LINES) chunks.push(lines.slice(i, i + CHUNK_LINES));
  return (
    <section
      aria-label={label}
      dir="ltr"
      className="code-view overflow-x-auto rounded-lg border border-slate-200 py-2 font-mono text-xs leading-5 dark:border-slate-800"
    >
      {chunks.map((chunk, c) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks are positions in an immutable file
          key={c}
          className={`code-chunk ${wrap ? '' : 'min-w-max'}`}
          style={{ containIntrinsicSize: `auto ${chunk.length * 1.25}rem` }}
        >
          {chunk.map((tokens, i) => {
            const number = c * CHUNK_LINES + i + 1;
            return (
              <CodeLine
                key={number}
                number={number}
                tokens={tokens}
                selected={selected !== null && number >= selected.start && number <= selected.end}
                markText={mark && mark.line === number ? mark.text : null}
                note={notes?.get(number) ?? null}
                wrap={wrap}
                onSelect={onSelect}
              />
            );
          })}
        </div>
      ))}
    </section>
  );
}
