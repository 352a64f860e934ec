import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { CopyBlock } from '../../../components/ui/copy-button';
import { LoadFailure } from '../../../components/ui/load-failure';
import { RegistryNote } from '../../../components/ui/registry-note';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { analytics } from '../../../lib/analytics-client';
import { parseInputs, parseOutputs } from '../../../lib/catalogue/comfy-node-definition';
import { type ComfyNode, type ResolvedComfyNode, useClassDefinitions, useResolvedClass } from '../api/class-lookup';

const badge = 'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold';
const linkClass =
  'font-medium text-brand-600 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-100';
const cell = 'border-b border-slate-200 px-3 py-2 text-start align-top dark:border-slate-800';

/** Whether the registry serves the pack to comfy-cli (its answer offers comfy-cli's command). */
const installableFromRegistry = (pack: Extract<ResolvedComfyNode, { status: 'pack' }>['pack']): boolean =>
  pack.install_commands.some(({ kind }) => kind === 'latest');

/** `/comfy-nodes/:name`: which pack provides a comfy-node class, its definition and how to install it. */
export function ComfyNodePage() {
  const { name = '' } = useParams();
  const { t } = useTranslation('comfy-node');
  const resolution = useResolvedClass(name);
  const definitions = useClassDefinitions(name);

  useEffect(() => {
    document.title = t('documentTitle', { name });
  }, [name, t]);

  if (resolution.isPending) return <PageSpinner label={t('loading')} />;
  if (resolution.isError || !resolution.data) {
    return (
      <LoadFailure
        missing={false}
        onRetry={() => void resolution.refetch()}
        text={{ title: t('error.title'), body: t('error.body'), retry: t('error.retry'), back: t('backToSearch') }}
      />
    );
  }

  const result = resolution.data;
  const pack = result.status === 'pack' ? result.pack : undefined;
  const rows = definitions.data?.comfy_nodes ?? [];
  const definition =
    pack &&
    (rows.find(
      (row) => row.node_id === pack.id && row.node_version !== '' && row.node_version === pack.latest_version,
    ) ??
      undefined);
  const others = [...new Set(rows.map((row) => row.node_id))].filter((id) => id !== pack?.id);
  const copyText = {
    copy: t('install.copy'),
    copied: t('install.copied'),
    failed: t('install.copyFailed'),
    copiedAnnounce: t('install.copiedAnnounce'),
  };

  return (
    <article className="mx-auto max-w-4xl py-8">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('eyebrow')}</p>
      <h1 className="mt-1 break-all text-2xl font-bold">
        <code dir="ltr">{name}</code>
      </h1>

      <section aria-labelledby="provider-title" className="mt-6">
        <h2 id="provider-title" className="text-lg font-semibold">
          {t('provider.title')}
        </h2>
        <div className="mt-3">
          {result.status === 'core' ? (
            <Alert tone="info">
              <p>{t('provider.core')}</p>
            </Alert>
          ) : result.status === 'unknown' ? (
            <Alert tone="info">
              <p>{t('provider.unknown')}</p>
              <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
                <Link to={`/?q=${encodeURIComponent(name)}`} className={linkClass}>
                  {t('provider.searchLink')}
                </Link>
                <Link to="/resolve" className={linkClass}>
                  {t('provider.resolveLink')}
                </Link>
              </p>
            </Alert>
          ) : pack ? (
            <div className="rounded-2xl border border-slate-200 p-4 dark:border-slate-800">
              <p className="text-base">
                <Link to={`/nodes/${encodeURIComponent(pack.id)}`} className={linkClass}>
                  <span dir="auto">{pack.name || pack.id}</span>
                </Link>
              </p>
              <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
                <div className="flex gap-1">
                  <dt>{t('provider.id')}</dt>
                  <dd dir="ltr" className="font-medium">
                    {pack.id}
                  </dd>
                </div>
                <div className="flex gap-1">
                  <dt>{t('provider.publisher')}</dt>
                  <dd className="font-medium">
                    {pack.publisher ? (
                      <Link to={`/publishers/${encodeURIComponent(pack.publisher.id)}`} className={linkClass}>
                        <span dir="auto">{pack.publisher.name}</span>
                      </Link>
                    ) : (
                      t('provider.unclaimed')
                    )}
                  </dd>
                </div>
                <div className="flex gap-1">
                  <dt>{t('provider.version')}</dt>
                  <dd dir="ltr" className="font-medium">
                    {pack.latest_version ?? t('provider.noVersion')}
                  </dd>
                </div>
              </dl>
              <div className="mt-4 space-y-3">
                {/* The pinned-version command adds nothing here: this page is about the class, not a release. */}
                {pack.install_commands
                  .filter(({ kind }) => kind !== 'version')
                  .map(({ kind, command }) => (
                    <CopyBlock
                      key={kind}
                      title={kind === 'latest' ? t('install.cli') : t('install.git')}
                      value={command}
                      label={t('install.copyLabel', { command })}
                      text={copyText}
                      onCopy={(ok) => analytics.track('Comfy Node Install Command Copied', { kind, ok, node: pack.id })}
                    />
                  ))}
                {installableFromRegistry(pack) ? <RegistryNote kind="install" /> : null}
              </div>
            </div>
          ) : null}
        </div>
      </section>

      {pack ? (
        <section aria-labelledby="definition-title" className="mt-8">
          <h2 id="definition-title" className="text-lg font-semibold">
            {t('definition.title')}
          </h2>
          {definitions.isPending ? (
            <div className="py-6">
              <Spinner label={t('loading')} />
            </div>
          ) : definition ? (
            <Definition row={definition} />
          ) : (
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t('definition.none')}</p>
          )}
        </section>
      ) : null}

      {others.length > 0 ? (
        <section aria-labelledby="others-title" className="mt-8">
          <h2 id="others-title" className="text-lg font-semibold">
            {t('others.title')}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('others.hint')}</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {others.map((id) => (
              <li key={id}>
                <Link to={`/nodes/${encodeURIComponent(id)}`} className={linkClass}>
                  <span dir="ltr">{id}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

/** Category, description, marks, inputs and outputs of one extracted class. */
function Definition({ row }: { row: ComfyNode }) {
  const { t } = useTranslation('comfy-node');
  const inputs = parseInputs(row.input_types);
  const outputs = parseOutputs(row.return_types, row.return_names, row.output_is_list);
  return (
    <div className="mt-3 space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        {row.display_name ? (
          <span dir="auto" className="font-medium">
            {row.display_name}
          </span>
        ) : null}
        {row.deprecated ? (
          <span className={`${badge} bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100`}>
            {t('definition.deprecated')}
          </span>
        ) : null}
        {row.experimental ? (
          <span className={`${badge} bg-purple-100 text-purple-900 dark:bg-purple-950 dark:text-purple-100`}>
            {t('definition.experimental')}
          </span>
        ) : null}
        {row.output_node ? (
          <span className={`${badge} bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100`}>
            {t('definition.outputNode')}
          </span>
        ) : null}
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">{t('definition.category')}</dt>
        <dd dir="ltr" className="break-all text-start">
          {row.category || '—'}
        </dd>
        <dt className="font-medium">{t('definition.version')}</dt>
        <dd dir="ltr" className="text-start">
          {row.node_version}
        </dd>
      </dl>
      {row.description ? (
        <p dir="auto" className="break-words text-sm text-slate-700 dark:text-slate-300">
          {row.description}
        </p>
      ) : null}
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="text-start font-semibold">{t('definition.inputs')}</caption>
          <thead>
            <tr>
              <th scope="col" className={cell}>
                {t('definition.name')}
              </th>
              <th scope="col" className={cell}>
                {t('definition.type')}
              </th>
              <th scope="col" className={cell}>
                {t('definition.required')}
              </th>
            </tr>
          </thead>
          <tbody>
            {inputs.length === 0 ? (
              <tr>
                <td colSpan={3} className={cell}>
                  {t('definition.noInputs')}
                </td>
              </tr>
            ) : (
              inputs.map((input) => (
                <tr key={`${input.group}-${input.name}`}>
                  <td dir="ltr" className={`${cell} break-all`}>
                    <code>{input.name}</code>
                  </td>
                  <td dir="ltr" className={`${cell} break-all`} title={input.choices.join(', ') || undefined}>
                    <code>{input.type}</code>
                  </td>
                  <td className={cell}>{input.group === 'required' ? t('definition.yes') : t('definition.no')}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="text-start font-semibold">{t('definition.outputs')}</caption>
          <thead>
            <tr>
              <th scope="col" className={cell}>
                {t('definition.name')}
              </th>
              <th scope="col" className={cell}>
                {t('definition.type')}
              </th>
            </tr>
          </thead>
          <tbody>
            {outputs.length === 0 ? (
              <tr>
                <td colSpan={2} className={cell}>
                  {t('definition.noOutputs')}
                </td>
              </tr>
            ) : (
              outputs.map((output, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: outputs are positional; the slot number is their identity
                <tr key={`${index}-${output.name}`}>
                  <td dir="ltr" className={`${cell} break-all`}>
                    <code>{output.name}</code>
                  </td>
                  <td dir="ltr" className={`${cell} break-all`}>
                    <code>{output.type}</code>
                    {output.isList ? ` ${t('definition.list')}` : ''}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
