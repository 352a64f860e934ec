import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Every admin screen; the compatibility editor is reached per version from a pack. */
const screens = [
  { to: '/admin/review', key: 'review' },
  { to: '/admin/claim-requests', key: 'claims' },
  { to: '/admin/nodes', key: 'nodes' },
  { to: '/admin/publishers', key: 'publishers' },
  { to: '/admin/users', key: 'users' },
  { to: '/admin/audit', key: 'audit' },
] as const;

/** The list of admin screens with a line on what each is for. */
export function AdminNav() {
  const { t } = useTranslation('admin');
  return (
    <nav aria-labelledby="admin-nav-title">
      <h2 id="admin-nav-title" className="text-lg font-semibold">
        {t('nav.title')}
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {screens.map((screen) => (
          <li key={screen.key}>
            <Link
              to={screen.to}
              className="block h-full rounded-xl border border-slate-200 p-4 hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-800 dark:hover:bg-slate-900"
            >
              <span className="font-semibold text-brand-700 dark:text-brand-100">{t(`nav.${screen.key}.title`)}</span>
              <span className="mt-1 block text-sm text-slate-700 dark:text-slate-300">
                {t(`nav.${screen.key}.body`)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
