import '@mantine/core/styles/Tabs.css';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconBuildingBank,
  IconKey,
  IconLock,
  IconLockOpen,
  IconMessages,
  IconScale,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorCode } from '../../../lib/api-client';
import { formatPhone } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useFreeze, useMember } from '../../api/queries';
import { ConsoleError } from '../../components/ConsoleError';
import { PageLoader } from '../../components/PageLoader';
import { ReasonModal } from '../../components/ReasonModal';
import { MemberStatusBadge } from '../../components/StatusBadge';
import { formatBangkok, isoCode } from '../../format';
import { useT } from '../../i18n';
import { can, PERMISSIONS } from '../../permissions';
import { useStaffMe } from '../../use-me';
import { AdjustModal } from './AdjustModal';
import { MemberBalances } from './MemberBalances';
import { useMemberPasswordReset } from './member-api';
import { MemberProtection } from './MemberProtection';
import { MemberNotes } from './MemberNotes';
import { MemberSignIns } from './MemberSignIns';
import { MemberSlips } from './MemberSlips';
import { MemberStatement } from './MemberStatement';
import { PayoutAccountModal } from './PayoutAccountModal';

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

/**
 * A member: profile, bank account, balances and status; their statement, sign-ins and staff notes; and
 * what staff do for them, each as their role allows: freeze or unfreeze, end their sessions, send them a
 * password reset, ask for an adjustment or a payout-account change (both four-eyes).
 */
export default function MemberPage() {
  const t = useT();
  const me = useStaffMe();
  const { memberId = '' } = useParams();
  const member = useMember(memberId);
  const freeze = useFreeze(memberId);
  const [freezing, setFreezing] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  const [changingPayout, setChangingPayout] = useState(false);
  const [resetting, setResetting] = useState(false);
  const passwordReset = useMemberPasswordReset(memberId);

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
          {m.chatId && can(me, PERMISSIONS.chatRead) && (
            <Button
              variant="default"
              component={Link}
              to={`/console/chat?c=${encodeURIComponent(m.chatId)}`}
              leftSection={<IconMessages size={18} />}
            >
              {t('console.member.openChat')}
            </Button>
          )}
          {can(me, PERMISSIONS.membersPasswordReset) && (
            <Button variant="default" leftSection={<IconKey size={18} />} onClick={() => setResetting(true)}>
              {t('console.reset.open')}
            </Button>
          )}
          {can(me, PERMISSIONS.membersPayoutAccount) && (
            <Button
              variant="default"
              leftSection={<IconBuildingBank size={18} />}
              onClick={() => setChangingPayout(true)}
            >
              {t('console.payout.open')}
            </Button>
          )}
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
            <Field label={t('console.members.currency')} value={isoCode(m.profile.currency)} />
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
        <MemberBalances member={m} />
      </SimpleGrid>
      <Card withBorder radius="lg" padding="lg">
        <Tabs defaultValue="statement" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="statement">{t('console.member.tabs.statement')}</Tabs.Tab>
            <Tabs.Tab value="slips">{t('console.member.tabs.slips')}</Tabs.Tab>
            <Tabs.Tab value="signIns">{t('console.member.tabs.signIns')}</Tabs.Tab>
            <Tabs.Tab value="notes">{t('console.member.tabs.notes')}</Tabs.Tab>
            <Tabs.Tab value="protection">{t('console.member.tabs.protection')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="statement">
            <MemberStatement memberId={memberId} currency={m.wallet.currency} />
          </Tabs.Panel>
          <Tabs.Panel value="slips">
            <MemberSlips memberId={memberId} currency={m.wallet.currency} />
          </Tabs.Panel>
          <Tabs.Panel value="signIns">
            <MemberSignIns memberId={memberId} canEnd={can(me, PERMISSIONS.membersFreeze)} />
          </Tabs.Panel>
          <Tabs.Panel value="notes">
            <MemberNotes memberId={memberId} canWrite={can(me, PERMISSIONS.membersNotes)} />
          </Tabs.Panel>
          <Tabs.Panel value="protection">
            <MemberProtection
              memberId={memberId}
              canBlock={can(me, PERMISSIONS.exclusionsManage)}
              canLower={can(me, PERMISSIONS.limitsManage)}
            />
          </Tabs.Panel>
        </Tabs>
      </Card>
      <ReasonModal
        opened={resetting}
        title={t('console.reset.title')}
        confirmLabel={t('console.reset.submit')}
        reasonRequired
        onClose={() => setResetting(false)}
        onConfirm={async (reason) => {
          const { sentTo } = await passwordReset.mutateAsync(reason);
          setResetting(false);
          notifySuccess(t('console.reset.sent', { phone: sentTo }));
        }}
      >
        <Text size="sm">{t('console.reset.text', { phone: formatPhone(m.profile.phone) })}</Text>
      </ReasonModal>
      {can(me, PERMISSIONS.membersPayoutAccount) && (
        <PayoutAccountModal member={m} opened={changingPayout} onClose={() => setChangingPayout(false)} />
      )}
      <ReasonModal
        opened={freezing}
        title={t(frozen ? 'console.freeze.unfreezeTitle' : 'console.freeze.freezeTitle')}
        confirmLabel={t(frozen ? 'console.freeze.unfreeze' : 'console.freeze.freeze')}
        confirmColor={frozen ? 'teal' : 'blue'}
        reasonRequired
        onClose={() => setFreezing(false)}
        onConfirm={async (reason) => {
          await freeze.mutateAsync({ frozen: !frozen, reason });
          setFreezing(false);
          notifySuccess(t(frozen ? 'console.freeze.unfrozen' : 'console.freeze.done'));
        }}
      >
        <Text size="sm">{t(frozen ? 'console.freeze.unfreezeText' : 'console.freeze.freezeText')}</Text>
      </ReasonModal>
      <AdjustModal member={m} opened={adjusting} onClose={() => setAdjusting(false)} />
    </>
  );
}
