import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyPublishers } from '../../../api/queries/my-publishers';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { GettingStarted } from './GettingStarted';
import { InvitationsPanel } from './InvitationsPanel';
import { PublisherSection } from './PublisherSection';

/** `/nodes` (signed in): the user's publishers with their packs, or the first-publish walkthrough. */
export function YourNodesPage() {
  const { t } = useTranslation('dashboard');
  const publishers = useMyPublishers();
  useEffect(() => {
    document.title = t('documentTitle');
  }, [t]);
  return (
    <div className="mx-auto max-w-5xl py-8">
      <div className="flex min-w-0 flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{t('subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/account" className={buttonClass('ghost')}>
            {t('account')}
          </Link>
          <Link to="/publishers/create" className={buttonClass('primary')}>
            {t('newPublisher')}
          </Link>
        </div>
      </div>
      <InvitationsPanel />
      {publishers.isPending ? (
        <PageSpinner label={t('loading')} />
      ) : publishers.isError ? (
        <div className="mt-6 flex flex-col items-start gap-3">
          <Alert tone="error">{t('loadError')}</Alert>
          <Button variant="secondary" onClick={() => void publishers.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : publishers.data.length === 0 ? (
        <GettingStarted />
      ) : (
        publishers.data.map((publisher) => <PublisherSection key={publisher.id} publisher={publisher} />)
      )}
    </div>
  );
}
