import { useEffect, useState } from 'react';
import { loadMarkdownRenderer } from '../../lib/markdown/load';
import { needsMarkdown } from '../../lib/markdown/syntax';

type Render = (source: string) => string;

// The Markdown parser and sanitiser load once the first screen is shown (see loadMarkdownRenderer);
// until then the text shows as written (React escapes it).
const renderer = (): Promise<Render> => loadMarkdownRenderer().then((m) => m.renderMarkdown);

const styles = [
  'break-words text-start text-slate-800 dark:text-slate-200',
  '[&_a]:text-brand-600 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-brand-100',
  '[&_h1]:mt-4 [&_h1]:text-xl [&_h1]:font-bold [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold',
  '[&_h3]:mt-3 [&_h3]:font-semibold [&_h4]:mt-3 [&_h4]:font-semibold',
  '[&_p]:mt-2 [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:mt-2 [&_ol]:list-decimal [&_ol]:ps-6',
  '[&_blockquote]:mt-2 [&_blockquote]:border-s-4 [&_blockquote]:border-slate-300 [&_blockquote]:ps-3 dark:[&_blockquote]:border-slate-600',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-sm dark:[&_code]:bg-slate-800',
  '[&_pre]:mt-2 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-3 dark:[&_pre]:bg-slate-800',
  '[&_img]:inline-block [&_img]:max-w-full [&_img]:h-auto',
  '[&_table]:mt-2 [&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2',
  '[&_hr]:my-4 [&_hr]:border-slate-200 dark:[&_hr]:border-slate-700',
].join(' ');

/** The same text style for the README section. */
export const markdownStyles = styles;

/** Publisher-written Markdown, sanitised (see `renderMarkdown`), in the page's text style. */
export function Markdown({ source, className = '' }: { source: string; className?: string }) {
  const [html, setHtml] = useState<{ source: string; html: string } | null>(null);
  const formatted = needsMarkdown(source);
  useEffect(() => {
    if (!formatted) return;
    let current = true;
    void renderer().then((render) => {
      if (current) setHtml({ source, html: render(source) });
    });
    return () => {
      current = false;
    };
  }, [source, formatted]);
  if (!formatted) {
    return (
      <div dir="auto" className={`${styles} ${className}`}>
        <p>{source}</p>
      </div>
    );
  }
  if (html?.source !== source) {
    return (
      <div dir="auto" className={`${styles} whitespace-pre-line ${className}`}>
        {source}
      </div>
    );
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown escapes raw HTML and sanitises the result with DOMPurify
  return <div dir="auto" className={`${styles} ${className}`} dangerouslySetInnerHTML={{ __html: html.html }} />;
}
