import { highlightSegments, type TextRange } from '../lib/highlight';

/** Text with the matched spans marked; plain React text, never HTML. */
export function Highlighted({ text, ranges }: { text: string; ranges: readonly TextRange[] | undefined }) {
  const segments = highlightSegments(text, ranges);
  let offset = 0;
  return (
    <>
      {segments.map((segment) => {
        const key = offset;
        offset += segment.text.length;
        return segment.match ? (
          <mark key={key} className="rounded-sm bg-amber-200 px-0.5 text-inherit dark:bg-amber-700/60">
            {segment.text}
          </mark>
        ) : (
          <span key={key}>{segment.text}</span>
        );
      })}
    </>
  );
}
