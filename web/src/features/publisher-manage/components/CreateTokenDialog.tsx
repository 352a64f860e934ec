import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublisherNodes } from '../../../api/queries/publisher-nodes';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { createToken } from '../api/tokens';
import { serverReason } from '../lib/profile-form';
import {
  canSubmit,
  DEFAULT_EXPIRY,
  EXPIRY_CHOICES,
  type ExpiryChoice,
  type TokenForm,
  tokenBody,
} from '../lib/token-options';

/** The most packs the scope picker lists (the server's limit for one token). */
const PACK_LIMIT = 100;

const EMPTY: TokenForm = { name: '', description: '', expiry: DEFAULT_EXPIRY, packs: null };

const fieldset = 'flex flex-col gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700';
const legend = 'px-1 text-sm font-medium text-slate-800 dark:text-slate-200';
const choice = 'flex items-center gap-2 text-sm';

/**
 * The create form: name, description, how long the token lives and which packs it may publish.
 * `onCreated` gets the secret, which the caller shows once.
 */
export function CreateTokenDialog({
  publisherId,
  open,
  onOpenChange,
  onCreated,
}: {
  publisherId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (secret: string) => Promise<void>;
}) {
  const { t } = useTranslation('publisher-manage');
  const descriptionId = useId();
  const [form, setForm] = useState<TokenForm>(EMPTY);
  const packs = usePublisherNodes(publisherId, 1, PACK_LIMIT);
  const packIds = (packs.data?.nodes ?? []).map((node) => node.id);
  const set = (patch: Partial<TokenForm>) => setForm((current) => ({ ...current, ...patch }));

  const create = useMutation({
    mutationFn: () => createToken(publisherId, tokenBody(form)),
    onSuccess: async (created) => {
      setForm(EMPTY);
      await onCreated(created.token);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit(form)) create.mutate();
  };
  const expiryLabel = (days: ExpiryChoice) => {
    switch (days) {
      case 30:
        return t('tokens.expiry30');
      case 90:
        return t('tokens.expiry90');
      case 365:
        return t('tokens.expiry365');
      default:
        return t('tokens.expiryNever');
    }
  };
  const toggle = (id: string, on: boolean) =>
    set({ packs: on ? [...(form.packs ?? []), id] : (form.packs ?? []).filter((p) => p !== id) });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('tokens.createTitle')}
      description={t('tokens.createBody')}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label={t('tokens.name')}
          value={form.name}
          onChange={(event) => set({ name: event.target.value })}
          maxLength={100}
          required
          autoComplete="off"
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={descriptionId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('tokens.description')}
          </label>
          <textarea
            id={descriptionId}
            value={form.description}
            onChange={(event) => set({ description: event.target.value })}
            rows={2}
            maxLength={1000}
            dir="auto"
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
          />
        </div>
        <fieldset className={fieldset}>
          <legend className={legend}>{t('tokens.expiry')}</legend>
          {EXPIRY_CHOICES.map((days) => (
            <label key={String(days)} className={choice}>
              <input
                type="radio"
                name="token-expiry"
                checked={form.expiry === days}
                onChange={() => set({ expiry: days })}
              />
              {expiryLabel(days)}
            </label>
          ))}
        </fieldset>
        <fieldset className={fieldset}>
          <legend className={legend}>{t('tokens.scope')}</legend>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('tokens.publishOnly')}</p>
          <label className={choice}>
            <input
              type="radio"
              name="token-scope"
              checked={form.packs === null}
              onChange={() => set({ packs: null })}
            />
            {t('tokens.scopeAll')}
          </label>
          <label className={choice}>
            <input
              type="radio"
              name="token-scope"
              checked={form.packs !== null}
              disabled={packIds.length === 0}
              onChange={() => set({ packs: [] })}
            />
            {t('tokens.scopeChosen')}
          </label>
          {packs.isPending ? (
            <Spinner label={t('tokens.packsLoading')} />
          ) : packIds.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('tokens.noPacks')}</p>
          ) : form.packs !== null ? (
            <ul aria-label={t('tokens.packsLabel')} className="flex flex-col gap-1 ps-6">
              {packIds.map((id) => (
                <li key={id}>
                  <label className={choice}>
                    <input
                      type="checkbox"
                      checked={form.packs?.includes(id) ?? false}
                      onChange={(event) => toggle(id, event.target.checked)}
                    />
                    <span dir="ltr" className="font-mono">
                      {id}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
        </fieldset>
        {create.isError ? (
          <Alert tone="error">{t('tokens.createFailed', { reason: serverReason(create.error) })}</Alert>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={!canSubmit(form) || create.isPending}>
            {create.isPending ? t('tokens.creating') : t('tokens.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
