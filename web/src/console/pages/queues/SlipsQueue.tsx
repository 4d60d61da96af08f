import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { consoleQueues, type QueuedSlip } from '@krapao/contract';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText } from '../../../i18n';
import { useLocale } from '../../../i18n/react';
import { formatPhone } from '../../../lib/format';
import { consoleCall } from '../../api/client';
import { ReasonModal } from '../../components/ReasonModal';
import { SlipPicture } from '../../components/SlipPicture';
import { formatAmount, formatBangkok } from '../../format';
import { useT } from '../../i18n';
import { can, PERMISSIONS } from '../../permissions';
import { useStaffMe } from '../../use-me';
import { MemberLink, QueueRows, useRunner } from './queue-parts';
import { actions, useQueueAction } from './queue-api';

/**
 * Slips the verifier works on or refused: the member, the amount the bank confirmed, why it was refused
 * (as the member was told), the picture; a refused one is marked handled once a person has dealt with it
 * (the money credited from its bank line, or the member answered), and leaves the queue.
 */
export function Slips({ items }: { items: QueuedSlip[] }) {
  const t = useT();
  const locale = useLocale();
  const me = useStaffMe();
  const runner = useRunner();
  const handled = useQueueAction(actions.slipHandled);
  const [viewing, setViewing] = useState<QueuedSlip | null>(null);
  const [handling, setHandling] = useState<QueuedSlip | null>(null);
  const mayDecide = can(me, PERMISSIONS.slipsDecide);
  return (
    <>
      <QueueRows
        cols={['created', 'member', 'amount', 'status', 'note', 'reference', 'actions']}
        runner={runner}
      >
        {items.map((s) => (
          <Table.Tr key={s.slipId} data-testid={`slip-${s.slipId}`}>
            <Table.Td>{formatBangkok(s.createdAt)}</Table.Td>
            <Table.Td>
              <MemberLink memberId={s.memberId}>{formatPhone(s.phone)}</MemberLink>
            </Table.Td>
            <Table.Td>{s.amount === null ? '–' : formatAmount(s.amount, s.currency, locale)}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={s.status === 'FAILED' ? 'red' : 'yellow'}>
                {t(`console.queues.slipStatus.${s.status}`)}
              </Badge>
            </Table.Td>
            {/* Why the verifier refused it, as the member was told. */}
            <Table.Td>{s.note === null ? '' : errorText(s.note)}</Table.Td>
            <Table.Td ff="monospace">{s.reference ?? '–'}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                {s.hasPicture ? (
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconPhoto size={14} />}
                    onClick={() => setViewing(s)}
                  >
                    {t('console.queues.viewPicture')}
                  </Button>
                ) : (
                  <Text size="xs" c="dimmed">
                    {t('console.queues.noPicture')}
                  </Text>
                )}
                {mayDecide && s.status === 'FAILED' && (
                  <Button size="compact-sm" variant="default" onClick={() => setHandling(s)}>
                    {t('console.queues.handled')}
                  </Button>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </QueueRows>
      <SlipPicture
        slipId={viewing?.slipId ?? null}
        load={(slipId) => consoleCall(consoleQueues.slipPicture, undefined, { params: { slipId } })}
        onClose={() => setViewing(null)}
      />
      <ReasonModal
        opened={handling !== null}
        title={t('console.queues.handledTitle')}
        confirmLabel={t('console.queues.handled')}
        busy={handled.isPending}
        onClose={() => setHandling(null)}
        onConfirm={(reason) => {
          const slip = handling;
          setHandling(null);
          if (slip)
            void runner.run(() =>
              handled.mutateAsync({ slipId: slip.slipId, ...(reason ? { reason } : {}) }),
            );
        }}
      >
        <Text size="sm">{t('console.queues.handledHint')}</Text>
      </ReasonModal>
    </>
  );
}
