import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { myPublishersKey } from '../../../api/queries/my-publishers';
import { publisherKey } from '../../../api/queries/publisher';
import { usePublisherNodes } from '../../../api/queries/publisher-nodes';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ContactAdmins } from '../../../components/ui/contact-admins';
import { TextField } from '../../../components/ui/text-field';
import { analytics } from '../../../lib/analytics-client';
import { notify } from '../../../lib/toast';
import { deletePublisher } from '../api/publishers';
import { serverReason } from '../lib/profile-form';

/** Delete the publisher after typing its id; the server refuses while it has packs. */
export function DeleteSection({ publisherId }: { publisherId: string }) {
  const { t } = useTranslation('publisher-manage');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const packs = usePublisherNodes(publisherId, 1, 1);
  const [typed, setTyped] = useState('');
  const packTotal = packs.data?.total ?? 0;

  const remove = useMutation({
    mutationFn: () => deletePublisher(publisherId),
    onSuccess: async () => {
      analytics.track('Publisher Deleted', { publisherId });
      notify('success', t('delete.done', { id: publisherId }));
      await navigate('/nodes');
      queryClient.removeQueries({ queryKey: publisherKey(publisherId) });
      await queryClient.invalidateQueries({ queryKey: myPublishersKey() });
    },
    onError: (error) => {
      analytics.track('Publisher Delete Refused', { publisherId });
      notify('error', t('delete.failed', { reason: serverReason(error) }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed === publisherId) remove.mutate();
  };

  return (
    <section
      id="delete"
      aria-labelledby="delete-title"
      className="scroll-mt-20 rounded-xl border border-red-300 p-4 dark:border-red-900"
    >
      <h2 id="delete-title" className="text-xl font-semibold text-red-800 dark:text-red-300">
        {t('delete.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('delete.body')}</p>
      {packTotal > 0 ? (
        <div className="mt-3">
          <Alert tone="info">
            <p>{t('delete.hasPacks', { count: packTotal })}</p>
            <ContactAdmins className="mt-1 text-sm" />
          </Alert>
        </div>
      ) : null}
      <form noValidate onSubmit={submit} className="mt-4 flex min-w-0 flex-col gap-3">
        <TextField
          label={t('delete.confirmLabel', { id: publisherId })}
          dir="ltr"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
        {remove.isError ? <Alert tone="error">{serverReason(remove.error)}</Alert> : null}
        <div className="flex justify-end">
          <Button type="submit" variant="danger" disabled={typed !== publisherId || remove.isPending}>
            {remove.isPending ? t('delete.deleting') : t('delete.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
