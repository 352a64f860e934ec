import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { components } from '../../../api/schema.gen';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { parseInputs, parseOutputs } from '../../../lib/catalogue/comfy-node-definition';
import { useVersion } from '../api/get-version';
import { useComfyNodes, useImportedComfyNodes } from '../api/list-comfy-nodes';
import { FILTER_THRESHOLD, filterComfyNodes } from '../lib/comfy-nodes';

type ComfyNode = components['schemas']['ComfyNode'];

/** Definitions shown before "Show all" (the filter always searches all of them). */
const COLLAPSED_COUNT = 24;

function TypeTag({ children }: { children: string }) {
  return (
    <code dir="ltr" className="rounded bg-slate-100 px-1.5 py-0.5 text-xs dark:bg-slate-800">
      {children}
    </code>
  );
}

function Definition({ node }: { node: ComfyNode }) {
  const { t } = useTranslation('node');
  const inputs = parseInputs(node.input_types);
  const outputs = parseOutputs(node.return_types, node.return_names, node.output_is_list);
  return (
    <li className="min-w-0 rounded-xl border border-slate-200 p-3 dark:border-slate-800">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <Link
          to={`/comfy-nodes/${encodeURIComponent(node.comfy_node_name)}`}
          dir="auto"
          className="break-all font-semibold text-brand-600 underline underline-offset-2 dark:text-brand-100"
        >
          {node.comfy_node_name}
        </Link>
        {node.deprecated ? (
          <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-900 dark:bg-slate-800 dark:text-slate-100">
            {t('comfyNodes.deprecated')}
          </span>
        ) : null}
        {node.experimental ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            {t('comfyNodes.experimental')}
          </span>
        ) : null}
      </div>
      {node.display_name && node.display_name !== node.comfy_node_name ? (
        <p dir="auto" className="mt-1 text-start text-sm">
          {node.display_name}
        </p>
      ) : null}
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600 dark:text-slate-400">{t('comfyNodes.category')}</dt>
        <dd className="break-words">
          <bdi>{node.category || t('comfyNodes.none')}</bdi>
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">{t('comfyNodes.inputs')}</dt>
        <dd className="flex min-w-0 flex-wrap gap-1">
          {inputs.length === 0
            ? t('comfyNodes.none')
            : inputs.map((input) => (
                <span key={input.name} className="inline-flex min-w-0 items-center gap-1 break-all">
                  <span dir="ltr">
                    {input.group === 'optional' ? t('comfyNodes.optional', { name: input.name }) : input.name}
                  </span>
                  <TypeTag>{input.type}</TypeTag>
                </span>
              ))}
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">{t('comfyNodes.outputs')}</dt>
        <dd className="flex min-w-0 flex-wrap gap-1">
          {outputs.length === 0
            ? t('comfyNodes.none')
            : outputs.map((output) => (
                <span key={output.slot} className="inline-flex min-w-0 items-center gap-1 break-all">
                  <span dir="ltr">{output.name}</span>
                  {output.name !== output.type ? <TypeTag>{output.type}</TypeTag> : null}
                </span>
              ))}
        </dd>
      </dl>
    </li>
  );
}

/** The comfy-node classes the latest version provides, with a filter when there are many. */
export function ComfyNodesSection({ nodeId, version }: { nodeId: string; version: string | undefined }) {
  const { t } = useTranslation('node');
  const versioned = useComfyNodes(nodeId, version ?? '');
  const imported = useImportedComfyNodes(nodeId, !version);
  const query = version ? versioned : imported;
  // Why extraction found nothing, as the pipeline recorded it (shared with the requirements section's query).
  const reason = useVersion(nodeId, version ?? '').data?.comfy_node_extract_reason;
  const [filter, setFilter] = useState('');
  const [expanded, setExpanded] = useState(false);
  const filterId = useId();
  const nodes = query.data?.comfy_nodes ?? [];
  const matching = filterComfyNodes(nodes, filter);
  const collapsed = !expanded && !filter.trim() && matching.length > COLLAPSED_COUNT;
  const shown = collapsed ? matching.slice(0, COLLAPSED_COUNT) : matching;

  let body: React.ReactNode;
  if (query.isPending) body = <Spinner label={t('comfyNodes.loading')} className="mt-3" />;
  else if (query.isError)
    body = (
      <div className="mt-3">
        <Alert tone="error">{t('comfyNodes.error')}</Alert>
      </div>
    );
  else if (nodes.length === 0)
    body = (
      <div className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        <p>{version ? t('comfyNodes.empty') : t('comfyNodes.noVersion')}</p>
        {version && reason ? (
          <p className="mt-1 break-words">
            {t('comfyNodes.emptyReason')} <bdi dir="ltr">{reason}</bdi>
          </p>
        ) : null}
      </div>
    );
  else
    body = (
      <>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {version
            ? t('comfyNodes.count', { count: nodes.length, version })
            : t('comfyNodes.importedCount', { count: nodes.length })}
        </p>
        {nodes.length > FILTER_THRESHOLD ? (
          <div className="mt-3 flex flex-col gap-1.5">
            <label htmlFor={filterId} className="text-sm font-medium">
              {t('comfyNodes.filter')}
            </label>
            <input
              id={filterId}
              type="search"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              placeholder={t('comfyNodes.filterPlaceholder')}
              className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
            />
            <p role="status" className="text-xs text-slate-600 dark:text-slate-400">
              {filter.trim() ? t('comfyNodes.matches', { count: matching.length }) : ''}
            </p>
          </div>
        ) : null}
        {version ? (
          <ul className="mt-3 space-y-3">
            {shown.map((node) => (
              <Definition key={node.comfy_node_name} node={node} />
            ))}
          </ul>
        ) : (
          <ul className="mt-3 flex flex-wrap gap-2">
            {shown.map((node) => (
              <li key={node.comfy_node_name} className="min-w-0 max-w-full">
                <Link
                  to={`/comfy-nodes/${encodeURIComponent(node.comfy_node_name)}`}
                  dir="auto"
                  className="inline-block max-w-full break-all rounded-lg border border-slate-200 px-2 py-1 text-sm text-brand-600 underline underline-offset-2 dark:border-slate-700 dark:text-brand-100"
                >
                  {node.comfy_node_name}
                </Link>
              </li>
            ))}
          </ul>
        )}
        {collapsed ? (
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => setExpanded(true)}>
            {t('comfyNodes.showAll', { count: matching.length })}
          </Button>
        ) : null}
      </>
    );

  return (
    <section aria-labelledby="comfy-nodes-title">
      <h2 id="comfy-nodes-title" className="text-lg font-semibold">
        {t('comfyNodes.title')}
      </h2>
      {body}
    </section>
  );
}
