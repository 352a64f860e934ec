import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { keyFor } from '../../../api/keys';
import { packRules } from '../../../api/rules.gen';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isUnclaimedPublisher } from '../../../lib/catalogue/unclaimed';
import {
  createUnclaimedNode,
  type NewUnclaimedNode,
  NODE_STATUSES,
  type NodeStatus,
  useAdminNodes,
} from '../api/nodes';
import { useAdminWrite } from '../api/write';
import { AdminPage, NS } from './admin-page';
import { Badge, nodeStatusTone } from './badge';
import { SelectField, TextareaField } from './fields';
import { ListState } from './list-state';
import { UrlPager, usePageParam } from './url-paging';

function isStatus(value: string | null): value is NodeStatus {
  return value !== null && (NODE_STATUSES as readonly string[]).includes(value);
}

/** `/admin/nodes`: every pack, searched and filtered on the server, plus "create unclaimed pack". */
export function AdminNodesPage() {
  const { t } = useTranslation(NS);
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const rawStatus = params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : '';
  const page = usePageParam();
  const nodes = useAdminNodes({ q, status, page });
  const [text, setText] = useState(q);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (text.trim()) next.set('q', text.trim());
    if (status) next.set('status', status);
    setParams(next);
  };
  const filterStatus = (value: string) => {
    const next = new URLSearchParams();
    if (q) next.set('q', q);
    if (value) next.set('status', value);
    setParams(next);
  };

  return (
    <AdminPage title={t('nodes.title')}>
      <CreateUnclaimed />
      <search className="mt-6 block">
        <form onSubmit={search} className="flex flex-wrap items-end gap-3">
          <TextField
            label={t('nodes.search')}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="min-w-0 flex-1 basis-56"
          />
          <SelectField
            label={t('nodes.status')}
            value={status}
            onChange={(e) => filterStatus(e.target.value)}
            className="basis-40"
          >
            <option value="">{t('nodes.allStatuses')}</option>
            {NODE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`nodeStatus.${s}`)}
              </option>
            ))}
          </SelectField>
          <Button type="submit">{t('searchButton')}</Button>
        </form>
      </search>

      <section aria-labelledby="admin-nodes-results" aria-busy={nodes.isFetching} className="mt-6">
        <h2 id="admin-nodes-results" className="text-lg font-semibold">
          {nodes.data ? t('nodes.count', { count: nodes.data.total }) : t('nodes.results')}
        </h2>
        <ListState
          isPending={nodes.isPending}
          isError={nodes.isError}
          empty={nodes.data?.nodes.length === 0}
          onRetry={() => void nodes.refetch()}
        >
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {nodes.data?.nodes.map((node) => (
              <li key={node.id} className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-1 p-3">
                <div className="min-w-0 flex-1 basis-48">
                  <Link
                    to={`/admin/nodes/${encodeURIComponent(node.id)}`}
                    dir="auto"
                    className="break-words font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
                  >
                    {node.name || node.id}
                  </Link>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    <span className="block break-all">
                      <span dir="ltr">@{node.id}</span>
                    </span>
                    {node.publisher ? (
                      <span className="block break-words">
                        <span dir="auto">
                          {isUnclaimedPublisher(node.publisher.id)
                            ? t('node.unclaimed')
                            : node.publisher.name || node.publisher.id}
                        </span>
                      </span>
                    ) : null}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-1">
                  <Badge tone={nodeStatusTone(node.status)}>{t(`nodeStatus.${node.status}`)}</Badge>
                  {node.tags_admin.map((tag) => (
                    <Badge key={tag} tone="blue">
                      {tag}
                    </Badge>
                  ))}
                </div>
              </li>
            ))}
          </ul>
          <UrlPager page={page} totalPages={nodes.data?.totalPages ?? 1} label={t('nodes.pages')} />
        </ListState>
      </section>
    </AdminPage>
  );
}

const nodeIdPattern = new RegExp(packRules.idPattern);
/** The server's pack-id rule, as it publishes it. */
const isNodeId = (id: string) => id.length <= packRules.idMaxLength && nodeIdPattern.test(id);

const emptyDraft = { id: '', name: '', repository: '', description: '', category: '', author: '', license: '' };

/** The "Create unclaimed pack" form, folded away until opened. */
function CreateUnclaimed() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [draft, setDraft] = useState(emptyDraft);
  const [tried, setTried] = useState(false);
  const create = useAdminWrite({
    run: (body: NewUnclaimedNode) => createUnclaimedNode(body),
    event: 'Admin Unclaimed Pack Created',
    properties: (body) => ({ node_id: body.id }),
    success: (body) => t('create.done', { id: body.id }),
    failure: (message) => t('create.failed', { message }),
    invalidate: () => [keyFor('/admin/nodes')],
    onDone: (body) => {
      setDraft(emptyDraft);
      setTried(false);
      void navigate(`/admin/nodes/${encodeURIComponent(body.id)}`);
    },
  });
  const idError = tried && !isNodeId(draft.id) ? t('create.idInvalid') : null;
  const nameError = tried && draft.name.trim() === '' ? t('create.nameMissing') : null;
  const set = (key: keyof typeof emptyDraft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!isNodeId(draft.id) || draft.name.trim() === '') return;
    const body: NewUnclaimedNode = { id: draft.id.trim(), name: draft.name.trim() };
    for (const key of ['repository', 'description', 'category', 'author', 'license'] as const) {
      if (draft[key].trim()) body[key] = draft[key].trim();
    }
    create.mutate(body);
  };
  return (
    <details className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <summary className="cursor-pointer font-semibold">{t('create.title')}</summary>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t('create.intro')}</p>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('create.id')}
          value={draft.id}
          onChange={(e) => set('id')(e.target.value)}
          error={idError}
          hint={t('create.idHint')}
          required
          dir="ltr"
        />
        <TextField
          label={t('create.name')}
          value={draft.name}
          onChange={(e) => set('name')(e.target.value)}
          error={nameError}
          required
        />
        <TextField
          label={t('create.repository')}
          type="url"
          value={draft.repository}
          onChange={(e) => set('repository')(e.target.value)}
          dir="ltr"
        />
        <TextField
          label={t('fields.category')}
          value={draft.category}
          onChange={(e) => set('category')(e.target.value)}
        />
        <TextField label={t('create.author')} value={draft.author} onChange={(e) => set('author')(e.target.value)} />
        <TextField label={t('create.license')} value={draft.license} onChange={(e) => set('license')(e.target.value)} />
        <TextareaField
          label={t('create.description')}
          value={draft.description}
          onChange={(e) => set('description')(e.target.value)}
          className="sm:col-span-2"
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={create.isPending}>
            {t('create.submit')}
          </Button>
        </div>
      </form>
    </details>
  );
}
