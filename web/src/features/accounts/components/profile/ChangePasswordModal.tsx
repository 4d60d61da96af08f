import { Button, Stack } from '@mantine/core';
import { PasswordInput } from '../../../../components/PasswordInput';
import { Modal } from '../../../../components/Modal';
import { PASSWORD_MIN_LENGTH } from '@krapao/contract';

import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../../../i18n/react';

import { errorCode, retryAfterOf } from '../../../../lib/api-client';
import { useDelayedFlag } from '../../../../lib/delayed';
import { notifySuccess } from '../../../../lib/notify';
import { useChangePassword } from '../../api/change-password';
import { ErrorAlert } from '../../../../components/ErrorAlert';

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** PRO-2: old, new and confirm; nothing happens while one is empty; a mismatch is said inline. */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const mutation = useChangePassword();
  const busy = useDelayedFlag(mutation.isPending);
  const [values, setValues] = useState(EMPTY);
  const [inline, setInline] = useState<{ newPassword?: string; confirmPassword?: string }>({});

  const close = () => {
    setValues(EMPTY);
    setInline({});
    mutation.reset();
    onClose();
  };

  const set = (key: keyof typeof EMPTY) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
    setInline({});
    if (mutation.isError) mutation.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { oldPassword, newPassword, confirmPassword } = values;
    if (!oldPassword || !newPassword || !confirmPassword || mutation.isPending) return;
    if (newPassword !== confirmPassword)
      return setInline({ confirmPassword: t('validation.passwordsMismatch') });
    if (newPassword.length < PASSWORD_MIN_LENGTH)
      return setInline({ newPassword: t('validation.passwordMin', { min: PASSWORD_MIN_LENGTH }) });
    mutation.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: () => {
          notifySuccess(t('profile.passwordChanged'));
          close();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('profile.changePassword')} centered radius="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t('profile.oldPassword')}
            autoComplete="current-password"
            value={values.oldPassword}
            onChange={set('oldPassword')}
            data-autofocus
          />
          <PasswordInput
            label={t('profile.newPassword')}
            autoComplete="new-password"
            value={values.newPassword}
            error={inline.newPassword}
            onChange={set('newPassword')}
          />
          <PasswordInput
            label={t('profile.confirmPassword')}
            autoComplete="new-password"
            value={values.confirmPassword}
            error={inline.confirmPassword}
            onChange={set('confirmPassword')}
          />
          {mutation.isError && (
            <ErrorAlert code={errorCode(mutation.error)} retryAfterS={retryAfterOf(mutation.error)} />
          )}
          <Button type="submit" fullWidth loading={busy}>
            {t('common.save')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
