import { STAFF_ROLES, type StaffMember, type StaffRole } from '@krapao/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Input,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { errorCode } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
import { useChangeRole, useCreateStaff, useDisableStaff, useStaff } from '../api/queries';
import { ConsoleError } from '../components/ConsoleError';
import { CopyTextButton } from '../components/CopyTextButton';
import { PageLoader } from '../components/PageLoader';
import { PageTitle } from '../components/PageTitle';
import { ReasonModal } from '../components/ReasonModal';
import { actionError, useStepUp } from '../components/StepUp';
import { useConfirm } from '../components/use-confirm';
import { formatBangkok } from '../format';
import { useT } from '../i18n';
import { can, PERMISSIONS } from '../permissions';
import { useStaffMe } from '../use-me';

/** A field's parts top to bottom: the hint under the box, so that boxes side by side stay level. */
const BOX_THEN_HINT: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

function useRoleOptions() {
  const t = useT();
  return STAFF_ROLES.map((r) => ({ value: r, label: t(`console.roles.${r}`) }));
}

/** The one-time password of a new staff member: shown this once, to be handed over in person. */
function OneTimePassword({
  created,
  onClose,
}: {
  created: { username: string; oneTimePassword: string } | null;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title={t('console.staff.createdTitle')}
      centered
      closeOnClickOutside={false}
    >
      {created && (
        <Stack>
          <Text size="sm">{t('console.staff.createdText', { username: created.username })}</Text>
          <Group wrap="nowrap">
            <Text
              className="console-codes"
              fz="lg"
              fw={700}
              data-testid="one-time-password"
              style={{ flex: 1 }}
            >
              {created.oneTimePassword}
            </Text>
            <CopyTextButton value={created.oneTimePassword} />
          </Group>
          <Alert color="yellow" variant="light">
            {t('console.staff.onceOnly')}
          </Alert>
          <Button onClick={onClose}>{t('console.done')}</Button>
        </Stack>
      )}
    </Modal>
  );
}

function CreateStaff() {
  const t = useT();
  // A new admin comes by a role change a second admin approves (ADMIN_BY_PROMOTION), not from here.
  const roles = useRoleOptions().filter((r) => r.value !== 'admin');
  const create = useCreateStaff();
  const stepUp = useStepUp();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<StaffRole | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ username: string; oneTimePassword: string } | null>(null);
  return (
    <Card withBorder radius="lg" padding="lg" mb="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          if (!username.trim() || !role) return setError('console.staff.missing');
          const name = username.trim().toLowerCase();
          stepUp
            .run((code) => create.mutateAsync({ username: name, role, ...(code ? { code } : {}) }))
            .then(
              (answer) => {
                setCreated(answer);
                setUsername('');
                setRole(null);
              },
              (err: unknown) => setError(actionError(err)),
            );
        }}
      >
        {/* Hints under their boxes and an empty label over the button: labels and boxes stay level
            whatever a hint's length in the chosen language. */}
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label={t('console.staff.username')}
            description={t('console.staff.usernameHint')}
            inputWrapperOrder={BOX_THEN_HINT}
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            autoCapitalize="none"
            w={260}
          />
          <Select
            label={t('console.staff.role')}
            description={t('console.staff.roleHint')}
            inputWrapperOrder={BOX_THEN_HINT}
            placeholder={t('console.staff.rolePlaceholder')}
            data={roles}
            value={role}
            onChange={(v) => setRole(v as StaffRole | null)}
            w={300}
            allowDeselect={false}
          />
          <Input.Wrapper label={'\u00a0'}>
            <Button
              type="submit"
              loading={create.isPending}
              leftSection={<IconUserPlus size={18} />}
              display="block"
            >
              {t('console.staff.create')}
            </Button>
          </Input.Wrapper>
        </Group>
        {error && (
          <Stack mt="md">
            <ConsoleError code={error} />
          </Stack>
        )}
      </form>
      <OneTimePassword created={created} onClose={() => setCreated(null)} />
      {stepUp.modal}
    </Card>
  );
}

type Acting =
  { member: StaffMember; action: 'disable' } | { member: StaffMember; action: 'role'; role: StaffRole };

/** Staff (admin): the list, new staff with a one-time password, disabling, and role changes that wait for approval. */
export default function StaffPage() {
  const t = useT();
  const me = useStaffMe();
  const roles = useRoleOptions();
  const staff = useStaff();
  const disable = useDisableStaff();
  const changeRole = useChangeRole();
  const stepUp = useStepUp();
  const confirming = useConfirm<Acting>();
  const { acting, open: setActing } = confirming;
  const [waitingRole, setWaitingRole] = useState<Record<string, StaffRole>>({});
  const manage = can(me, PERMISSIONS.staffManage);

  const confirm = (reason: string) =>
    confirming.confirm(async (acting) => {
      if (acting.action === 'disable') {
        await stepUp.run((code) =>
          disable.mutateAsync({ username: acting.member.username, reason, ...(code ? { code } : {}) }),
        );
        notifySuccess(t('console.staff.disabled', { username: acting.member.username }));
      } else {
        const { member, role } = acting;
        await stepUp.run((code) =>
          changeRole.mutateAsync({ username: member.username, role, ...(code ? { code } : {}) }),
        );
        setWaitingRole((w) => ({ ...w, [member.username]: role }));
        notifySuccess(t('console.staff.roleAsked'));
      }
    });

  return (
    <>
      <PageTitle title={t('console.staff.title')} />
      {manage && <CreateStaff />}
      {staff.isPending && <PageLoader />}
      {staff.isError && <ConsoleError code={errorCode(staff.error)} />}
      {staff.data && (
        <Table.ScrollContainer minWidth={820}>
          <Table striped verticalSpacing="sm" bg="white">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('console.staff.username')}</Table.Th>
                <Table.Th>{t('console.staff.role')}</Table.Th>
                <Table.Th>{t('console.staff.state')}</Table.Th>
                <Table.Th>{t('console.staff.created')}</Table.Th>
                <Table.Th>{t('console.staff.lastSignIn')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {staff.data.items.map((s) => (
                <Table.Tr key={s.username} data-testid={`staff-${s.username}`}>
                  <Table.Td fw={600}>{s.username}</Table.Td>
                  <Table.Td>
                    {manage && !s.disabled && s.username !== me.username ? (
                      <Select
                        size="xs"
                        w={160}
                        data={roles}
                        value={s.role}
                        allowDeselect={false}
                        aria-label={t('console.staff.changeRole', { username: s.username })}
                        onChange={(v) =>
                          v && v !== s.role && setActing({ member: s, action: 'role', role: v as StaffRole })
                        }
                      />
                    ) : (
                      <Badge variant="light">{t(`console.roles.${s.role}`)}</Badge>
                    )}
                    {waitingRole[s.username] && (
                      <Badge color="yellow" variant="light" mt={4}>
                        {t('console.staff.awaiting', { role: t(`console.roles.${waitingRole[s.username]}`) })}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={s.disabled ? 'gray' : 'teal'} variant="light">
                      {t(s.disabled ? 'console.staff.isDisabled' : 'console.staff.isActive')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatBangkok(s.createdAt)}</Table.Td>
                  <Table.Td>
                    {s.lastSignInAt ? formatBangkok(s.lastSignInAt) : t('console.staff.never')}
                  </Table.Td>
                  <Table.Td ta="right">
                    {manage && !s.disabled && s.username !== me.username && (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => setActing({ member: s, action: 'disable' })}
                      >
                        {t('console.staff.disable')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ReasonModal
        opened={acting !== null}
        title={
          acting?.action === 'role'
            ? t('console.staff.roleTitle', {
                username: acting.member.username,
                role: t(`console.roles.${acting.role}`),
              })
            : t('console.staff.disableTitle', { username: acting?.member.username ?? '' })
        }
        confirmLabel={t(acting?.action === 'role' ? 'console.staff.askRole' : 'console.staff.disable')}
        confirmColor={acting?.action === 'disable' ? 'red' : undefined}
        busy={disable.isPending || changeRole.isPending}
        error={confirming.error}
        withReason={acting?.action !== 'role'}
        onConfirm={(reason) => void confirm(reason)}
        onClose={confirming.close}
      >
        <Text size="sm">
          {t(acting?.action === 'role' ? 'console.staff.roleText' : 'console.staff.disableText')}
        </Text>
      </ReasonModal>
      {stepUp.modal}
    </>
  );
}
