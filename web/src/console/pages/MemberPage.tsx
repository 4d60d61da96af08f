import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconLock, IconLockOpen, IconScale } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { MemberDetail } from '@krapao/contract';
import { useLocale } from '../../i18n/react';
import { errorCode } from '../../lib/api-client';
import { formatPhone } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { useAdjust, useFreeze, useMember } from '../api/queries';
import { ConsoleError } from '../components/ConsoleError';
import { PageLoader } from '../components/PageLoader';
import { ReasonModal } from '../components/ReasonModal';
import { MemberStatusBadge } from '../components/StatusBadge';
import { actionError, useStepUp } from '../components/StepUp';
import { formatAmount, formatBangkok, isoCode } from '../format';
import { useT } from '../i18n';
import { can, PERMISSIONS } from '../permissions';
import { useStaffMe } from '../use-me';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value || '–'}</Text>
    </div>
  );
}

/** A manual credit (positive) or debit (negative): a request another staff member approves. */
function AdjustModal({
  member,
  opened,
  onClose,
}: {
  member: MemberDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const adjust = useAdjust();
  const stepUp = useStepUp();
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setAmount('');
    setReason('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    setError(null);
    const n = typeof amount === 'number' ? amount : Number(amount);
    if (!Number.isFinite(n) || n === 0) return setError('console.adjust.amountMissing');
    if (!reason.trim()) return setError('console.reason.missing');
    try {
      await stepUp.run((code) =>
        adjust.mutateAsync({
          phone: member.profile.phone,
          amount: n,
          reason: reason.trim(),
          ...(code ? { code } : {}),
        }),
      );
      notifySuccess(t('console.adjust.sent'));
      close();
    } catch (err) {
      setError(actionError(err));
    }
  };
  return (
    <>
      <Modal opened={opened} onClose={close} title={t('console.adjust.title')} centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <Text size="sm">{t('console.adjust.text')}</Text>
            <NumberInput
              label={t('console.adjust.amount', { currency: isoCode(member.wallet.currency) })}
              description={t('console.adjust.amountHint')}
              value={amount}
              onChange={setAmount}
              decimalScale={2}
              thousandSeparator=","
              allowNegative
              data-autofocus
            />
            <Textarea
              label={t('console.reason.required')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={500}
              rows={3}
            />
            {error && <ConsoleError code={error} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('console.cancel')}
              </Button>
              <Button type="submit" loading={adjust.isPending}>
                {t('console.adjust.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {stepUp.modal}
    </>
  );
}

/** A member: profile, bank account, balances, status; freeze or unfreeze with a reason; ask for an adjustment. */
export default function MemberPage() {
  const t = useT();
  const locale = useLocale();
  const me = useStaffMe();
  const { memberId = '' } = useParams();
  const member = useMember(memberId);
  const freeze = useFreeze(memberId);
  const [freezing, setFreezing] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (member.isPending) return <PageLoader />;
  if (member.isError) return <ConsoleError code={errorCode(member.error)} />;
  const m = member.data;
  const frozen = m.frozen;

  return (
    <>
      <Button
        component={Link}
        to="/console/members"
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        mb="sm"
        px={0}
      >
        {t('console.members.back')}
      </Button>
      <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap">
        <div>
          <Group gap="sm">
            <Title order={1} size="h2">
              {m.profile.name}
            </Title>
            <MemberStatusBadge status={m.status} />
          </Group>
          <Text c="dimmed" ff="monospace">
            {m.profile.memberId}
          </Text>
        </div>
        <Group gap="sm">
          {can(me, PERMISSIONS.adjustmentsMake) && (
            <Button variant="light" leftSection={<IconScale size={18} />} onClick={() => setAdjusting(true)}>
              {t('console.adjust.open')}
            </Button>
          )}
          {can(me, PERMISSIONS.membersFreeze) && (
            <Button
              color={frozen ? 'teal' : 'blue'}
              leftSection={frozen ? <IconLockOpen size={18} /> : <IconLock size={18} />}
              onClick={() => setFreezing(true)}
            >
              {t(frozen ? 'console.freeze.unfreeze' : 'console.freeze.freeze')}
            </Button>
          )}
        </Group>
      </Group>
      {frozen && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconLock size={20} />}
          mb="lg"
          title={t('console.freeze.frozenTitle')}
        >
          {m.frozenReason
            ? t('console.freeze.frozenBecause', { reason: m.frozenReason })
            : t('console.freeze.frozenText')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }} mb="lg">
        <Card withBorder radius="lg" padding="lg">
          <Text fw={600} mb="sm">
            {t('console.member.profile')}
          </Text>
          <Stack gap="xs">
            <Field label={t('console.members.phone')} value={formatPhone(m.profile.phone)} />
            <Field label={t('console.members.currency')} value={m.profile.currency} />
            <Field label={t('console.members.since')} value={formatBangkok(m.profile.createdAt)} />
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Text fw={600} mb="sm">
            {t('console.member.bank')}
          </Text>
          {m.bankAccount ? (
            <Stack gap="xs">
              <Field label={t('console.member.bankCode')} value={m.bankAccount.bankCode} />
              <Field label={t('console.member.accountNo')} value={m.bankAccount.accountNo} />
              <Field label={t('console.member.accountName')} value={m.bankAccount.accountName} />
            </Stack>
          ) : (
            <Text c="dimmed">{t('console.member.noBank')}</Text>
          )}
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Text fw={600} mb="sm">
            {t('console.member.balances')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('console.member.wallet')}
          </Text>
          <Text fz={28} fw={700} data-testid="member-wallet">
            {formatAmount(m.wallet.balance, m.wallet.currency, locale)}
          </Text>
          {m.games.length > 0 && (
            <Table mt="sm" verticalSpacing={4}>
              <Table.Tbody>
                {m.games.map((g) => (
                  <Table.Tr key={g.provider}>
                    <Table.Td>{g.provider}</Table.Td>
                    <Table.Td ta="right">{formatAmount(g.balance, m.wallet.currency, locale)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      </SimpleGrid>
      <ReasonModal
        opened={freezing}
        title={t(frozen ? 'console.freeze.unfreezeTitle' : 'console.freeze.freezeTitle')}
        confirmLabel={t(frozen ? 'console.freeze.unfreeze' : 'console.freeze.freeze')}
        confirmColor={frozen ? 'teal' : 'blue'}
        reasonRequired
        busy={freeze.isPending}
        error={error}
        onClose={() => {
          setFreezing(false);
          setError(null);
        }}
        onConfirm={(reason) => {
          setError(null);
          freeze.mutate(
            { frozen: !frozen, reason },
            {
              onSuccess: () => {
                setFreezing(false);
                notifySuccess(t(frozen ? 'console.freeze.unfrozen' : 'console.freeze.done'));
              },
              onError: (err) => setError(errorCode(err)),
            },
          );
        }}
      >
        <Text size="sm">{t(frozen ? 'console.freeze.unfreezeText' : 'console.freeze.freezeText')}</Text>
      </ReasonModal>
      <AdjustModal member={m} opened={adjusting} onClose={() => setAdjusting(false)} />
    </>
  );
}
