import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { readerErrorText } from '../../../api/error-message';
import { nodeKey } from '../../../api/queries/node';
import { invalidatePackReads } from '../../../api/queries/pack-reads';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { analytics } from '../../../lib/analytics-client';
import { notify } from '../../../lib/toast';
import { deletePack } from '../api/pack-manage';
import { deleteConfirmation } from '../lib/processing';

/** Deletes the pack once `publisher/pack` has been typed exactly. */
export function DeletePackSection({ publisherId, nodeId }: { publisherId: string; nodeId: string }) {
  const { t } = useTranslation('pack-manage');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const expected = deleteConfirmation(publisherId, nodeId);
  const matches = typed.trim() === expected;

  const remove = useMutation({
    mutationFn: () => deletePack(publisherId, nodeId),
    onSuccess: async () => {
      notify('success', t('deletePack.done', { id: nodeId }));
      analytics.track('Pack Deleted', { nodeId, publisherId });
      await invalidatePackReads(queryClient, nodeId, [publisherId]);
      queryClient.removeQueries({ queryKey: nodeKey(nodeId) });
      void navigate(`/publishers/${encodeURIComponent(publisherId)}`);
    },
    onError: (error) => notify('error', t('deletePack.failed', { reason: readerErrorText(error) })),
  });

  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (matches) remove.mutate();
      }}
    >
      <p className="text-sm text-red-800 dark:text-red-300">{t('deletePack.warning')}</p>
      <TextField
        label={t('deletePack.typeLabel', { expected })}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
      />
      <div>
        <Button type="submit" variant="danger" disabled={!matches || remove.isPending}>
          {remove.isPending ? t('deletePack.deleting') : t('deletePack.button')}
        </Button>
      </div>
    </form>
  );
}
