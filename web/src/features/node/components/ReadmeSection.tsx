import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markdownStyles } from '../../../components/ui/markdown';
import { config } from '../../../lib/config';
import { loadMarkdownRenderer } from '../../../lib/markdown/load';
import type { ReadmeOptions } from '../../../lib/markdown/render';
import { useReadme } from '../api/get-readme';
import { archiveUrlResolver } from '../lib/archive-urls';

/** Prefix of the README headings' ids (`#readme-installation`). */
const ID_PREFIX = 'readme-';
/** The registry's own copies of archive files, which a README's relative images load from. */
const OWN_IMAGES = `${config.apiUrl}/nodes/`;

type RenderReadme = (source: string, options: ReadmeOptions) => string;

// The parser and sanitiser load once the first screen is shown, as for descriptions.
const renderer = (): Promise<RenderReadme> => loadMarkdownRenderer().then((m) => m.renderReadme);

/**
 * The README from the archive of the version the page shows, below the description: Markdown
 * rendered and sanitised with relative URLs resolved against the version's own archive, reStructuredText and
 * plain text as written. Absent (no heading, no box) while loading and when there is none.
 */
export function ReadmeSection({ nodeId, version }: { nodeId: string; version: string }) {
  const { t } = useTranslation('node');
  const { data } = useReadme(nodeId, version);
  const resolveUrl = useMemo(
    () => archiveUrlResolver(nodeId, version, typeof window === 'undefined' ? '' : window.location.origin),
    [nodeId, version],
  );
  const [rendered, setRendered] = useState<{ source: string; html: string } | null>(null);
  const markdown = data?.format === 'markdown' ? data.content : null;

  useEffect(() => {
    if (markdown === null) return;
    let current = true;
    void renderer().then((render) => {
      if (current)
        setRendered({
          source: markdown,
          html: render(markdown, { resolveUrl, idPrefix: ID_PREFIX, ownImages: OWN_IMAGES }),
        });
    });
    return () => {
      current = false;
    };
  }, [markdown, resolveUrl]);

  // A link to a README heading opened from elsewhere: the heading exists only once rendered.
  const ready = rendered !== null && rendered.source === markdown;
  useEffect(() => {
    if (!ready || !window.location.hash.startsWith(`#${ID_PREFIX}`)) return;
    document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  }, [ready]);

  if (!data) return null;
  return (
    <section aria-labelledby="pack-readme-heading" className="min-w-0">
      <h2 id="pack-readme-heading" className="text-lg font-semibold">
        {t('readme.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {t('readme.source', { file: data.file_name, version: data.version })}
      </p>
      <div className="mt-3 min-w-0 overflow-hidden rounded-xl border border-slate-200 p-4 dark:border-slate-800">
        {markdown !== null && ready ? (
          <div
            dir="auto"
            data-testid="readme"
            className={markdownStyles}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: renderReadme sanitises the HTML with DOMPurify
            dangerouslySetInnerHTML={{ __html: rendered.html }}
          />
        ) : (
          <pre
            dir="auto"
            data-testid="readme"
            className="whitespace-pre-wrap break-words text-start font-mono text-sm text-slate-800 dark:text-slate-200"
          >
            {data.content}
          </pre>
        )}
      </div>
      {data.truncated ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('readme.truncated', { limit: '512 KiB' })}</p>
      ) : null}
    </section>
  );
}
