import { useLocale } from '../../i18n/react';
import { SITE_NAME, SITE_NAME_LANG } from '../../components/site-name';
/**
 * The splash of index.html, drawn again by React while the first screen's chunks load: the app removes
 * the static one as it first renders (create-app.tsx), so nothing flashes. Its styles live in index.html
 * (they must paint before any script); keep the markup the same as there.
 */
export function Splash() {
  const locale = useLocale();
  return (
    <div className="splash">
      <div className="splash__header">
        <svg width="30" height="30" viewBox="0 0 64 64" aria-hidden="true">
          <rect width="64" height="64" rx="16" fill="#12b886" />
          <rect x="12" y="20" width="40" height="28" rx="7" fill="#e6fcf5" />
          <rect x="36" y="29" width="16" height="10" rx="5" fill="#0b3b34" />
          <circle cx="42" cy="34" r="2.5" fill="#e6fcf5" />
        </svg>
        <span className="splash__name" lang={SITE_NAME_LANG[locale]}>
          {SITE_NAME[locale]}
          <span className="splash__latin">Krapao</span>
        </span>
      </div>
      <div className="splash__spinner" role="progressbar" aria-busy="true" />
    </div>
  );
}
