import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { PasswordInput } from '../../../../components/PasswordInput';
import { PASSWORD_MIN_LENGTH } from '@krapao/contract';

import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../i18n/react';

import { ErrorAlert } from '../../../../components/ErrorAlert';

export interface ProfileValues {
  name: string;
  password: string;
  confirmPassword: string;
  sourceCode: string;
  inviteCode: string;
}

interface ProfileStepProps {
  phone: string;
  initial: ProfileValues;
  sources: { value: string; label: string }[];
  loading: boolean;
  error: string | null;
  onEdit: () => void;
  onBack: () => void;
  onSubmit: (values: ProfileValues) => void;
}

type Errors = Partial<Record<keyof ProfileValues, string>>;

/** REG-4: name, phone, password and confirmation are required and the passwords must match. */
export function ProfileStep({
  phone,
  initial,
  sources,
  loading,
  error,
  onEdit,
  onBack,
  onSubmit,
}: ProfileStepProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});

  const set = (key: keyof ProfileValues) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    onEdit();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!values.name.trim()) next.name = t('common.required');
    if (!values.password) next.password = t('common.required');
    else if (values.password.length < PASSWORD_MIN_LENGTH)
      next.password = t('validation.passwordMin', { min: PASSWORD_MIN_LENGTH });
    if (!values.confirmPassword) next.confirmPassword = t('common.required');
    else if (values.password !== values.confirmPassword)
      next.confirmPassword = t('validation.passwordsMismatch');
    setErrors(next);
    if (Object.keys(next).length === 0) onSubmit({ ...values, name: values.name.trim() });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('register.name')}
          autoComplete="name"
          value={values.name}
          error={errors.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          withAsterisk
        />
        <TextInput label={t('register.phone')} value={phone} readOnly variant="filled" withAsterisk />
        <PasswordInput
          label={t('register.password')}
          description={t('validation.passwordMin', { min: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          onChange={(e) => set('password')(e.currentTarget.value)}
          withAsterisk
        />
        <PasswordInput
          label={t('register.confirmPassword')}
          autoComplete="new-password"
          value={values.confirmPassword}
          error={errors.confirmPassword}
          onChange={(e) => set('confirmPassword')(e.currentTarget.value)}
          withAsterisk
        />
        <Select
          label={t('register.source')}
          placeholder={t('register.sourcePlaceholder')}
          data={sources}
          value={values.sourceCode || null}
          onChange={(v) => set('sourceCode')(v ?? '')}
          clearable
          allowDeselect
          comboboxProps={{ withinPortal: false }}
        />
        <TextInput
          label={t('register.inviteCode')}
          value={values.inviteCode}
          onChange={(e) => set('inviteCode')(e.currentTarget.value.trim())}
        />
        {error && <ErrorAlert code={error} />}
        <Group grow>
          <Button variant="default" onClick={onBack}>
            {t('common.back')}
          </Button>
          <Button type="submit" loading={loading}>
            {t('common.next')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
