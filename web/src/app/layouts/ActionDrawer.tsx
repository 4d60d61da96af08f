import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Button, Drawer, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconArrowDownToArc,
  IconArrowLeft,
  IconArrowUpFromArc,
  IconGift,
  IconReceiptRefund,
  IconRefresh,
  IconUsersPlus,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon';
import { Money } from '../../components/Money';
import { formatDateTime } from '../../lib/format';
import { readItem, STORAGE_KEYS } from '../../lib/storage';

type Action = 'deposit' | 'refresh' | 'withdraw' | 'invite' | 'refund';

/** SH-11: the central plus button's actions. Money flows arrive with the next issues. */
export function ActionDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [panel, setPanel] = useState<Action | null>(null);
  const lastSync = readItem(STORAGE_KEYS.lastSync);

  const close = () => {
    setPanel(null);
    onClose();
  };

  const tile = (action: Action, icon: ReactNode, label: string, extra?: ReactNode) => (
    <button type="button" className="tile" onClick={() => setPanel(action)}>
      <span className="tile__icon">{icon}</span>
      {label}
      {extra}
    </button>
  );

  return (
    <Drawer
      opened={opened}
      onClose={close}
      position="bottom"
      radius="xl"
      title={t('actions.title')}
      classNames={{ content: 'action-drawer' }}
    >
      {panel ? (
        <Stack pb="md">
          <ComingSoon title={t(`actions.${panel}`)} />
          <Button variant="light" leftSection={<IconArrowLeft size={18} />} onClick={() => setPanel(null)}>
            {t('common.back')}
          </Button>
        </Stack>
      ) : (
        <SimpleGrid cols={3} spacing="sm" pb="md">
          {tile('deposit', <IconArrowDownToArc size={26} stroke={1.7} />, t('actions.deposit'))}
          {tile(
            'refresh',
            <IconRefresh size={26} stroke={1.7} />,
            t('actions.refresh'),
            <Text component="span" fz={11} c="dimmed" fw={500}>
              <Money minor={0} />
              <br />
              {lastSync ? formatDateTime(Number(lastSync) || lastSync) : t('actions.neverSynced')}
            </Text>,
          )}
          {tile('withdraw', <IconArrowUpFromArc size={26} stroke={1.7} />, t('actions.withdraw'))}
          {tile('invite', <IconUsersPlus size={26} stroke={1.7} />, t('actions.invite'))}
          <button
            type="button"
            className="tile"
            onClick={() => {
              close();
              void navigate('/user/bonus');
            }}
          >
            <span className="tile__icon">
              <IconGift size={26} stroke={1.7} />
            </span>
            {t('actions.bonus')}
          </button>
          {tile('refund', <IconReceiptRefund size={26} stroke={1.7} />, t('actions.refund'))}
        </SimpleGrid>
      )}
    </Drawer>
  );
}
