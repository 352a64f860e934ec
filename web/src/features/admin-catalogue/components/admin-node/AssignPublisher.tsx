import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { TextField } from '../../../../components/ui/text-field';
import { packKeys, updateNode } from '../../api/nodes';
import { useAdminPublishers } from '../../api/people';
import { useAdminWrite } from '../../api/write';
import { NS } from '../admin-page';

/** Finds a publisher by id or name and assigns the unclaimed pack to it. */
export function AssignPublisher({ nodeId }: { nodeId: string }) {
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
