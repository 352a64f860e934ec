import { useTranslation } from 'react-i18next';
import { config } from '../../lib/config';

/**
 * How to reach this instance's administrators, for texts that tell people to contact them: the
 * operator's CONTACT_EMAIL as a mail link. Without one, there is no address to give, so nothing.
 */
export function ContactAdmins({ className }: { className?: string }) {
  const { t } = useTranslation();
  const email = config.footer.contactEmail;
  if (!email) return null;
  return (
    <p data-testid="contact-admins" className={className ?? 'text-sm'}>
      {t('contact.prompt')}{' '}
      <a
        href={`mailto:${email}`}
        dir="ltr"
        className="font-medium text-brand-600 underline underline-offset-2 dark:text-brand-100"
      >
        {email}
      </a>
    </p>
  );
}
