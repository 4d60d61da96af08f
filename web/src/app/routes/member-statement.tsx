import { Button } from '@mantine/core';
import { IconChevronRight, IconReceipt2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { StatementView } from '../../features/statement/components/StatementView';
import { useTranslation } from '../../i18n/react';
import { SlipDialogs, type SlipDialog } from '../slip-dialogs';

/** ST-1: the page lives in the address (?page=2), so back and reload keep it. SLIP-3: the slip table. */
export default function MemberStatementRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [slipDialog, setSlipDialog] = useState<SlipDialog>(null);
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  return (
    <>
      <StatementView
        page={page}
        onPage={(next) => {
          setParams(next > 1 ? { page: String(next) } : {});
          window.scrollTo({ top: 0 });
        }}
        actions={
          <Button
            variant="light"
            fullWidth
            radius="md"
            justify="space-between"
            leftSection={<IconReceipt2 size={20} stroke={1.7} />}
            rightSection={<IconChevronRight size={18} />}
            onClick={() => setSlipDialog('table')}
          >
            {t('slips.open')}
          </Button>
        }
      />
      <SlipDialogs open={slipDialog} onChange={setSlipDialog} />
    </>
  );
}
