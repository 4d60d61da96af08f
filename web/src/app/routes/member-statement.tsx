import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { ComingSoon } from '../../components/ComingSoon';

export default function MemberStatementRoute() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.statement')} icon={<IconReceipt size={36} stroke={1.6} />} />;
}
