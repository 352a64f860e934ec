import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useFreshNode } from '../../../api/queries/node';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LoadState } from '../../../components/ui/load-state';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { licenseText, licenseToStore } from '../../../lib/catalogue/license';
import { UNCLAIMED_PUBLISHER_ID } from '../../../lib/catalogue/unclaimed';
import {
  type AdminNodeUpdate,
  banNode,
  type Node,
  packKeys,
  unbanNode,
  updateNode,
  useAdminNodeVersions,
} from '../api/nodes';
import { useAdminPublishers } from '../api/people';
import { useAdminWrite } from '../api/write';
import { normalizeList } from '../lib/compat';
import { nodeStatusTone } from './AdminNodesPage';
import { AdminPage, Badge, ConfirmDialog, NS, TextareaField } from './common';

/** Admin tags the moderators use (quick-add chips). */
const ADMIN_TAGS = ['dev', 'unsafe', 'fragile_deps', 'tricky_deps', 'poor_desc', 'unmaintained'];
/** Common public tags (quick-add chips). */
const COMMON_TAGS = ['image', 'video', 'audio', '3d', 'upscale', 'lora', 'controlnet', 'animation', 'utility', 'llm'];

const splitList = (text: string) => normalizeList(text.split(/[,\n]/));

/** `/admin/nodes/:nodeId`: edit a pack's fields, ban or unban it, unclaim or assign it. */
export function AdminNodePage() {
  const { nodeId = '' } = useParams();
  const { t } = useTranslation(NS);
  const node = useFreshNode(nodeId);
  if (node.isError || !node.data) {
    return (
      <LoadState
        query={node}
        text={{
          loading: t('loading'),
          missingTitle: t('node.notFound'),
          missingBody: t('node.notFoundBody', { id: nodeId }),
          failedTitle: t('loadError'),
          failedBody: t('loadErrorBody'),
          retry: t('retry'),
          back: t('backToSearch'),
        }}
      />
    );
  }
  const pack = node.data;
  return (
    <AdminPage
      title={pack.name || pack.id}
      intro={
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span dir="ltr" className="break-all">
            @{pack.id}
          </span>
          <Badge tone={nodeStatusTone(pack.status)}>{t(`nodeStatus.${pack.status}`)}</Badge>
          <Link
            to={`/nodes/${encodeURIComponent(pack.id)}`}
            className="text-brand-700 underline underline-offset-2 dark:text-brand-100"
          >
            {t('node.publicPage')}
          </Link>
        </div>
      }
    >
      <div className="grid gap-6">
        <DetailsForm
          key={`${pack.id}:${JSON.stringify([pack.category, pack.license, pack.tags, pack.tags_admin, pack.search_ranking, pack.preempted_comfy_node_names])}`}
          pack={pack}
        />
        <Moderation pack={pack} />
        <Versions nodeId={pack.id} latest={pack.latest_version?.version} />
      </div>
    </AdminPage>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Toggle chips that add or remove common values from a comma-separated field. */
function QuickChips({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: string[];
  value: string;
  onChange: (next: string) => void;
}) {
  const current = splitList(value);
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm text-slate-700 dark:text-slate-300">{label}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {options.map((option) => {
          const on = current.includes(option);
          return (
            <button
              key={option}
              type="button"
              aria-pressed={on}
              onClick={() =>
                onChange((on ? current.filter((v) => v !== option) : normalizeList([...current, option])).join(', '))
              }
              className={`rounded-full border px-3 py-1 text-xs font-medium ${
                on
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800'
              }`}
            >
              {option}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

function DetailsForm({ pack }: { pack: Node }) {
  const { t } = useTranslation(NS);
  const [category, setCategory] = useState(pack.category);
  const [license, setLicense] = useState(() => licenseText(pack.license));
  const [tags, setTags] = useState(pack.tags.join(', '));
  const [adminTags, setAdminTags] = useState(pack.tags_admin.join(', '));
  const [ranking, setRanking] = useState(String(pack.search_ranking || 5));
  const [preempted, setPreempted] = useState(pack.preempted_comfy_node_names.join('\n'));
  const rankingNumber = Number(ranking);
  const rankingError =
    Number.isInteger(rankingNumber) && rankingNumber >= 1 && rankingNumber <= 10 ? null : t('fields.rankingInvalid');
  const save = useAdminWrite({
    run: (body: AdminNodeUpdate) => updateNode(pack.id, body),
    event: 'Admin Pack Updated',
    properties: (body) => ({ node_id: pack.id, fields: Object.keys(body).join(',') }),
    success: () => t('node.saved'),
    failure: (message) => t('failed', { message }),
    invalidate: () => packKeys(pack.id),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rankingError) return;
    save.mutate({
      category: category.trim(),
      license: licenseToStore(license, pack.license),
      tags: splitList(tags),
      tags_admin: splitList(adminTags),
      search_ranking: rankingNumber,
      preempted_comfy_node_names: splitList(preempted),
    });
  };
  return (
    <Section title={t('node.details')}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <TextField label={t('fields.category')} value={category} onChange={(e) => setCategory(e.target.value)} />
        <TextField
          label={t('create.license')}
          hint={t('fields.licenseHint')}
          dir="ltr"
          value={license}
          onChange={(e) => setLicense(e.target.value)}
        />
        <div className="grid gap-2">
          <TextField
            label={t('fields.tags')}
            hint={t('fields.listHint')}
            value={tags}
            onChange={(e) => setTags(e.target.value)}
          />
          <QuickChips label={t('fields.quickAdd')} options={COMMON_TAGS} value={tags} onChange={setTags} />
        </div>
        <div className="grid gap-2">
          <TextField
            label={t('fields.adminTags')}
            hint={t('fields.listHint')}
            value={adminTags}
            onChange={(e) => setAdminTags(e.target.value)}
          />
          <QuickChips label={t('fields.quickAdd')} options={ADMIN_TAGS} value={adminTags} onChange={setAdminTags} />
        </div>
        <TextField
          label={t('fields.ranking')}
          hint={t('fields.rankingHint')}
          type="number"
          min={1}
          max={10}
          step={1}
          value={ranking}
          error={rankingError}
          onChange={(e) => setRanking(e.target.value)}
          className="max-w-xs"
        />
        <TextareaField
          label={t('fields.preempted')}
          hint={t('fields.preemptedHint')}
          value={preempted}
          onChange={(e) => setPreempted(e.target.value)}
        />
        <div>
          <Button type="submit" disabled={save.isPending}>
            {t('save')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

type Pending = 'ban' | 'unban' | 'unclaim' | null;

function Moderation({ pack }: { pack: Node }) {
  const { t } = useTranslation(NS);
  const [pending, setPending] = useState<Pending>(null);
  const publisherId = pack.publisher?.id ?? '';
  const unclaimed = publisherId === UNCLAIMED_PUBLISHER_ID;
  const banned = pack.status === 'NodeStatusBanned';
  const close = () => setPending(null);
  const ban = useAdminWrite({
    run: ({ banned: on, reason }: { banned: boolean; reason: string }) =>
      on ? banNode(publisherId, pack.id, reason) : unbanNode(publisherId, pack.id, reason),
    event: 'Admin Pack Ban Changed',
    properties: ({ banned: on }) => ({ node_id: pack.id, banned: on }),
    success: ({ banned: on }) => (on ? t('node.bannedDone') : t('node.unbannedDone')),
    failure: (message) => t('failed', { message }),
    invalidate: () => packKeys(pack.id),
    onDone: close,
  });
  const unclaim = useAdminWrite({
    run: () => updateNode(pack.id, { publisher: { id: UNCLAIMED_PUBLISHER_ID } }),
    event: 'Admin Pack Unclaimed',
    properties: () => ({ node_id: pack.id, from_publisher: publisherId }),
    success: () => t('node.unclaimedDone'),
    failure: (message) => t('failed', { message }),
    invalidate: () => packKeys(pack.id),
    onDone: close,
  });
  return (
    <Section title={t('node.moderation')}>
      <dl className="grid gap-1 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium">{t('node.publisher')}</dt>
          <dd className="break-all">
            {unclaimed ? (
              t('node.unclaimed')
            ) : (
              <Link
                to={`/publishers/${encodeURIComponent(publisherId)}`}
                className="text-brand-700 underline underline-offset-2 dark:text-brand-100"
              >
                {pack.publisher?.name || publisherId}
              </Link>
            )}
          </dd>
        </div>
        {banned && pack.status_detail ? (
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-medium">{t('node.banReason')}</dt>
            <dd dir="auto" className="break-words">
              {pack.status_detail}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        {banned ? (
          <Button variant="secondary" onClick={() => setPending('unban')}>
            {t('node.unban')}
          </Button>
        ) : pack.status === 'NodeStatusActive' ? (
          <Button variant="danger" onClick={() => setPending('ban')}>
            {t('node.ban')}
          </Button>
        ) : null}
        {!unclaimed ? (
          <Button variant="secondary" onClick={() => setPending('unclaim')}>
            {t('node.unclaim')}
          </Button>
        ) : null}
      </div>
      {unclaimed ? <AssignPublisher nodeId={pack.id} /> : null}
      <ConfirmDialog
        open={pending === 'ban' || pending === 'unban'}
        onOpenChange={(open) => (open ? undefined : close())}
        title={
          pending === 'ban'
            ? t('node.banTitle', { name: pack.name || pack.id })
            : t('node.unbanTitle', { name: pack.name || pack.id })
        }
        description={pending === 'ban' ? t('node.banBody') : t('node.unbanBody')}
        confirmLabel={pending === 'ban' ? t('node.ban') : t('node.unban')}
        danger={pending === 'ban'}
        askReason
        reasonRequired={pending === 'ban'}
        busy={ban.isPending}
        onConfirm={(reason) => ban.mutate({ banned: pending === 'ban', reason })}
      />
      <ConfirmDialog
        open={pending === 'unclaim'}
        onOpenChange={(open) => (open ? undefined : close())}
        title={t('node.unclaimTitle', { name: pack.name || pack.id })}
        description={t('node.unclaimBody', { publisher: pack.publisher?.name || publisherId })}
        confirmLabel={t('node.unclaim')}
        danger
        busy={unclaim.isPending}
        onConfirm={() => unclaim.mutate(undefined)}
      />
    </Section>
  );
}

/** Finds a publisher by id or name and assigns the unclaimed pack to it. */
function AssignPublisher({ nodeId }: { nodeId: string }) {
  const { t } = useTranslation(NS);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<{ id: string; name: string } | null>(null);
  const found = useAdminPublishers({ q: query, page: 1, limit: 8 }, query !== '');
  const assign = useAdminWrite({
    run: (publisher: { id: string; name: string }) => updateNode(nodeId, { publisher: { id: publisher.id } }),
    event: 'Admin Pack Assigned',
    properties: (publisher) => ({ node_id: nodeId, publisher_id: publisher.id }),
    success: (publisher) => t('assign.done', { publisher: publisher.name || publisher.id }),
    failure: (message) => t('failed', { message }),
    invalidate: () => packKeys(nodeId),
    onDone: () => setChosen(null),
  });
  const lookup = (event: FormEvent) => {
    event.preventDefault();
    setChosen(null);
    setQuery(text.trim());
  };
  return (
    <div className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h3 className="font-semibold">{t('assign.title')}</h3>
      <form onSubmit={lookup} className="mt-2 flex flex-wrap items-end gap-2">
        <TextField
          label={t('assign.lookup')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="min-w-0 flex-1 basis-52"
          dir="auto"
        />
        <Button type="submit" variant="secondary">
          {t('assign.find')}
        </Button>
      </form>
      {query ? (
        found.isPending ? (
          <Spinner label={t('loading')} className="mt-3" />
        ) : found.isError ? (
          <div className="mt-3">
            <Alert tone="error">{t('loadError')}</Alert>
          </div>
        ) : found.data.publishers.length === 0 ? (
          <p className="mt-3 text-sm">{t('assign.none')}</p>
        ) : (
          <fieldset className="mt-3">
            <legend className="text-sm font-medium">{t('assign.pick')}</legend>
            <ul className="mt-1 grid gap-1">
              {found.data.publishers.map((p) => (
                <li key={p.id}>
                  <label className="flex min-w-0 items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name={`assign-${nodeId}`}
                      checked={chosen?.id === p.id}
                      onChange={() => setChosen({ id: p.id, name: p.name })}
                    />
                    <span dir="auto" className="break-all">
                      {p.name} <span dir="ltr">(@{p.id})</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )
      ) : null}
      <Button className="mt-3" disabled={!chosen || assign.isPending} onClick={() => chosen && assign.mutate(chosen)}>
        {chosen ? t('assign.submitTo', { publisher: chosen.name || chosen.id }) : t('assign.submit')}
      </Button>
    </div>
  );
}

function Versions({ nodeId, latest }: { nodeId: string; latest: string | undefined }) {
  const { t } = useTranslation(NS);
  const versions = useAdminNodeVersions(nodeId);
  return (
    <Section title={t('node.versions')}>
      {versions.isPending ? (
        <Spinner label={t('loading')} />
      ) : versions.isError ? (
        <Alert tone="error">{t('loadError')}</Alert>
      ) : versions.data.length === 0 ? (
        <p className="text-sm">{t('node.noVersions')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {versions.data.map((v) => (
            <li key={v.id} className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
              <span dir="ltr" className="font-mono font-semibold">
                {v.version}
              </span>
              <Badge
                tone={
                  v.status === 'NodeVersionStatusActive'
                    ? 'green'
                    : v.status === 'NodeVersionStatusBanned'
                      ? 'red'
                      : 'grey'
                }
              >
                {t(`versionStatus.${v.status}`)}
              </Badge>
              {v.version === latest ? <Badge tone="blue">{t('compat.latest')}</Badge> : null}
              <Link
                to={`/admin/nodes/${encodeURIComponent(nodeId)}/versions/${encodeURIComponent(v.version)}/compatibility`}
                className="ms-auto text-brand-700 underline underline-offset-2 dark:text-brand-100"
                aria-label={t('compat.editFor', { version: v.version })}
              >
                {t('compat.edit')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
