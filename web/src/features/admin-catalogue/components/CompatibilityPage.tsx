import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useFreshNode } from '../../../api/queries/node';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { type CompatKind, compatText } from '../../../lib/catalogue/classifiers';
import { type NodeVersion, packKeys, updateVersionCompat, useAdminNodeVersions } from '../api/nodes';
import { useAdminWrite } from '../api/write';
import {
  ACCELERATOR_OPTIONS,
  type Compat,
  isValidSpecifier,
  normalizeList,
  normalizeSpecifier,
  OS_OPTIONS,
  sameCompat,
} from '../lib/compat';
import { AdminPage, NS } from './admin-page';

const compatOf = (v: NodeVersion): Compat => ({
  supported_os: normalizeList(v.supported_os),
  supported_accelerators: normalizeList(v.supported_accelerators),
  supported_comfyui_version: v.supported_comfyui_version,
  supported_comfyui_frontend_version: v.supported_comfyui_frontend_version,
});

/** `/admin/nodes/:nodeId/versions/:version/compatibility`: one version's compatibility fields. */
export function CompatibilityPage() {
  const { nodeId = '', version = '' } = useParams();
  const { t } = useTranslation(NS);
  const node = useFreshNode(nodeId);
  const versions = useAdminNodeVersions(nodeId);
  const title = t('compat.title', { id: nodeId, version });
  if (node.isPending || versions.isPending) return <PageSpinner label={t('loading')} />;
  const current = versions.data?.find((v) => v.version === version);
  if (node.isError || versions.isError || !current) {
    return (
      <AdminPage title={title}>
        <Alert tone="error">{current || node.isError || versions.isError ? t('loadError') : t('compat.missing')}</Alert>
      </AdminPage>
    );
  }
  const latestNumber = node.data?.latest_version?.version;
  const latest = versions.data?.find((v) => v.version === latestNumber);
  return (
    <AdminPage
      title={title}
      intro={
        <Link
          to={`/admin/nodes/${encodeURIComponent(nodeId)}`}
          className="text-sm text-brand-700 underline underline-offset-2 dark:text-brand-100"
        >
          {t('compat.backToPack')}
        </Link>
      }
    >
      <CompatForm key={JSON.stringify(compatOf(current))} nodeId={nodeId} current={current} latest={latest} />
    </AdminPage>
  );
}

function Checks({
  kind,
  legend,
  options,
  value,
  onChange,
}: {
  kind: CompatKind;
  legend: string;
  options: readonly string[];
  value: string[];
  onChange: (next: string[]) => void;
}) {
  const { t } = useTranslation('common');
  // Values outside the usual set stay visible (and removable).
  const all = normalizeList([...options, ...value]);
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {all.map((option) => (
          <label key={option} className="flex min-w-0 items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={value.includes(option)}
              onChange={(e) =>
                onChange(normalizeList(e.target.checked ? [...value, option] : value.filter((v) => v !== option)))
              }
            />
            {/* The name in the reader's language, then the exact value stored (what packs declare). */}
            <span className="min-w-0">
              {compatText(kind, [option], t)}{' '}
              <span dir="ltr" className="break-all font-mono text-xs text-slate-600 dark:text-slate-400">
                {option}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function CompatForm({ nodeId, current, latest }: { nodeId: string; current: NodeVersion; latest?: NodeVersion }) {
  const { t } = useTranslation(NS);
  const saved = compatOf(current);
  const [draft, setDraft] = useState<Compat>(saved);
  const comfyError = isValidSpecifier(draft.supported_comfyui_version) ? null : t('compat.rangeInvalid');
  const frontendError = isValidSpecifier(draft.supported_comfyui_frontend_version) ? null : t('compat.rangeInvalid');
  const dirty = !sameCompat(draft, saved);
  const save = useAdminWrite({
    run: (body: Compat) => updateVersionCompat(nodeId, current.version, body),
    event: 'Admin Version Compatibility Updated',
    properties: () => ({ node_id: nodeId, version: current.version }),
    success: () => t('compat.saved', { version: current.version }),
    failure: (message) => t('failed', { message }),
    invalidate: () => packKeys(nodeId),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (comfyError || frontendError || !dirty) return;
    save.mutate({
      supported_os: normalizeList(draft.supported_os),
      supported_accelerators: normalizeList(draft.supported_accelerators),
      supported_comfyui_version: normalizeSpecifier(draft.supported_comfyui_version),
      supported_comfyui_frontend_version: normalizeSpecifier(draft.supported_comfyui_frontend_version),
    });
  };
  const isLatest = latest?.version === current.version;
  return (
    <form
      onSubmit={submit}
      noValidate
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit(e);
      }}
      className="grid gap-5"
    >
      {isLatest ? (
        <Alert tone="success">{t('compat.isLatest')}</Alert>
      ) : latest ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800">
          <p className="min-w-0 flex-1">{t('compat.latestIs', { version: latest.version })}</p>
          <Button variant="secondary" size="sm" onClick={() => setDraft(compatOf(latest))}>
            {t('compat.copyLatest')}
          </Button>
        </div>
      ) : null}
      <Checks
        legend={t('compat.os')}
        kind="os"
        options={OS_OPTIONS}
        value={draft.supported_os}
        onChange={(supported_os) => setDraft((d) => ({ ...d, supported_os }))}
      />
      <Checks
        legend={t('compat.accelerators')}
        kind="accelerator"
        options={ACCELERATOR_OPTIONS}
        value={draft.supported_accelerators}
        onChange={(supported_accelerators) => setDraft((d) => ({ ...d, supported_accelerators }))}
      />
      <TextField
        label={t('compat.comfyui')}
        hint={t('compat.rangeHint')}
        value={draft.supported_comfyui_version}
        error={comfyError}
        dir="ltr"
        onChange={(e) => setDraft((d) => ({ ...d, supported_comfyui_version: e.target.value }))}
      />
      <TextField
        label={t('compat.frontend')}
        hint={t('compat.rangeHint')}
        value={draft.supported_comfyui_frontend_version}
        error={frontendError}
        dir="ltr"
        onChange={(e) => setDraft((d) => ({ ...d, supported_comfyui_frontend_version: e.target.value }))}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!dirty || save.isPending || Boolean(comfyError || frontendError)}>
          {t('save')}
        </Button>
        <span className="text-sm text-slate-600 dark:text-slate-400">{t('compat.shortcut')}</span>
      </div>
    </form>
  );
}
