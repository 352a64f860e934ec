import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { UNCLAIMED_PUBLISHER_ID } from '../../../../lib/catalogue/unclaimed';
import { banNode, type Node, packKeys, unbanNode, updateNode } from '../../api/nodes';
import { useAdminWrite } from '../../api/write';
import { NS } from '../admin-page';
import { ConfirmDialog } from '../confirm-dialog';
import { AssignPublisher } from './AssignPublisher';
import { Section } from './Section';

type Pending = 'ban' | 'unban' | 'unclaim' | null;

export function Moderation({ pack }: { pack: Node }) {
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
