import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/FloatingIndicator.css';
import { Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { isBankAccountNo, isEnglishName, needsEnglishName, type Bank, type Currency } from '@krapao/contract';

import { useState, type FormEvent } from 'react';
import { useLocale, useTranslation } from '../../../../i18n/react';
import { errorText } from '../../../../i18n';
import { bankOption } from '../../../../lib/banks';
import { isLaosBuild } from '../../../../lib/config';
import { ErrorAlert } from '../../../../components/ErrorAlert';

export interface BankValues {
  bankCode: string;
  firstName: string;
  lastName: string;
  bankAccountNo: string;
  currency: Currency;
}

const BANK_COUNTRY: Record<Currency, Bank['country']> = { BAHT: 'TH', LAK: 'LA' };

interface BankStepProps {
  banks: Bank[];
  /** The full name given in the profile step: the holder's names start from it (first word, the rest). */
  holderName?: string;
  loading: boolean;
  /** The registration is on its way: the button takes no second press (its loader shows after 200 ms). */
  pending?: boolean;
  error: string | null;
  onEdit: () => void;
  onBack: () => void;
  onSubmit: (values: BankValues) => void;
}

type Errors = Partial<Record<keyof BankValues, string>>;

/**
 * The account holder's names as the full name suggests them, upper-cased as the fields keep them: the
 * first word, then the rest. The member was asked the name one step before; they correct what differs.
 */
function holderNames(fullName: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = fullName.trim().toUpperCase().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

/** REG-6: bank, names (upper-cased as typed), account number, and the currency in a Laos build (SH-3). */
export function BankStep({
  banks,
  holderName = '',
  loading,
  pending = false,
  error,
  onEdit,
  onBack,
  onSubmit,
}: BankStepProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const laos = isLaosBuild();
  const [values, setValues] = useState<BankValues>(() => ({
    bankCode: '',
    ...holderNames(holderName),
    bankAccountNo: '',
    currency: laos ? 'LAK' : 'BAHT',
  }));
  const [errors, setErrors] = useState<Errors>({});
  const english = needsEnglishName(values.bankCode);

  const set = <K extends keyof BankValues>(key: K, value: BankValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({
      ...e,
      [key]: undefined,
      ...(key === 'bankCode' ? { firstName: undefined, lastName: undefined } : {}),
    }));
    onEdit();
  };

  /** The currency comes first in a Laos build: it decides which banks can pay the wallet out. */
  const chooseCurrency = (currency: Currency) => {
    const bank = banks.find((b) => b.code === values.bankCode);
    set('currency', currency);
    if (bank && bank.country !== BANK_COUNTRY[currency]) setValues((v) => ({ ...v, bankCode: '' }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    const required = t('common.required');
    if (!values.bankCode) next.bankCode = required;
    if (!values.firstName.trim()) next.firstName = required;
    if (!values.lastName.trim()) next.lastName = required;
    if (!values.bankAccountNo) next.bankAccountNo = required;
    else if (!isBankAccountNo(values.bankAccountNo))
      next.bankAccountNo = errorText('INVALID_BANK_ACCOUNT_NO');
    // REG-6: KTB, TMB and BBL need the holder's name in English letters.
    if (english) {
      if (values.firstName.trim() && !isEnglishName(values.firstName.trim()))
        next.firstName = errorText('BANK_ACCOUNT_NAME_ENG');
      if (values.lastName.trim() && !isEnglishName(values.lastName.trim()))
        next.lastName = errorText('BANK_ACCOUNT_NAME_ENG');
    }
    setErrors(next);
    if (Object.keys(next).length === 0 && !pending) onSubmit(values);
  };

  // A wallet is paid out in its currency: kip to a Lao bank, baht to a Thai one (the server insists too).
  const bankOptions = banks
    .filter((b) => !laos || b.country === BANK_COUNTRY[values.currency])
    .map((b) => ({
      value: b.code,
      label: bankOption(b, locale),
    }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {laos && (
          <Stack gap={4}>
            <Text fz="sm" fw={500} id="currency-label">
              {t('register.currency')}
            </Text>
            <SegmentedControl
              aria-labelledby="currency-label"
              fullWidth
              value={values.currency}
              onChange={(v) => chooseCurrency(v === 'BAHT' ? 'BAHT' : 'LAK')}
              data={[
                { value: 'LAK', label: t('register.currencyLAK') },
                { value: 'BAHT', label: t('register.currencyBAHT') },
              ]}
            />
          </Stack>
        )}
        <Select
          label={t('register.bank')}
          placeholder={t('register.bankPlaceholder')}
          data={bankOptions}
          value={values.bankCode || null}
          onChange={(v) => set('bankCode', v ?? '')}
          error={errors.bankCode}
          searchable
          withAsterisk
          comboboxProps={{ withinPortal: false }}
        />
        {english && (
          <Text fz="sm" c="dimmed">
            {t('register.englishNameHint')}
          </Text>
        )}
        <Group grow align="flex-start">
          <TextInput
            label={t('register.firstName')}
            autoComplete="given-name"
            value={values.firstName}
            error={errors.firstName}
            onChange={(e) => set('firstName', e.currentTarget.value.toUpperCase())}
            withAsterisk
          />
          <TextInput
            label={t('register.lastName')}
            autoComplete="family-name"
            value={values.lastName}
            error={errors.lastName}
            onChange={(e) => set('lastName', e.currentTarget.value.toUpperCase())}
            withAsterisk
          />
        </Group>
        <TextInput
          label={t('register.accountNo')}
          inputMode="numeric"
          value={values.bankAccountNo}
          error={errors.bankAccountNo}
          onChange={(e) => set('bankAccountNo', e.currentTarget.value.replace(/\D/g, ''))}
          withAsterisk
        />
        {error && <ErrorAlert code={error} />}
        <Group grow>
          <Button variant="default" onClick={onBack}>
            {t('common.back')}
          </Button>
          <Button type="submit" loading={loading} disabled={pending}>
            {t('register.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
