import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { apiErrorKey, readerErrorText } from '../../../api/error-message';
import { ApiError } from '../../../api/errors';
import { useAuthConfig } from '../../../api/queries/auth-config';
import { useMyPublishers } from '../../../api/queries/my-publishers';
import { useNode } from '../../../api/queries/node';
import { invalidatePackReads } from '../../../api/queries/pack-reads';
import { useHasToken } from '../../../api/use-has-token';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { LoadState } from '../../../components/ui/load-state';
import { Spinner } from '../../../components/ui/spinner';
import { analytics } from '../../../lib/analytics-client';
import { UNCLAIMED_PUBLISHER_ID } from '../../../lib/catalogue/unclaimed';
import { notify } from '../../../lib/toast';
import { claimNode, gitHubAccessToken, startGitHubLink, useGitHubLinked } from '../api/claim';
import { type ClaimFailure, claimFailure, parseGitHubRepo } from '../lib/claim-errors';
import { ClaimRequestForm } from './ClaimRequestForm';

const linkClass = 'font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100';

function Step({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3 flex min-w-0 flex-col gap-3">{children}</div>
    </section>
  );
}

/**
 * `/nodes/:nodeId/claim`: move an unclaimed pack into one of your publishers, proven through GitHub,
 * or, where this registry has no GitHub sign-in, requested from its administrators.
 */
export function ClaimPage() {
  const { nodeId = '' } = useParams();
  const { t, i18n } = useTranslation('claim');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hasToken = useHasToken();
  const node = useNode(nodeId);
  const publishers = useMyPublishers(hasToken);
  const providers = useAuthConfig();
  const githubEnabled = providers.data?.providers.some((p) => p.id === 'github') ?? false;
  const linked = useGitHubLinked(githubEnabled);
  const [chosen, setChosen] = useState('');
  /** `text` is the server's coded reason in the reader's words; it replaces the sentence of `key` and the detail. */
  const [failure, setFailure] = useState<{ key: ClaimFailure; detail: string; text?: string } | null>(null);
  const [linking, setLinking] = useState(false);

  useEffect(() => {
    document.title = t('documentTitle', { name: node.data?.name || nodeId });
  }, [node.data?.name, nodeId, t]);

  const writable = (publishers.data ?? []).filter((p) => p.status !== 'PublisherStatusBanned');
  useEffect(() => {
    if (!chosen && writable.length === 1 && writable[0]) setChosen(writable[0].id);
  }, [chosen, writable]);

  const claim = useMutation({
    mutationFn: async () => {
      let token: string;
      try {
        token = await gitHubAccessToken();
      } catch (error) {
        throw Object.assign(new ApiError(0, 'github token'), { cause: error, githubToken: true });
      }
      await claimNode(chosen, node.data?.id ?? nodeId, token);
    },
    onSuccess: async () => {
      const id = node.data?.id ?? nodeId;
      setFailure(null);
      notify('success', t('claimed', { id, publisher: chosen }));
      analytics.track('Pack Claimed', { nodeId: id, publisherId: chosen });
      await invalidatePackReads(queryClient, id, [chosen, UNCLAIMED_PUBLISHER_ID]);
      void navigate(`/nodes/${encodeURIComponent(id)}`);
    },
    onError: (error) => {
      const githubToken = typeof error === 'object' && error !== null && 'githubToken' in error;
      const status = error instanceof ApiError ? error.status : 0;
      const key: ClaimFailure = githubToken ? 'errors.githubToken' : claimFailure(status, error.message);
      const coded = githubToken ? null : apiErrorKey(error);
      if (coded && i18n.exists(coded.key, { ns: 'common' })) {
        // The server said why in a code: its translation alone, not a client sentence plus the English one.
        const text = readerErrorText(error);
        setFailure({ key, detail: '', text });
        notify('error', text);
      } else {
        setFailure({ key, detail: githubToken || status === 0 ? '' : error.message });
        notify('error', t(key));
      }
      analytics.track('Pack Claim Failed', { nodeId, publisherId: chosen, reason: key, status });
    },
  });

  if (node.isError || !node.data) {
    return (
      <LoadState
        query={node}
        text={{
          loading: t('loading'),
          missingTitle: t('notFound.title'),
          missingBody: t('notFound.body', { id: nodeId }),
          failedTitle: t('error.title'),
          failedBody: t('error.body'),
          retry: t('error.retry'),
          back: t('backToSearch'),
        }}
      />
    );
  }

  const pack = node.data;
  const owner = pack.publisher?.id;
  const packLink = `/nodes/${encodeURIComponent(pack.id)}`;
  const repo = parseGitHubRepo(pack.repository);
  const repoName = repo ? `${repo.owner}/${repo.name}` : pack.repository;

  if (owner && owner !== UNCLAIMED_PUBLISHER_ID) {
    return (
      <div className="mx-auto flex max-w-2xl flex-col gap-4 py-12">
        <h1 className="text-3xl font-semibold tracking-tight break-words">
          {t('title', { name: pack.name || pack.id })}
        </h1>
        <Alert tone="info">
          <p>{t('alreadyClaimed', { publisher: pack.publisher?.name || owner })}</p>
        </Alert>
        <Link to={packLink} className={linkClass}>
          {t('backToPack')}
        </Link>
      </div>
    );
  }

  const githubReady = githubEnabled && linked.data === true;
  const canClaim = Boolean(chosen) && githubReady && Boolean(repo) && !claim.isPending;

  const link = async () => {
    setLinking(true);
    analytics.track('GitHub Link Started', { from: 'claim', nodeId: pack.id });
    try {
      window.location.assign(await startGitHubLink(window.location.href));
    } catch (error) {
      setLinking(false);
      notify('error', t('github.linkFailed'));
      setFailure({ key: 'errors.githubDown', detail: error instanceof Error ? error.message : '' });
    }
  };

  return (
    <div className="mx-auto flex max-w-3xl min-w-0 flex-col gap-6 py-8">
      <header className="min-w-0">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Link to={packLink} className="break-all underline underline-offset-2">
            {pack.id}
          </Link>
        </p>
        <h1 className="mt-1 text-3xl font-semibold tracking-tight break-words">
          {t('title', { name: pack.name || pack.id })}
        </h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t('intro')}</p>
      </header>

      <Step id="claim-publisher" title={t('publisher.title')}>
        {publishers.isPending ? (
          <Spinner label={t('loading')} />
        ) : publishers.isError ? (
          <Alert tone="error">
            <p>{t('publisher.loadFailed')}</p>
          </Alert>
        ) : writable.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-300">{t('publisher.none')}</p>
        ) : (
          <fieldset className="flex min-w-0 flex-col gap-2">
            <legend className="mb-2 text-sm text-slate-700 dark:text-slate-300">{t('publisher.legend')}</legend>
            {writable.map((p) => (
              <label
                key={p.id}
                className="flex min-w-0 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 has-[:checked]:border-brand-600 dark:border-slate-700"
              >
                <input
                  type="radio"
                  name="publisher"
                  value={p.id}
                  checked={chosen === p.id}
                  onChange={() => setChosen(p.id)}
                />
                <span className="min-w-0">
                  <span className="block font-medium break-words">{p.name || p.id}</span>
                  <span className="block text-sm break-all text-slate-600 dark:text-slate-400">{p.id}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <Link to="/publishers/create" className={linkClass}>
          {t('publisher.create')}
        </Link>
      </Step>

      {providers.isSuccess && !githubEnabled ? (
        // No GitHub sign-in on this registry: a file in the repository proves the claim, the admins decide.
        <ClaimRequestForm nodeId={pack.id} publisherId={chosen} repository={pack.repository} packLink={packLink} />
      ) : (
        <>
          <Step id="claim-github" title={t('github.title')}>
            <p className="text-slate-700 dark:text-slate-300" data-testid="claim-github-requirement">
              {t('github.requirement', { repo: repoName })}
            </p>
            {!repo ? (
              <Alert tone="error">
                <p>{t('errors.notGitHub')}</p>
              </Alert>
            ) : providers.isPending || (githubEnabled && linked.isPending) ? (
              <Spinner label={t('loading')} />
            ) : !githubEnabled ? (
              <Alert tone="info">
                <p>{t('github.notOffered')}</p>
              </Alert>
            ) : linked.isError ? (
              <Alert tone="error">
                <p>{t('github.checkFailed')}</p>
              </Alert>
            ) : linked.data ? (
              <Alert tone="success">
                <p>{t('github.linked', { repo: repoName })}</p>
              </Alert>
            ) : (
              <>
                <Alert tone="info">
                  <p>{t('github.notLinked')}</p>
                </Alert>
                <div>
                  <Button variant="secondary" disabled={linking} onClick={() => void link()}>
                    {t('github.link')}
                  </Button>
                </div>
              </>
            )}
          </Step>

          {failure ? (
            <Alert tone="error">
              <p data-testid="claim-failure">{failure.text ?? t(failure.key, { repo: repoName })}</p>
              {failure.detail ? <p className="mt-1 break-words">{failure.detail}</p> : null}
            </Alert>
          ) : null}

          <div className="flex flex-wrap items-center gap-3">
            <Button disabled={!canClaim} onClick={() => claim.mutate()}>
              {claim.isPending ? t('claiming') : t('claim')}
            </Button>
            <Link to={packLink} className={buttonClass('ghost')}>
              {t('cancel')}
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
