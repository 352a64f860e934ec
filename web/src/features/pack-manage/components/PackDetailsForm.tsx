import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readerErrorText } from '../../../api/error-message';
import { ApiError } from '../../../api/errors';
import { invalidatePackReads } from '../../../api/queries/pack-reads';
import { packRules } from '../../../api/rules.gen';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { analytics } from '../../../lib/analytics-client';
import { licenseText, licenseToStore } from '../../../lib/catalogue/license';
import { notify } from '../../../lib/toast';
import { type Pack, type PackEdit, updatePack } from '../api/pack-manage';
import { parseTags } from '../lib/processing';

/** The longest description the server accepts. */
const DESCRIPTION_MAX = packRules.descriptionMaxLength;

/** Edits name, description, icon, license, repository and tags of a pack. */
export function PackDetailsForm({ pack, publisherId }: { pack: Pack; publisherId: string }) {
  const { t } = useTranslation('pack-manage');
  const queryClient = useQueryClient();
  const descriptionId = useId();
  const [name, setName] = useState(pack.name);
  const [description, setDescription] = useState(pack.description);
  const [icon, setIcon] = useState(pack.icon);
  const [license, setLicense] = useState(() => licenseText(pack.license));
  const [repository, setRepository] = useState(pack.repository);
  const [tags, setTags] = useState(pack.tags.join(', '));

  const save = useMutation({
    mutationFn: (body: PackEdit) => updatePack(publisherId, pack.id, body),
    onSuccess: async () => {
      notify('success', t('details.saved'));
      analytics.track('Pack Details Updated', { nodeId: pack.id, publisherId });
      await invalidatePackReads(queryClient, pack.id, [publisherId]);
    },
    onError: (error) => {
      notify('error', t('details.failed'));
      analytics.track('Pack Details Update Failed', {
        nodeId: pack.id,
        status: error instanceof ApiError ? error.status : 0,
      });
    },
  });

  const urlError = (value: string) => (value && !/^https?:\/\/\S+$/i.test(value.trim()) ? t('details.badUrl') : null);
  const nameError = name.trim() ? null : t('details.nameRequired');
  const tooLong = description.length > DESCRIPTION_MAX;
  const invalid = Boolean(nameError || urlError(icon) || urlError(repository) || tooLong);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    save.mutate({
      name: name.trim(),
      description,
      icon: icon.trim(),
      license: licenseToStore(license, pack.license),
      repository: repository.trim(),
      tags: parseTags(tags),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <TextField label={t('details.name')} value={name} onChange={(e) => setName(e.target.value)} error={nameError} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={descriptionId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('details.description')}
        </label>
        <textarea
          id={descriptionId}
          rows={5}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={tooLong ? true : undefined}
          aria-describedby={`${descriptionId}-count`}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        />
        <p
          id={`${descriptionId}-count`}
          className={`text-sm ${tooLong ? 'text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400'}`}
        >
          {t('details.descriptionCount', { length: description.length, max: DESCRIPTION_MAX })}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('details.icon')}
          type="url"
          inputMode="url"
          dir="ltr"
          value={icon}
          onChange={(e) => setIcon(e.target.value)}
          error={urlError(icon)}
          hint={t('details.iconHint')}
        />
        <TextField
          label={t('details.repository')}
          type="url"
          inputMode="url"
          dir="ltr"
          value={repository}
          onChange={(e) => setRepository(e.target.value)}
          error={urlError(repository)}
        />
        <TextField
          label={t('details.license')}
          value={license}
          onChange={(e) => setLicense(e.target.value)}
          hint={t('details.licenseHint')}
        />
        <TextField
          label={t('details.tags')}
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          hint={t('details.tagsHint')}
        />
      </div>
      {save.isError ? (
        <Alert tone="error">
          <p>
            {t('details.failed')} {save.error ? readerErrorText(save.error) : ''}
          </p>
        </Alert>
      ) : null}
      <div>
        <Button type="submit" disabled={save.isPending || invalid}>
          {save.isPending ? t('details.saving') : t('details.save')}
        </Button>
      </div>
    </form>
  );
}
