import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import {
  ActionIcon,
  Avatar,
  Button,
  Divider,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  isEnglishName,
  NAME_EDIT_COPY_DELAY_MS,
  needsEnglishName,
  type Bank,
  type Profile,
} from '@krapao/contract';
import { IconBuildingBank, IconLock, IconPencil, IconUserEdit } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocale, useTranslation } from '../../../../i18n/react';
import { BankAccountNo } from '../../../../components/BankAccountNo';
import { CopyField } from '../../../../components/CopyField';
import { DelayedLoader } from '../../../../components/DelayedLoader';
import { FieldLabel } from '../../../../components/FieldLabel';
import { bankNameLines } from '../../../../lib/banks';
import { formatDateTime } from '../../../../lib/format';
import { initials } from '../../../../lib/initials';
import { useProfile } from '../../api/get-profile';
import { BankNameModal } from './BankNameModal';
import { ChangePasswordModal } from './ChangePasswordModal';
import { EditProfileModal } from './EditProfileModal';

function Row({ label, children, action }: { label: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" py={6}>
      <div style={{ minWidth: 0 }}>
        <FieldLabel fz="xs">{label}</FieldLabel>
        <Text fw={600} style={{ wordBreak: 'break-word' }}>
          {children}
        </Text>
      </div>
      {action}
    </Group>
  );
}

type Dialog = 'edit' | 'bankName' | 'password' | null;

/** PRO-1..PRO-5: the member's profile and its dialogs. */
export function ProfileView({ banks, pinSet = false }: { banks: Bank[]; pinSet?: boolean }) {
  const { t } = useTranslation();
  const query = useProfile();
  const locale = useLocale();
  const [dialog, setDialog] = useState<Dialog>(null);
  const copyRef = useRef<HTMLButtonElement>(null);
  const [copyAfterSave, setCopyAfterSave] = useState(0);

  // PRO-4: once the name is saved and the dialog closed, copy the account number for the member.
  useEffect(() => {
    if (!copyAfterSave) return;
    const timer = setTimeout(() => copyRef.current?.click(), NAME_EDIT_COPY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [copyAfterSave]);

  const profile: Profile | undefined = query.data;
  if (!profile) return <DelayedLoader active={query.isPending} />;

  // PRO-5: KTB, TMB and BBL need an English holder name before the number is worth copying.
  const onBeforeCopy = () => {
    if (needsEnglishName(profile.bankCode) && !isEnglishName(profile.bankAccountName)) {
      setDialog('bankName');
      return false;
    }
    return true;
  };
  const bankLines = bankNameLines(profile.bank, locale, profile.currency);

  return (
    <Stack gap="md">
      <Paper className="surface" p="lg">
        <Group wrap="nowrap" gap="md">
          <Avatar size={56} radius="xl" color="brand" variant="filled">
            {initials(profile.name)}
          </Avatar>
          <div style={{ minWidth: 0, flex: 1 }}>
            <Title order={1} fz={20} style={{ wordBreak: 'break-word' }}>
              {profile.name}
            </Title>
            <Text fz="xs" c="dimmed">
              {t('profile.id')}: <span data-testid="profile-id">{profile._id}</span>
            </Text>
            <Text fz="xs" c="dimmed">
              {t('profile.createdAt')}:{' '}
              <span data-testid="profile-created">{formatDateTime(profile.createdAt)}</span>
            </Text>
          </div>
        </Group>
        <Button
          mt="md"
          variant="light"
          fullWidth
          leftSection={<IconUserEdit size={18} />}
          onClick={() => setDialog('edit')}
        >
          {t('profile.edit')}
        </Button>
      </Paper>

      <Paper className="surface" p="lg">
        <Title order={2} fz={16} mb="xs">
          {t('profile.account')}
        </Title>
        <Stack gap="xs">
          <TextInput label={t('profile.username')} value={profile.username} readOnly variant="filled" />
          <Row
            label={t('profile.password')}
            action={
              <ActionIcon
                variant="light"
                size="lg"
                radius="xl"
                aria-label={t('profile.changePassword')}
                onClick={() => setDialog('password')}
              >
                <IconLock size={18} />
              </ActionIcon>
            }
          >
            ••••••••
          </Row>
        </Stack>
      </Paper>

      <Paper className="surface" p="lg">
        <Group gap="xs" mb="xs">
          <IconBuildingBank size={18} aria-hidden />
          <Title order={2} fz={16}>
            {t('profile.bank')}
          </Title>
        </Group>
        <Row
          label={t('profile.holderName')}
          action={
            <ActionIcon
              variant="subtle"
              size="lg"
              radius="xl"
              aria-label={t('profile.editBankName')}
              onClick={() => setDialog('bankName')}
            >
              <IconPencil size={18} />
            </ActionIcon>
          }
        >
          <span data-testid="holder-name">{profile.bankAccountName}</span>
        </Row>
        <Divider my={4} />
        <Row label={t('profile.bankName')}>
          <span lang={bankLines.firstLang}>{bankLines.first}</span>
          {bankLines.second && (
            <Text component="span" display="block" fz="sm" c="dimmed" fw={500} lang={bankLines.secondLang}>
              {bankLines.second}
            </Text>
          )}
        </Row>
        <Divider my={4} />
        <Row
          label={t('profile.accountNo')}
          action={
            <CopyField
              ref={copyRef}
              value={profile.bankAccountNo}
              label={t('profile.copyAccountNo')}
              onBeforeCopy={onBeforeCopy}
            />
          }
        >
          <span data-testid="account-no">
            <BankAccountNo value={profile.bankAccountNo} />
          </span>
        </Row>
      </Paper>

      {dialog === 'edit' && (
        <EditProfileModal
          opened
          profile={profile}
          banks={banks}
          pinSet={pinSet}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'bankName' && (
        <BankNameModal
          opened
          bankCode={profile.bankCode}
          currentName={profile.bankAccountName}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            setCopyAfterSave((n) => n + 1);
          }}
        />
      )}
      <ChangePasswordModal opened={dialog === 'password'} onClose={() => setDialog(null)} />
    </Stack>
  );
}
