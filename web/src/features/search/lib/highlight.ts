/** A span of a string, in UTF-16 offsets as the server reports them. */
export interface TextRange {
  start: number;
  end: number;
}

/** A piece of text, marked when it falls inside a matched span. */
export interface Segment {
  text: string;
  match: boolean;
}

/**
 * Splits `text` into plain and matched pieces. Spans are clamped to the text, sorted and merged,
 * so bad or overlapping input never drops or repeats characters.
 */
export function highlightSegments(text: string, ranges: readonly TextRange[] | undefined): Segment[] {
  const spans = (ranges ?? [])
    .map((r) => ({
      start: Math.max(0, Math.min(text.length, r.start)),
      end: Math.max(0, Math.min(text.length, r.end)),
    }))
    .filter((r) => r.end > r.start)
    .sort((a, b) => a.start - b.start);
  const segments: Segment[] = [];
  let cursor = 0;
  for (const span of spans) {
    const start = Math.max(span.start, cursor);
    if (span.end <= start) continue;
    if (start > cursor) segments.push({ text: text.slice(cursor, start), match: false });
    segments.push({ text: text.slice(start, span.end), match: true });
    cursor = span.end;
  }
  if (cursor < text.length || segments.length === 0) segments.push({ text: text.slice(cursor), match: false });
  return segments;
}
