import './slips.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import { Anchor, Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { Modal } from '../../../components/Modal';
import { PAGE_SIZE, type Slip } from '@krapao/contract';
import { useQueryClient } from '@tanstack/react-query';
import { IconRefresh, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Money } from '../../../components/Money';
import { PagedTable } from '../../../components/PagedTable';
import { errorText } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { useDelayedFlag } from '../../../lib/delayed';
import { bahtToMinor, formatDateTime } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useSlipImageLink } from '../api/get-slip-image-link';
import { slipKeys } from '../api/keys';
import { useSlips } from '../api/list-slips';

export interface SlipTableModalProps {
  opened: boolean;
  onClose: () => void;
  /** When given, the table offers "Upload slip"; the caller opens the upload. */
  onUpload?: () => void;
}

/** SLIP-3: the member's uploaded slips, 10 a page, with their status and a view link. */
export function SlipTableModal({ opened, onClose, onUpload }: SlipTableModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('slips.tableTitle')} centered radius="lg">
      {opened && <SlipTable onUpload={onUpload} />}
    </Modal>
  );
}

const STATUS_COLOUR: Record<Slip['status'], string> = {
  PROCESSING: 'yellow',
  SUCCESS: 'teal',
  FAILED: 'red',
};

/** Only a web address may be opened: the link comes from the server, but a tab is no place to trust. */
function webAddress(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function SlipTable({ onUpload }: { onUpload?: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const query = useSlips(page);
  const imageLink = useSlipImageLink();
  const refreshing = useDelayedFlag(query.isFetching && !query.isPending);

  const view = (slip: Slip) => {
    // Opened inside the click, so a popup blocker lets it through; the address follows the answer.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    // A slip whose QR could not be read has no reference yet; the server finds it by its id then.
    imageLink.mutate(slip.reference || slip.slipId, {
      onSuccess: ({ url }) => {
        const address = webAddress(url);
        if (!address) {
          tab?.close();
          notifyError(new Error('INTERNAL_SERVER_ERROR'));
        } else if (tab) tab.location.href = address;
        else window.open(address, '_blank', 'noopener');
      },
      onError: (error) => {
        tab?.close();
        notifyError(error);
      },
    });
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Anchor
          component="button"
          type="button"
          fz="sm"
          fw={600}
          onClick={() => void queryClient.invalidateQueries({ queryKey: slipKeys.all() })}
        >
          <Group gap={4} wrap="nowrap" component="span">
            {refreshing ? <Loader size={14} /> : <IconRefresh size={16} aria-hidden />}
            {t('slips.refresh')}
          </Group>
        </Anchor>
        {onUpload && (
          <Button size="compact-sm" variant="light" leftSection={<IconUpload size={16} />} onClick={onUpload}>
            {t('slips.upload')}
          </Button>
        )}
      </Group>
      {/* ERR-3: a list that fails to load hides its loader and stays quiet; the refresh link asks again. */}
      <PagedTable
        page={page}
        onPage={setPage}
        pageSize={PAGE_SIZE.slips}
        rows={query.data?.slips}
        total={query.data?.total}
        loading={query.isPending}
        className="slip-table"
        empty={{ text: t('slips.empty'), testId: 'slips-empty' }}
        pagesLabel={t('slips.pages')}
        pageTestId="slips-page"
        head={
          <>
            <Table.Th>{t('slips.date')}</Table.Th>
            <Table.Th ta="right">{t('slips.amount')}</Table.Th>
            <Table.Th>{t('slips.status')}</Table.Th>
            <Table.Th>{t('slips.slip')}</Table.Th>
          </>
        }
        row={(slip) => <SlipRow key={slip.slipId} slip={slip} onView={() => view(slip)} />}
      />
    </Stack>
  );
}

function SlipRow({ slip, onView }: { slip: Slip; onView: () => void }) {
  const { t } = useTranslation();
  const [date = '', time = ''] = formatDateTime(slip.createdAt).split(' ');
  return (
    <Table.Tr data-testid="slip-row">
      <Table.Td className="slip-date tabular" data-testid="slip-date">
        <span>{date}</span> <span>{time}</span>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="slip-amount">
        {slip.amount === null ? '-' : <Money minor={bahtToMinor(slip.amount)} />}
      </Table.Td>
      <Table.Td data-testid="slip-status">
        <Badge color={STATUS_COLOUR[slip.status]} variant="light" size="sm">
          {t(`slips.statusLabel.${slip.status}`)}
        </Badge>
        {/* SLIP-4: a failed slip says why, in brackets. */}
        {slip.status === 'FAILED' && slip.note && (
          <Text fz="xs" c="red.8" mt={4} data-testid="slip-reason">
            ({errorText(slip.note)})
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Anchor
          component="button"
          type="button"
          fz="sm"
          fw={600}
          aria-label={t('slips.viewLabel', { date: `${date} ${time}` })}
          onClick={onView}
        >
          {t('slips.view')}
        </Anchor>
      </Table.Td>
    </Table.Tr>
  );
}
