import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { myPublishersKey } from '../../../api/queries/my-publishers';
import { type Publisher, publisherKey } from '../../../api/queries/publisher';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { analytics } from '../../../lib/analytics-client';
import { notify } from '../../../lib/toast';
import { updatePublisher } from '../api/publishers';
import { profileBody, profileProblems, serverReason } from '../lib/profile-form';
import { ProfileFields } from './ProfileFields';

/** Edit the publisher's display name, description, links and logo. */
export function DetailsSection({ publisher }: { publisher: Publisher }) {
  const { t } = useTranslation('publisher-manage');
  const queryClient = useQueryClient();
  const initial = {
    name: publisher.name,
    description: publisher.description,
    website: publisher.website,
    support: publisher.support,
    logo: publisher.logo,
  };
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const problems = profileProblems(values);
  const changed = JSON.stringify(values) !== JSON.stringify(initial);

  const save = useMutation({
    mutationFn: () => updatePublisher(publisher.id, profileBody(values)),
    onSuccess: async (saved) => {
      analytics.track('Publisher Updated', { publisherId: publisher.id });
      notify('success', t('details.saved'));
      setValues({
        name: saved.name,
        description: saved.description,
        website: saved.website,
        support: saved.support,
        logo: saved.logo,
      });
      setSubmitted(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: publisherKey(publisher.id) }),
        queryClient.invalidateQueries({ queryKey: myPublishersKey() }),
      ]);
    },
    onError: (error) => notify('error', t('details.failed', { reason: serverReason(error) })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length === 0) save.mutate();
  };

  return (
    <section id="details" aria-labelledby="details-title" className="scroll-mt-20">
      <h2 id="details-title" className="text-xl font-semibold">
        {t('details.title')}
      </h2>
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
        <ProfileFields values={values} onChange={setValues} problems={submitted ? problems : {}} />
        {save.isError ? <Alert tone="error">{serverReason(save.error)}</Alert> : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={!changed || save.isPending}>
            {save.isPending ? t('details.saving') : t('details.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
