import { Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { phoneAsKept } from '@krapao/contract';
import { formatPhone } from '../../../lib/format';
import { useMemberSearch } from '../../api/queries';
import { ConsoleError } from '../../components/ConsoleError';
import { useT } from '../../i18n';

/** Whose account a money action moves money to: a member known to the row, or a phone staff typed. */
export type Payee = { name: string; phone: string } | { typedPhone: string };

/** A money action waiting for the staff member's yes: what moves, to whom, and how to run it. */
export interface MoneyAction {
  title: string;
  confirmLabel: string;
  /** The amount, formatted in its currency. */
  amount: string;
  payee: Payee;
  /** The bank account a withdrawal is paid to. */
  account?: string;
  /** What happens on yes, when it is not what the title alone says. */
  note?: string;
  run: (code?: string) => Promise<unknown>;
  /** What the toast says once it ran (else "Done"). */
  said?: (answer: unknown) => string | undefined;
}

/**
 * The member a typed phone belongs to, read through the member search: staff confirm a credit to a name,
 * not to digits they may have mistyped. Undefined while asking; null when no member has it; 'unknown'
 * when the search is refused (a role without members.read): then the phone alone is shown.
 */
function useMemberOfPhone(typed: string | undefined) {
  const kept = typed === undefined ? '' : phoneAsKept(typed);
  const search = useMemberSearch(kept);
  if (typed === undefined) return undefined;
  if (search.isError) return 'unknown' as const;
  if (!search.data || search.isPlaceholderData) return undefined;
  return search.data.items.find((m) => m.phone === kept) ?? null;
}

/**
 * Confirms a money action before its step-up and its run: the amount, the member's name and phone and,
 * for a withdrawal, the account it is paid to. A typed phone that belongs to no member cannot be confirmed.
 */
export function MoneyConfirm({
  action,
  onConfirm,
  onClose,
}: {
  action: MoneyAction | null;
  onConfirm: (action: MoneyAction) => void;
  onClose: () => void;
}) {
  const t = useT();
  const typed = action && 'typedPhone' in action.payee ? action.payee.typedPhone : undefined;
  const found = useMemberOfPhone(typed);
  // The member named by the row, else the one the typed phone belongs to, else the phone alone.
  const named = action && 'name' in action.payee ? action.payee : found && found !== 'unknown' ? found : null;
  const who = named ? `${named.name} · ${formatPhone(named.phone)}` : formatPhone(phoneAsKept(typed ?? ''));
  const noMember = found === null;
  const asking = typed !== undefined && found === undefined;
  return (
    <Modal opened={action !== null} onClose={onClose} title={action?.title} centered>
      {action && (
        <Stack>
          <Table variant="vertical" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={140}>{t('console.queues.confirm.amount')}</Table.Th>
                <Table.Td fw={700} data-testid="confirm-amount">
                  {action.amount}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('console.queues.confirm.member')}</Table.Th>
                <Table.Td data-testid="confirm-member">{asking ? <Loader size="xs" /> : who}</Table.Td>
              </Table.Tr>
              {action.account && (
                <Table.Tr>
                  <Table.Th>{t('console.queues.col.account')}</Table.Th>
                  <Table.Td>{action.account}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          {action.note && (
            <Text size="sm" data-testid="confirm-note">
              {action.note}
            </Text>
          )}
          {noMember && <ConsoleError code="NO_USER" />}
          {found === 'unknown' && (
            <Text size="sm" c="dimmed">
              {t('console.queues.confirm.phoneOnly')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('console.cancel')}
            </Button>
            <Button disabled={asking || noMember} onClick={() => onConfirm(action)}>
              {action.confirmLabel}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
