import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { myPublishersKey } from '../../../api/queries/my-publishers';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { analytics } from '../../../lib/analytics-client';
import { notify } from '../../../lib/toast';
import { createPublisher } from '../api/publishers';
import { emptyProfile, profileBody, profileProblems, serverReason } from '../lib/profile-form';
import { useIdAvailability } from '../lib/use-id-availability';
import { ProfileFields } from './ProfileFields';

/** `/publishers/create`: a new publisher, its id checked live; lands on the publisher's page. */
export function CreatePublisherPage() {
  const { t } = useTranslation('publisher-manage');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [id, setId] = useState('');
  const [values, setValues] = useState(emptyProfile);
  const [submitted, setSubmitted] = useState(false);
  const availability = useIdAvailability(id);
  const problems = profileProblems(values);

  useEffect(() => {
    document.title = t('create.documentTitle');
  }, [t]);

  const create = useMutation({
    mutationFn: () => createPublisher({ id, ...profileBody(values) }),
    onSuccess: async (publisher) => {
      analytics.track('Publisher Created', { publisherId: publisher.id });
      notify('success', t('create.done', { name: publisher.name }));
      await queryClient.invalidateQueries({ queryKey: myPublishersKey() });
      await navigate(`/publishers/${encodeURIComponent(publisher.id)}`);
    },
    onError: (error) => {
      analytics.track('Publisher Create Failed', { reason: serverReason(error) });
      notify('error', t('create.failed', { reason: serverReason(error) }));
    },
  });

  const idError =
    availability.state === 'unavailable'
      ? availability.reason || t('create.idTaken')
      : submitted && availability.state === 'empty'
        ? t('form.errors.idRequired')
        : null;
  const idHint =
    availability.state === 'checking' ? (
      <Spinner label={t('create.checking')} />
    ) : availability.state === 'available' ? (
      <span className="text-green-800 dark:text-green-300">{t('create.available', { id })}</span>
    ) : availability.state === 'failed' ? (
      t('create.checkFailed')
    ) : (
      t('create.idHint')
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    // A failed check does not block: the server checks the id again when creating.
    const idUsable = availability.state === 'available' || availability.state === 'failed';
    if (Object.keys(problems).length > 0 || !idUsable) return;
    create.mutate();
  };

  return (
    <div className="mx-auto max-w-2xl py-8">
      <h1 className="text-3xl font-semibold tracking-tight">{t('create.title')}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t('create.subtitle')}</p>
      <form noValidate onSubmit={submit} className="mt-6 flex flex-col gap-4">
        <TextField
          label={t('form.id')}
          dir="ltr"
          value={id}
          onChange={(event) => setId(event.target.value.trim())}
          placeholder={t('form.idPlaceholder')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={64}
          error={idError}
          hint={<span aria-live="polite">{idHint}</span>}
        />
        <ProfileFields values={values} onChange={setValues} problems={submitted ? problems : {}} />
        {create.isError ? <Alert tone="error">{serverReason(create.error)}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Link to="/nodes" className={buttonClass('secondary')}>
            {t('cancel')}
          </Link>
          <Button
            type="submit"
            disabled={create.isPending || availability.state === 'checking' || availability.state === 'unavailable'}
          >
            {create.isPending ? t('create.creating') : t('create.submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
