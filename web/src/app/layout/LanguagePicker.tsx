import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, ChevronDownIcon, GlobeIcon } from '../../components/ui/icons';
import { Menu, MenuCheckboxItem, MenuGroup, MenuItem, MenuRadioItem, MenuSeparator } from '../../components/ui/menu';
import { setLanguage } from '../../i18n';
import {
  betaLanguages,
  isLanguage,
  type Language,
  languageNameIn,
  nativeNames,
  supportedLanguages,
} from '../../i18n/languages';
import { useDynamicTranslation } from '../../lib/dynamic-translation';
import { translatorAvailable } from '../../lib/translator';

const ContributeDialog = lazy(() => import('./ContributeDialog'));

/** A tick in the leading column when `on`. */
function Tick({ on }: { on: boolean }) {
  return <span className="flex w-4 shrink-0 justify-center">{on ? <CheckIcon width={16} height={16} /> : null}</span>;
}

/**
 * The languages, each in its own name and in the current one. A component of its own so the
 * names in other languages (locale data the browser loads on first use) are only worked out once
 * the menu opens, not on every page's first render.
 */
function LanguageChoices({ current }: { current: Language }) {
  const { t } = useTranslation();
  return (
    <MenuGroup label={t('language.select')}>
      {supportedLanguages.map((code) => {
        const isCurrent = code === current;
        const beta = betaLanguages.has(code) ? ` ${t('language.beta')}` : '';
        return (
          <MenuRadioItem key={code} checked={isCurrent} onSelect={() => void setLanguage(code)}>
            <Tick on={isCurrent} />
            {isCurrent ? (
              <span className="font-bold" lang={code}>
                {nativeNames[code]}
                {beta}
              </span>
            ) : (
              <span>
                <span lang={code}>{nativeNames[code]}</span>
                <span className="text-slate-600 dark:text-slate-400">
                  {' · '}
                  {languageNameIn(code, current)}
                  {beta}
                </span>
              </span>
            )}
          </MenuRadioItem>
        );
      })}
    </MenuGroup>
  );
}

/**
 * The language menu: every language in the current one and in its own (the current one bold,
 * in its own name only), the Dynamic Translation switch when the browser can translate, and
 * Contribute. Switching keeps the URL as it is (path, query and hash).
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const current: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const [contributeOpen, setContributeOpen] = useState(false);
  const [dynamic, setDynamic] = useDynamicTranslation();
  const [canTranslate, setCanTranslate] = useState(false);
  useEffect(() => {
    let live = true;
    void translatorAvailable(current).then((available) => {
      if (live) setCanTranslate(available);
    });
    return () => {
      live = false;
    };
  }, [current]);
  return (
    <>
      <Menu
        label={t('language.pickerLabel', { language: nativeNames[current] })}
        triggerClassName="inline-flex h-9 items-center gap-1.5 rounded-lg px-2 text-sm max-sm:w-9 max-sm:justify-center font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        panelClassName="min-w-64"
        trigger={
          <>
            <GlobeIcon />
            <span className="hidden sm:inline" lang={current}>
              {nativeNames[current]}
            </span>
            {/* A phone shows the globe alone, so the signed-out header stays one row. */}
            <ChevronDownIcon width={16} height={16} className="max-sm:hidden" />
          </>
        }
      >
        <LanguageChoices current={current} />
        <MenuSeparator />
        {canTranslate ? (
          <MenuCheckboxItem checked={dynamic} onSelect={() => setDynamic(!dynamic)}>
            <Tick on={dynamic} />
            {t('language.dynamicTranslation')} {t('language.beta')}
          </MenuCheckboxItem>
        ) : null}
        <MenuItem onSelect={() => setContributeOpen(true)}>
          <Tick on={false} />
          {t('language.contribute')}
        </MenuItem>
      </Menu>
      {contributeOpen ? (
        <Suspense fallback={null}>
          <ContributeDialog open={contributeOpen} onOpenChange={setContributeOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
