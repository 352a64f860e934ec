import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { NS } from './admin-page';

/** A one-field search that keeps its text in the URL (`q`) and resets the page. */
export function SearchForm({ label }: { label: string }) {
  const { t } = useTranslation(NS);
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(text.trim() ? { q: text.trim() } : {});
  };
  return (
    <search className="block">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <TextField
          label={label}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="min-w-0 flex-1 basis-56"
        />
        <Button type="submit">{t('searchButton')}</Button>
      </form>
    </search>
  );
}
