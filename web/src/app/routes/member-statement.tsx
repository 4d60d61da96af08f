import { Button } from '@mantine/core';
import { IconChevronRight, IconReceipt2 } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  filterOfParams,
  paramsOfFilter,
  sameFilter,
  type StatementFilter,
} from '../../features/statement/api/filter';
import { StatementView } from '../../features/statement/components/StatementView';
import { useTranslation } from '../../i18n/react';
import { SlipDialogs, type SlipDialog } from '../slip-dialogs';

/**
 * ST-1, ST-4: the page and the filter live in the address (?type=deposit&from=2026-11-01&page=2), so back
 * and reload keep them. SLIP-3: the slip table.
 */
export default function MemberStatementRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [slipDialog, setSlipDialog] = useState<SlipDialog>(null);
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const filter = filterOfParams(params);
  // ST-4: the filter lives in the address too; a new filter starts at its first page. The address
  // changes after a render, and React may start that render, drop it for the next keystroke and render
  // again (a transition): two changes in a row (a type, then a day) build on the one asked for, not on the
  // address, or the second would drop the first. What was asked for is let go once a commit shows it.
  const asked = useRef<StatementFilter | null>(null);
  useEffect(() => {
    if (asked.current && sameFilter(asked.current, filter)) asked.current = null;
  });
  const onFilter = (patch: StatementFilter) => {
    const next = { ...(asked.current ?? filter), ...patch };
    asked.current = next;
    setParams(paramsOfFilter(next), { replace: true });
  };
  return (
    <>
      <StatementView
        page={page}
        onPage={(next) => {
          setParams({ ...paramsOfFilter(filter), ...(next > 1 ? { page: String(next) } : {}) });
          window.scrollTo({ top: 0 });
        }}
        filter={filter}
        onFilter={onFilter}
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
