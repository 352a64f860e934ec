import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppealMessage, AppealThread as Thread } from '../../api/appeals';
import { MAX_APPEAL_MESSAGE } from '../../api/appeals';
import { readerErrorText } from '../../api/error-message';
import { DATE_TIME, formatDate } from '../../lib/format';
import { Button } from './button';

interface AppealThreadProps {
  thread: Thread;
  /** Which side the reader writes from: titles and who "you" are differ. */
  side: 'publisher' | 'admin';
  /** Sends a message; rejects with the server's refusal. */
  onSend: (body: string) => Promise<unknown>;
}

/**
 * A held version's conversation between its publisher and the administrators, with the decision
 * that closed it. Messages are shown as plain text (never as HTML), line breaks kept.
 */
export function AppealThread({ thread, side, onSend }: AppealThreadProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="min-w-0 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
      data-testid="appeal-thread"
    >
      <h4 id={titleId} className="text-sm font-semibold">
        {t(side === 'publisher' ? 'appeal.titlePublisher' : 'appeal.titleAdmin', { version: thread.version })}
      </h4>
      {side === 'publisher' && thread.open ? (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('appeal.intro')}</p>
      ) : null}
      {thread.messages.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('appeal.empty')}</p>
      ) : (
        <ol className="mt-2 flex flex-col gap-2">
          {thread.messages.map((message) => (
            <MessageItem key={message.id} message={message} side={side} />
          ))}
        </ol>
      )}
      {thread.open ? (
        <Composer onSend={onSend} />
      ) : (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('appeal.closed')}</p>
      )}
    </section>
  );
}

function MessageItem({ message, side }: { message: AppealMessage; side: 'publisher' | 'admin' }) {
  const { t, i18n } = useTranslation('common');
  const name = message.author.name || (message.author.role === 'admin' ? t('appeal.anAdmin') : t('appeal.aPublisher'));
  // Administrators see every address; a publisher sees administrators by name.
  const who = side === 'admin' && message.author.email ? `${name} <${message.author.email}>` : name;
  const when = (
    <time dateTime={message.created_at} className="text-slate-600 dark:text-slate-400">
      {formatDate(message.created_at, i18n.resolvedLanguage ?? 'en', DATE_TIME)}
    </time>
  );
  if (message.kind === 'decision') {
    const approved = message.decision === 'approve';
    return (
      <li
        className={`rounded-md p-2 text-sm ${approved ? 'bg-green-50 text-green-950 dark:bg-green-950 dark:text-green-100' : 'bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-100'}`}
        data-testid="appeal-decision"
      >
        <p className="flex flex-wrap items-center gap-x-2 font-semibold">
          <span dir="auto">{t(approved ? 'appeal.approvedBy' : 'appeal.rejectedBy', { name: who })}</span>
          {when}
        </p>
        {message.body ? (
          <p dir="auto" className="mt-1 whitespace-pre-wrap break-words">
            {t('appeal.reason', { reason: message.body })}
          </p>
        ) : null}
      </li>
    );
  }
  const fromAdmin = message.author.role === 'admin';
  return (
    <li
      className={`rounded-md p-2 text-sm ${fromAdmin ? 'bg-brand-50 dark:bg-slate-800' : 'bg-slate-50 dark:bg-slate-900'}`}
      data-testid="appeal-message"
    >
      <p className="flex flex-wrap items-center gap-x-2 font-medium">
        <span dir="auto" className="break-all">
          {t(fromAdmin ? 'appeal.fromAdmin' : 'appeal.fromPublisher', { name: who })}
        </span>
        {when}
      </p>
      <p dir="auto" className="mt-1 whitespace-pre-wrap break-words text-slate-800 dark:text-slate-200">
        {message.body}
      </p>
    </li>
  );
}

function Composer({ onSend }: { onSend: (body: string) => Promise<unknown> }) {
  const { t } = useTranslation('common');
  const id = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const blank = text.trim() === '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blank || sending) return;
    setSending(true);
    setError(null);
    try {
      await onSend(text);
      setText('');
    } catch (failure) {
      setError(t('appeal.sendFailed', { reason: readerErrorText(failure) }));
    } finally {
      setSending(false);
    }
  };
  return (
    <form className="mt-3 flex flex-col gap-2" onSubmit={(event) => void submit(event)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {t('appeal.label')}
      </label>
      <textarea
        id={id}
        value={text}
        maxLength={MAX_APPEAL_MESSAGE}
        rows={3}
        dir="auto"
        onChange={(event) => setText(event.target.value)}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        className="min-h-20 rounded-lg border border-slate-300 bg-white p-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={blank || sending}>
          {sending ? t('appeal.sending') : t('appeal.send')}
        </Button>
        <span id={`${id}-count`} className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
          {t('appeal.length', { used: text.length, max: MAX_APPEAL_MESSAGE })}
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </form>
  );
}
