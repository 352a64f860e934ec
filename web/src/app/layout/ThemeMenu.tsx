import { useTranslation } from 'react-i18next';
import { CheckIcon, MonitorIcon, MoonIcon, SunIcon } from '../../components/ui/icons';
import { Menu, MenuRadioItem } from '../../components/ui/menu';
import { type ThemeMode, themeModes, useThemeMode } from '../../lib/theme';

const icons = { light: SunIcon, dark: MoonIcon, auto: MonitorIcon } satisfies Record<ThemeMode, unknown>;

/** Light, dark or automatic (system) theme. */
export function ThemeMenu() {
  const { t } = useTranslation();
  const [mode, setMode] = useThemeMode();
  const Current = icons[mode];
  return (
    <Menu
      label={t('theme.label', { mode: t(`theme.${mode}`) })}
      triggerClassName="inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      panelClassName="min-w-48"
      trigger={<Current />}
    >
      {themeModes.map((m) => {
        const Icon = icons[m];
        return (
          <MenuRadioItem key={m} checked={m === mode} onSelect={() => setMode(m)}>
            <Icon width={16} height={16} />
            <span className="flex-1">{t(`theme.${m}`)}</span>
            {m === mode ? <CheckIcon width={16} height={16} /> : null}
          </MenuRadioItem>
        );
      })}
    </Menu>
  );
}
