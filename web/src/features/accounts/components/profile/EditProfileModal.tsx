import { Button, Modal, Select, Stack, TextInput } from '@mantine/core';
import { isBankAccountNo, isEnglishName, needsEnglishName, type Bank, type Profile } from '@krapao/contract';

import { useState, type FormEvent } from 'react';
import { useLocale, useTranslation } from '../../../../i18n/react';
import { errorText } from '../../../../i18n';
import { errorCode } from '../../../../lib/api-client';
import { bankName } from '../../../../lib/banks';
import { useDelayedFlag } from '../../../../lib/delayed';
import { notifySuccess } from '../../../../lib/notify';
import { useUpdateProfile, type UpdateProfileInput } from '../../api/update-profile';
import { ErrorAlert } from '../../../../components/ErrorAlert';

interface EditProfileModalProps {
  opened: boolean;
  profile: Profile;
  banks: Bank[];
  onClose: () => void;
}

type Errors = Partial<Record<keyof UpdateProfileInput, string>>;

/** PRO-3: name and bank data, PUT /api/account/profile. */
export function EditProfileModal({ opened, profile, banks, onClose }: EditProfileModalProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const mutation = useUpdateProfile();
  const busy = useDelayedFlag(mutation.isPending);
  const [values, setValues] = useState<UpdateProfileInput>({
    name: profile.name,
    bankCode: profile.bankCode,
    bankAccountName: profile.bankAccountName,
    bankAccountNo: profile.bankAccountNo,
  });
  const [errors, setErrors] = useState<Errors>({});

  const set = (key: keyof UpdateProfileInput, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    if (mutation.isError) mutation.reset();
  };

  const close = () => {
    mutation.reset();
    setErrors({});
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    const required = t('common.required');
    if (!values.name.trim()) next.name = required;
    if (!values.bankCode) next.bankCode = required;
    if (!values.bankAccountName.trim()) next.bankAccountName = required;
    else if (needsEnglishName(values.bankCode) && !isEnglishName(values.bankAccountName.trim()))
      next.bankAccountName = errorText('BANK_ACCOUNT_NAME_ENG');
    if (!isBankAccountNo(values.bankAccountNo)) next.bankAccountNo = errorText('INVALID_BANK_ACCOUNT_NO');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    mutation.mutate(
      { ...values, name: values.name.trim(), bankAccountName: values.bankAccountName.trim() },
      {
        onSuccess: () => {
          notifySuccess(t('profile.saved'));
          onClose();
        },
      },
    );
  };

  // Keep the member's saved bank selectable even when the list has not arrived yet.
  const options = banks.length
    ? banks.map((b) => ({ value: b.code, label: bankName(b, locale) }))
    : [{ value: profile.bankCode, label: bankName(profile.bank, locale) }];

  return (
    <Modal opened={opened} onClose={close} title={t('profile.edit')} centered radius="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('register.name')}
            value={values.name}
            error={errors.name}
            onChange={(e) => set('name', e.currentTarget.value)}
          />
          <Select
            label={t('register.bank')}
            data={options}
            value={values.bankCode || null}
            error={errors.bankCode}
            onChange={(v) => set('bankCode', v ?? '')}
            comboboxProps={{ withinPortal: false }}
          />
          <TextInput
            label={t('profile.holderName')}
            value={values.bankAccountName}
            error={errors.bankAccountName}
            onChange={(e) => set('bankAccountName', e.currentTarget.value.toUpperCase())}
          />
          <TextInput
            label={t('register.accountNo')}
            inputMode="numeric"
            value={values.bankAccountNo}
            error={errors.bankAccountNo}
            onChange={(e) => set('bankAccountNo', e.currentTarget.value.replace(/\D/g, ''))}
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
