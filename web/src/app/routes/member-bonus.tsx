import { IconGift } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { ComingSoon } from '../../components/ComingSoon';

export default function MemberBonusRoute() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.bonus')} icon={<IconGift size={36} stroke={1.6} />} />;
}
