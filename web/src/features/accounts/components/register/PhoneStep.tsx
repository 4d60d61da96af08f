import { Button, Stack, Text, TextInput } from '@mantine/core';
import { isTenDigitPhone } from '@krapao/contract';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../../i18n/react';
import { errorText } from '../../../../i18n';
import { isLaosBuild } from '../../../../lib/config';
import { localPhone } from '../../../../lib/phone';
import { ErrorAlert } from '../../../../components/ErrorAlert';

interface PhoneStepProps {
  defaultPhone: string;
  loading: boolean;
  error: string | null;
  /** With a rate-limit refusal: when the member may try again. */
  retryAfterS?: number | undefined;
  onEdit: () => void;
  onSubmit: (phone: string) => void;
  /** What the page says the phone is for; the field's label, hint and button; the registration's by default. */
  intro?: string;
  label?: string;
  placeholder?: string;
  submitLabel?: string;
  /** "username" where the phone is the member's login (the forgotten password). */
  autoComplete?: 'tel-national' | 'username';
  /** Below the button (a way back). */
  children?: ReactNode;
}

/**
 * REG-2: the phone, exactly 10 digits unless this is a Laos build, read from whatever is pasted (+66,
 * spaces, dashes). The registration's first step, and the forgotten password's.
 */
export function PhoneStep({
  defaultPhone,
  loading,
  error,
  retryAfterS,
  onEdit,
  onSubmit,
  intro,
  label,
  placeholder,
  submitLabel,
  autoComplete = 'tel-national',
  children,
}: PhoneStepProps) {
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
          {intro ?? t('register.phoneIntro')}
        </Text>
        <TextInput
          label={label ?? t('register.phone')}
          placeholder={placeholder ?? (isLaosBuild() ? '020xxxxxxxx' : '08xxxxxxxx')}
          inputMode={autoComplete === 'username' ? 'tel' : 'numeric'}
          autoComplete={autoComplete}
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
        {error && <ErrorAlert code={error} retryAfterS={retryAfterS} />}
        <Button type="submit" size="lg" fullWidth loading={loading}>
          {submitLabel ?? t('common.next')}
        </Button>
        {children}
      </Stack>
    </form>
  );
}
