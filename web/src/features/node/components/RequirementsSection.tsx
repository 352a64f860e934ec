import { useTranslation } from 'react-i18next';
import type { components } from '../../../api/schema.gen';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useVersion } from '../api/get-version';

type PythonRequirement = components['schemas']['PythonRequirement'];

function Tag({ children, tone }: { children: string; tone: 'plain' | 'warn' }) {
  const colours =
    tone === 'warn'
      ? 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100'
      : 'bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100';
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${colours}`}>{children}</span>;
}

function Entry({ entry }: { entry: PythonRequirement }) {
  const { t } = useTranslation('node');
  const where = t('requirements.where', { file: entry.source_file, line: entry.line });
  return (
    <li className="min-w-0 rounded-lg border border-slate-200 px-3 py-2 text-sm dark:border-slate-800">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <code dir="ltr" className="break-all font-semibold">
          {entry.kind === 'requirement' || entry.kind === 'constraint'
            ? `${entry.name || entry.url}${entry.extras.length > 0 ? `[${entry.extras.join(',')}]` : ''}${entry.specifier}`
            : entry.text}
        </code>
        {entry.kind === 'constraint' ? <Tag tone="plain">{t('requirements.constraint')}</Tag> : null}
        {entry.editable ? <Tag tone="plain">{t('requirements.editable')}</Tag> : null}
        {entry.kind === 'option' ? <Tag tone="warn">{t('requirements.option')}</Tag> : null}
        {entry.kind === 'problem' ? <Tag tone="warn">{t('requirements.problem')}</Tag> : null}
      </div>
      {entry.url && entry.name ? (
        <p dir="ltr" className="mt-1 break-all text-start text-xs">
          {entry.url}
        </p>
      ) : null}
      {entry.markers ? (
        <p dir="ltr" className="mt-1 break-all text-start text-xs text-slate-700 dark:text-slate-300">
          ; {entry.markers}
        </p>
      ) : null}
      {entry.problem ? <p className="mt-1 break-words text-xs">{entry.problem}</p> : null}
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        <bdi>{where}</bdi>
      </p>
    </li>
  );
}

/** The Python packages the shown version asks pip for: requirements.txt with its includes, then pyproject.toml. */
export function RequirementsSection({ nodeId, version }: { nodeId: string; version: string }) {
  const { t } = useTranslation('node');
  const query = useVersion(nodeId, version);
  if (!version) return null;
  const entries = query.data?.requirements ?? [];
  let body: React.ReactNode;
  if (query.isPending) body = <Spinner label={t('requirements.loading')} className="mt-3" />;
  else if (query.isError)
    body = (
      <div className="mt-3">
        <Alert tone="error">{t('requirements.error')}</Alert>
      </div>
    );
  else if (entries.length === 0)
    body = <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t('requirements.empty', { version })}</p>;
  else
    body = (
      <>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('requirements.intro', { version })}</p>
        <ul className="mt-3 space-y-2">
          {entries.map((entry) => (
            <Entry key={`${entry.source_file}:${entry.line}:${entry.text}`} entry={entry} />
          ))}
        </ul>
      </>
    );
  return (
    <section aria-labelledby="requirements-title">
      <h2 id="requirements-title" className="text-lg font-semibold">
        {t('requirements.title')}
      </h2>
      {body}
    </section>
  );
}
