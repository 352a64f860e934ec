import { useTranslation } from 'react-i18next';
import { CheckIcon, XIcon } from '../../../components/ui/icons';
import type { PasswordPolicy } from '../api/types';
import { passwordChecks } from '../password-policy';

/** The password policy as a checklist that ticks off as the person types. */
export function PasswordRules({ id, password, policy }: { id: string; password: string; policy: PasswordPolicy }) {
  const { t } = useTranslation();
  return (
    <ul id={id} className="mt-1 space-y-1 text-sm" aria-label={t('auth.password.rulesLabel')}>
      {passwordChecks(password, policy).map(({ rule, ok }) => (
        <li
          key={rule}
          className={`flex items-center gap-1.5 ${ok ? 'text-green-700 dark:text-green-400' : 'text-slate-600 dark:text-slate-400'}`}
        >
          {ok ? <CheckIcon width={16} height={16} /> : <XIcon width={16} height={16} />}
          <span>
            {t(`auth.password.rules.${rule}`, {
              count: rule === 'maxLength' ? (policy.maxLength ?? 0) : policy.minLength,
            })}
          </span>
          <span className="sr-only">{ok ? t('auth.password.met') : t('auth.password.notMet')}</span>
        </li>
      ))}
    </ul>
  );
}
