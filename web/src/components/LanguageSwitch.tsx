import { LOCALES, type Locale } from '@krapao/contract';
import { useLocale, useTranslation } from '../i18n/react';
import { changeLocale } from '../i18n';
import './LanguageSwitch.css';

// Each language names itself, so a member who cannot read the current one still finds theirs.
export const NATIVE_NAMES: Record<Locale, { short: string; long: string }> = {
  th: { short: 'ไทย', long: 'ภาษาไทย' },
  la: { short: 'ລາວ', long: 'ພາສາລາວ' },
  en: { short: 'EN', long: 'English' },
};

/**
 * SH-1: th, la, en at any time; the choice is kept in the browser. Three radio buttons drawn as one pill:
 * what Mantine's SegmentedControl did, without its script and styles on every page.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const value = useLocale();
  return (
    <div role="radiogroup" aria-label={t('common.language')} className="lang-switch">
      {LOCALES.map((lng) => (
        <label key={lng} className="lang-switch__option" data-active={lng === value || undefined}>
          <input
            className="lang-switch__input"
            type="radio"
            name="language"
            value={lng}
            checked={lng === value}
            onChange={() => void changeLocale(lng)}
          />
          <span lang={lng === 'la' ? 'lo' : lng} title={NATIVE_NAMES[lng].long}>
            {NATIVE_NAMES[lng].short}
          </span>
        </label>
      ))}
    </div>
  );
}
