import { useTranslation } from 'react-i18next';
import { useCatalogueSize } from '../api/catalogue-size';

/** The same commands the server logs at a first start (server/src/modules/mirror/first-start.ts). */
const COMMANDS = [
  { key: 'mirror', command: 'UPSTREAM_URL=https://api.comfy.org npm start' },
  {
    key: 'importManagerList',
    command: 'npm run registry -- import-manager-list --nodes custom-node-list.json --node-map extension-node-map.json',
  },
  { key: 'demo', command: 'npm run registry -- seed-demo --packs 200' },
] as const;

/**
 * For an admin looking at an empty registry: the three ways to fill the catalogue, each with the
 * exact command. Nothing shows for anyone else, or once a pack exists.
 */
export function FirstStartPanel({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const size = useCatalogueSize(isAdmin);
  if (!isAdmin || size.data !== 0) return null;
  return (
    <section
      aria-labelledby="first-start-title"
      className="mx-auto mt-8 max-w-3xl rounded-2xl border border-amber-300 bg-amber-50 p-6 dark:border-amber-700 dark:bg-slate-900"
    >
      <h2 id="first-start-title" className="text-lg font-semibold">
        {t('home.firstStart.title')}
      </h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t('home.firstStart.intro')}</p>
      <ol className="mt-4 space-y-4">
        {COMMANDS.map(({ key, command }) => (
          <li key={key}>
            <p className="text-sm font-medium">{t(`home.firstStart.${key}`)}</p>
            <pre dir="ltr" className="mt-1 overflow-x-auto rounded-lg bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800">
              <code>{command}</code>
            </pre>
          </li>
        ))}
      </ol>
    </section>
  );
}
