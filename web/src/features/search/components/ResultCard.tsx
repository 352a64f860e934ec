import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { components } from '../../../api/schema.gen';
import { packTags, TagList } from '../../../components/ui/tag-list';
import { VersionLabels } from '../../../components/ui/version-labels';
import { markdownToPlain, rangesOnPlain } from '../../../lib/catalogue/plain-text';
import { isUnclaimed } from '../../../lib/catalogue/unclaimed';
import { formatCompact, formatNumber } from '../../../lib/format';
import { httpLink } from '../../../lib/http-link';
import { Highlighted } from './Highlighted';

type SearchNode = components['schemas']['SearchNode'];

/** A card shows this many tags at most; the pack page shows them all. */
const MAX_CARD_TAGS = 6;

/** One pack in the results: name and description with matches marked, figures, matching classes. */
export function ResultCard({ node, onOpen }: { node: SearchNode; onOpen: () => void }) {
  const { t, i18n } = useTranslation('search');
  const language = i18n.resolvedLanguage ?? 'en';
  const match = node.search_match;
  const classes = match?.comfy_nodes ?? [];
  // The first of the server's commands: comfy-cli when this registry can install the pack, else git.
  const install = node.install_commands[0];
  // The description is Markdown; the card shows its text, with the server's spans moved onto it.
  const description = markdownToPlain(node.description ?? '');
  const icon = httpLink(node.icon);
  return (
    <li className="relative flex min-w-0 flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-600 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-100">
      <div className="flex min-w-0 items-start gap-3">
        {icon ? (
          <img
            src={icon}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            className="h-10 w-10 shrink-0 rounded-lg object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 font-semibold text-brand-700 dark:bg-slate-800 dark:text-brand-100"
          >
            {(node.name || node.id).slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h3 dir="auto" className="break-words text-start text-base font-semibold">
            <Link
              to={`/nodes/${encodeURIComponent(node.id)}`}
              onClick={onOpen}
              className="after:absolute after:inset-0 after:rounded-2xl focus:outline-none"
            >
              <Highlighted text={node.name || node.id} ranges={node.name ? match?.name : undefined} />
            </Link>
          </h3>
          <p className="truncate text-sm text-slate-600 dark:text-slate-400">
            {node.publisher && !isUnclaimed(node.publisher.id)
              ? t('card.by', { publisher: node.publisher.name || node.publisher.id })
              : t('card.unclaimed')}
          </p>
        </div>
      </div>
      {description.text ? (
        <p dir="auto" className="line-clamp-3 break-words text-start text-sm text-slate-700 dark:text-slate-300">
          <Highlighted text={description.text} ranges={rangesOnPlain(description, match?.description)} />
        </p>
      ) : null}
      {classes.length > 0 && match ? (
        <p className="break-words text-sm text-slate-700 dark:text-slate-300">
          <span className="font-medium">
            {t('card.classesMatch', { count: match.comfy_nodes_total, matched: match.comfy_nodes_matched })}
          </span>{' '}
          {classes.map((comfyNode, index) => (
            <span key={comfyNode.name}>
              {index > 0 ? ', ' : null}
              {/* Not a Tab stop: the card is one (its name); the pack page lists every class. */}
              <Link
                to={`/comfy-nodes/${encodeURIComponent(comfyNode.name)}`}
                tabIndex={-1}
                className="relative z-10 rounded underline decoration-slate-400 underline-offset-2 hover:decoration-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <code dir="ltr" className="rounded bg-slate-100 px-1 text-xs dark:bg-slate-800">
                  <Highlighted text={comfyNode.name} ranges={comfyNode.ranges} />
                </code>
              </Link>
            </span>
          ))}
        </p>
      ) : null}
      <TagList
        tags={packTags(node).slice(0, MAX_CARD_TAGS)}
        label={t('card.tags')}
        linkLabel={(tag) => t('card.tagLink', { tag })}
        focusable={false}
      />
      <VersionLabels labels={node.latest_version?.labels} />
      {install ? (
        <p data-testid="card-install" className="relative z-10 min-w-0 text-xs text-slate-600 dark:text-slate-400">
          {t('card.install')}{' '}
          <code dir="ltr" className="select-all wrap-anywhere rounded bg-slate-100 px-1 dark:bg-slate-800">
            {install.command}
          </code>
        </p>
      ) : null}
      <dl className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
        <div className="flex gap-1">
          <dt>{t('card.version')}</dt>
          <dd dir="ltr" className="font-medium text-slate-800 dark:text-slate-200">
            {node.latest_version?.version ?? t('card.noVersion')}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('card.downloads')}</dt>
          <dd className="font-medium text-slate-800 dark:text-slate-200" title={formatNumber(node.downloads, language)}>
            {formatCompact(node.downloads, language)}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('card.stars')}</dt>
          <dd
            className="font-medium text-slate-800 dark:text-slate-200"
            title={formatNumber(node.github_stars, language)}
          >
            {formatCompact(node.github_stars, language)}
          </dd>
        </div>
      </dl>
    </li>
  );
}
