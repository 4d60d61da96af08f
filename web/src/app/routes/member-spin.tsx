import { IconRosette } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { ComingSoon } from '../../components/ComingSoon';

export default function MemberSpinRoute() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.spin')} icon={<IconRosette size={36} stroke={1.6} />} />;
}
