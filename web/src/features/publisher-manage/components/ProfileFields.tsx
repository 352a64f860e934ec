import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';
import type { FieldProblem, ProfileValues } from '../lib/profile-form';

/** The editable publisher fields, shared by create and edit. */
export function ProfileFields({
  values,
  onChange,
  problems,
}: {
  values: ProfileValues;
  onChange: (values: ProfileValues) => void;
  /** Field errors to show (only after a submit attempt or once a field was left). */
  problems: Partial<Record<keyof ProfileValues, FieldProblem>>;
}) {
  const { t } = useTranslation('publisher-manage');
  const descriptionId = useId();
  const set = (key: keyof ProfileValues) => (event: { target: { value: string } }) =>
    onChange({ ...values, [key]: event.target.value });
  const error = (key: keyof ProfileValues) => {
    const problem = problems[key];
    return problem ? t(`form.errors.${problem}`) : null;
  };
  return (
    <>
      <TextField
        label={t('form.name')}
        placeholder={t('form.namePlaceholder')}
        value={values.name}
        onChange={set('name')}
        error={error('name')}
        required
        maxLength={100}
        autoComplete="organization"
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={descriptionId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('form.description')}
        </label>
        <textarea
          id={descriptionId}
          value={values.description}
          onChange={set('description')}
          rows={3}
          maxLength={5000}
          dir="auto"
          aria-invalid={problems.description ? true : undefined}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        />
        {problems.description ? <p className="text-sm text-red-700 dark:text-red-400">{error('description')}</p> : null}
      </div>
      <TextField
        label={t('form.website')}
        type="url"
        dir="ltr"
        inputMode="url"
        placeholder="https://"
        value={values.website}
        onChange={set('website')}
        error={error('website')}
      />
      <TextField
        label={t('form.support')}
        dir="ltr"
        hint={t('form.supportHint')}
        placeholder="support@example.com"
        value={values.support}
        onChange={set('support')}
        error={error('support')}
        autoComplete="email"
      />
      <TextField
        label={t('form.logo')}
        type="url"
        dir="ltr"
        inputMode="url"
        placeholder="https://"
        value={values.logo}
        onChange={set('logo')}
        error={error('logo')}
      />
    </>
  );
}
