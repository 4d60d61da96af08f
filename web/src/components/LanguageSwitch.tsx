import { SegmentedControl } from '@mantine/core';
import { LOCALES, type Locale } from '@krapao/contract';
import { useLocale, useTranslation } from '../i18n/react';
import { changeLocale, isLocale } from '../i18n';

// Each language names itself, so a member who cannot read the current one still finds theirs.
const NATIVE_NAMES: Record<Locale, { short: string; long: string }> = {
  th: { short: 'ไทย', long: 'ภาษาไทย' },
  la: { short: 'ລາວ', long: 'ພາສາລາວ' },
  en: { short: 'EN', long: 'English' },
};

/** SH-1: th, la, en at any time; the choice is kept in the browser. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const value = useLocale();
  return (
    <SegmentedControl
      size="xs"
      radius="xl"
      aria-label={t('common.language')}
      className="lang-switch"
      value={value}
      onChange={(next) => {
        if (isLocale(next)) void changeLocale(next);
      }}
      data={LOCALES.map((lng) => ({
        value: lng,
        label: (
          <span lang={lng === 'la' ? 'lo' : lng} title={NATIVE_NAMES[lng].long}>
            {NATIVE_NAMES[lng].short}
          </span>
        ),
      }))}
    />
  );
}
