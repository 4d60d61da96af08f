import { Button, Stack, Text, TextInput } from '@mantine/core';
import { Modal } from '../../../../components/Modal';
import { isEnglishName } from '@krapao/contract';

import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../i18n/react';

import { errorCode } from '../../../../lib/api-client';
import { useDelayedFlag } from '../../../../lib/delayed';
import { notifySuccess } from '../../../../lib/notify';
import { useUpdateBankAccountName } from '../../api/update-bank-account-name';
import { ErrorAlert } from '../../../../components/ErrorAlert';

interface BankNameModalProps {
  opened: boolean;
  bankCode: string;
  currentName: string;
  onClose: () => void;
  onSaved: () => void;
}

/** PRO-4: one upper-cased input, English letters and spaces only. */
export function BankNameModal({ opened, bankCode, currentName, onClose, onSaved }: BankNameModalProps) {
  const { t } = useTranslation();
  const mutation = useUpdateBankAccountName();
  const busy = useDelayedFlag(mutation.isPending);
  const [name, setName] = useState(isEnglishName(currentName) ? currentName : '');
  const [invalid, setInvalid] = useState<string | null>(null);

  const close = () => {
    setInvalid(null);
    mutation.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = name.trim().replace(/\s+/g, ' ');
    if (!value || !isEnglishName(value)) return setInvalid(t('validation.englishOnly'));
    mutation.mutate(
      { bankCode, bankAccountName: value },
      {
        onSuccess: () => {
          // PRO-4: said at once; the automatic copy a second later has its own toast.
          notifySuccess(t('accountChange.holderSaved'));
          onSaved();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('profile.editBankName')} centered radius="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {t('profile.editBankNameHint')}
          </Text>
          <TextInput
            label={t('profile.holderName')}
            value={name}
            error={invalid}
            autoCapitalize="characters"
            onChange={(e) => {
              setName(e.currentTarget.value.toUpperCase());
              setInvalid(null);
              if (mutation.isError) mutation.reset();
            }}
            data-autofocus
          />
          {mutation.isError && <ErrorAlert code={errorCode(mutation.error)} />}
          <Button type="submit" fullWidth loading={busy}>
            {t('common.save')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
