import { Button, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  PROTECTION_LIMIT_KEYS,
  type Locale,
  type Protection,
  type ProtectionLimitKey,
  type ProtectionLimits,
} from '@krapao/contract';
import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useMoneyText } from '../../../components/Money';
import { useLocale, useTranslation } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import {
  bahtToMinor,
  formatMoneyInput,
  isTooLarge,
  minorToBaht,
  MONEY_INPUT_MAX_MINOR,
  parseMoneyInput,
} from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { siteCity } from '../../../lib/site-city';
import { useSetLimits } from '../api/protection';

type Texts = Record<ProtectionLimitKey, string>;

const textsOf = (limits: ProtectionLimits, locale: Locale): Texts =>
  Object.fromEntries(
    PROTECTION_LIMIT_KEYS.map((k) => [
      k,
      limits[k] === null ? '' : formatMoneyInput(bahtToMinor(limits[k]), locale),
    ]),
  ) as Texts;

const PERIODS = [
  ['Day', 'protection.day'],
  ['Week', 'protection.week'],
  ['Month', 'protection.month'],
] as const;

/**
 * The six limits as one set (the server takes the whole set each time): an empty field is no limit.
 * Under each field, what the current period has used.
 */
export function LimitsForm({ state }: { state: Protection }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = useMoneyText();
  const save = useSetLimits();
  const [texts, setTexts] = useState<Texts>(() => textsOf(state.limits, locale));
  const parsed = Object.fromEntries(
    PROTECTION_LIMIT_KEYS.map((k) => [k, texts[k].trim() === '' ? null : parseMoneyInput(texts[k], locale)]),
  ) as Record<ProtectionLimitKey, number | null>;
  const invalid = PROTECTION_LIMIT_KEYS.filter(
    (k) => texts[k].trim() !== '' && (parsed[k] === null || parsed[k] === 0 || isTooLarge(parsed[k])),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid.length || save.isPending) return;
    const limits = Object.fromEntries(
      PROTECTION_LIMIT_KEYS.map((k) => [k, parsed[k] === null ? null : minorToBaht(parsed[k])]),
    ) as ProtectionLimits;
    save.mutate(limits, {
      onSuccess: (next) => {
        setTexts(textsOf(next.limits, locale));
        notifySuccess(t(next.pending ? 'protection.savedWaiting' : 'protection.saved'));
      },
    });
  };

  const group = (kind: 'deposit' | 'loss') => (
    <Stack gap={6}>
      <Title order={2} fz={16}>
        {t(`protection.${kind}`)}
      </Title>
      <Text fz="sm" c="dimmed">
        {t(`protection.${kind}Help`, { city: siteCity(locale) })}
      </Text>
      <SimpleGrid cols={3} spacing="xs">
        {PERIODS.map(([period, label]) => {
          const key = `${kind}${period}` as ProtectionLimitKey;
          return (
            <TextInput
              key={key}
              label={t(label)}
              name={key}
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('protection.none')}
              value={texts[key]}
              error={
                isTooLarge(parsed[key])
                  ? t('common.amountTooLarge', { max: money(MONEY_INPUT_MAX_MINOR, state.currency) })
                  : invalid.includes(key)
                    ? ' '
                    : undefined
              }
              // The fields line up across the row; what the period used goes under each.
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              description={t('protection.used', {
                amount: money(bahtToMinor(state.used[key]), state.currency),
              })}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setTexts((prev) => ({ ...prev, [key]: value }));
              }}
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );

  return (
    <form onSubmit={submit} noValidate data-testid="limits-form">
      <Stack gap="md">
        {group('deposit')}
        {/* During a break nothing may be deposited: the page's notice says so, not what "is left". */}
        {state.depositLeft !== null && !state.block && (
          <Text fz="sm" fw={600} data-testid="deposit-left">
            {t('protection.depositLeft', { amount: money(bahtToMinor(state.depositLeft), state.currency) })}
          </Text>
        )}
        {group('loss')}
        {save.isError && <ErrorAlert code={errorCode(save.error)} />}
        <Button type="submit" fullWidth loading={save.isPending} disabled={invalid.length > 0}>
          {t('protection.save')}
        </Button>
      </Stack>
    </form>
  );
}
