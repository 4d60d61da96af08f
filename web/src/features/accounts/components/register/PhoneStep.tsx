import { Button, Stack, Text, TextInput } from '@mantine/core';
import { isTenDigitPhone } from '@krapao/contract';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../i18n/react';
import { errorText } from '../../../../i18n';
import { isLaosBuild } from '../../../../lib/config';
import { localPhone } from '../../../../lib/phone';
import { ErrorAlert } from '../../../../components/ErrorAlert';

interface PhoneStepProps {
  defaultPhone: string;
  loading: boolean;
  error: string | null;
  onEdit: () => void;
  onSubmit: (phone: string) => void;
}

/** REG-2: the phone, exactly 10 digits unless this is a Laos build. */
export function PhoneStep({ defaultPhone, loading, error, onEdit, onSubmit }: PhoneStepProps) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState(defaultPhone);
  const [invalid, setInvalid] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!phone) return setInvalid(t('common.required'));
    if (!isLaosBuild() && !isTenDigitPhone(phone))
      return setInvalid(errorText('PHONE_NUMBER_REQUIRE_10_DIGIT'));
    if (!/^\d{6,15}$/.test(phone)) return setInvalid(t('register.phoneInvalid'));
    onSubmit(phone);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text c="dimmed" fz="sm">
          {t('register.phoneIntro')}
        </Text>
        <TextInput
          label={t('register.phone')}
          placeholder={isLaosBuild() ? '020xxxxxxxx' : '08xxxxxxxx'}
          inputMode="numeric"
          autoComplete="tel-national"
          leftSection={<IconDeviceMobile size={18} />}
          value={phone}
          error={invalid}
          onChange={(e) => {
            // REG-2: no more digits than the region's rule allows (a pasted 081-234-5678 still fits).
            setPhone(localPhone(e.currentTarget.value));
            setInvalid(null);
            onEdit();
          }}
        />
        {error && <ErrorAlert code={error} />}
        <Button type="submit" size="lg" fullWidth loading={loading}>
          {t('common.next')}
        </Button>
      </Stack>
    </form>
  );
}
