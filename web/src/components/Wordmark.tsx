import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useLocale } from '../i18n/react';
import { SITE_NAME, SITE_NAME_LANG } from './site-name';

function WalletMark() {
  return (
    <svg width="30" height="30" viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="16" fill="#12b886" />
      <rect x="12" y="20" width="40" height="28" rx="7" fill="#e6fcf5" />
      <rect x="36" y="29" width="16" height="10" rx="5" fill="#0b3b34" />
      <circle cx="42" cy="34" r="2.5" fill="#e6fcf5" />
    </svg>
  );
}

/** The Krapao wordmark: its native name with its Latin one, linking home. */
export function Wordmark({ to }: { to: string }) {
  const locale = useLocale();
  return (
    <Link to={to} className="wordmark" aria-label={`${SITE_NAME[locale]} Krapao`}>
      <Group gap={8} wrap="nowrap">
        <WalletMark />
        <div>
          <Text
            component="span"
            fw={800}
            fz={19}
            lh={1}
            c="white"
            lang={SITE_NAME_LANG[locale]}
            display="block"
          >
            {SITE_NAME[locale]}
          </Text>
          <Text
            component="span"
            fz={10}
            lh={1.2}
            c="brand.2"
            tt="uppercase"
            fw={600}
            display="block"
            style={{ letterSpacing: 2 }}
          >
            Krapao
          </Text>
        </div>
      </Group>
    </Link>
  );
}
