import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';

export default function MemberStatementRoute() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.statement')} icon={<IconReceipt size={36} stroke={1.6} />} />;
}
