import {
  ActionIcon,
  Alert,
  Button,
  Card,
  ColorInput,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CURRENCIES, spin, type LocalizedText } from '@krapao/contract';
import { useState } from 'react';
import type { z } from 'zod';
import { errorCode } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { ConsoleError } from '../../components/ConsoleError';
import { PageLoader } from '../../components/PageLoader';
import { useT } from '../../i18n';
import { api, useConsoleRead, useConsoleWrite } from './api';
import { fieldErrors, num } from './form';
import { LocalizedInputs } from './LocalizedInputs';

type Slice = z.input<typeof spin.opsSliceSchema>;
type Wheel = z.output<typeof spin.opsWheelSchema>;
type CoinRuleDraft = {
  currency: Wheel['coinRules'][number]['currency'];
  amountPerCoin?: number;
  maxPerDeposit: number | null;
};

/**
 * Each slice's odds as the member's wheel will draw them: its weight over the sum of all weights
 * (spin-fair.ts draws a number below that sum). Null when the weights do not add up to anything.
 */
export function sliceOdds(weights: readonly (number | undefined)[]): Array<number | null> {
  const whole = weights.map((w) => (Number.isInteger(w) && (w ?? 0) >= 0 ? (w ?? 0) : 0));
  const total = whole.reduce((a, w) => a + w, 0);
  return whole.map((w) => (total > 0 ? w / total : null));
}

const percentText = (p: number | null) =>
  p === null ? '-' : `${(p * 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
const oneIn = (p: number | null) => (p ? Math.round(1 / p).toLocaleString('en-US') : null);

function newSlice(n: number): Slice {
  return {
    code: `SLICE_${n}`,
    label: {},
    name: {},
    bgColor: '#0f7b5f',
    textColor: '#ffffff',
    htmlDescription: {},
    weight: 1,
    type: 'nothing',
    amounts: {},
    coins: null,
    percentSuccess: 0,
    percentFail: 0,
  };
}

/** The slices, weights and prizes, with each slice's odds shown while the weights are typed. */
function SlicesForm({ wheel, manage }: { wheel: Wheel; manage: boolean }) {
  const t = useT();
  const [slices, setSlices] = useState<Slice[]>(() => wheel.slices.map((s) => ({ ...s })));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useConsoleWrite(api.setSlices, api.wheel, { replace: true });
  const odds = sliceOdds(slices.map((s) => s.weight));
  const set = (i: number, change: Partial<Slice>) =>
    setSlices((all) => all.map((s, j) => (j === i ? { ...s, ...change } : s)));

  const submit = () => {
    setServerError(null);
    const body = { slices };
    const found = fieldErrors(api.setSlices.body, body);
    if (!found['slices'] && slices.length > 0 && slices.every((s) => s.weight === 0))
      found['slices'] = t('console.wheel.allZero');
    for (const [i, s] of slices.entries()) {
      if (s.type === 'credit' && !(s.amounts?.BAHT && s.amounts?.LAK))
        found[`slices.${i}.amounts`] ??= t('console.wheel.bothAmounts');
      if (s.type === 'coins' && !s.coins) found[`slices.${i}.coins`] ??= t('console.form.required');
    }
    if (new Set(slices.map((s) => s.code)).size !== slices.length)
      found['slices'] = t('console.wheel.sameCode');
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(body, {
      onSuccess: () => notifySuccess(t('console.form.saved')),
      onError: (e) => setServerError(errorCode(e)),
    });
  };

  const err = (i: number, field: string) => errors[`slices.${i}.${field}`];
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('console.wheel.slices')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('console.wheel.oddsHint')}
        </Text>
      </Group>
      {/* The wheel as the member will see its shares, before anything is saved. */}
      <div className="console-odds-bar" aria-hidden>
        {slices.map((s, i) => (
          <span
            key={i}
            style={{ flexGrow: odds[i] ?? 0, background: s.bgColor, color: s.textColor }}
            title={`${s.code} ${percentText(odds[i] ?? null)}`}
          >
            {(odds[i] ?? 0) >= 0.06 ? percentText(odds[i] ?? null) : ''}
          </span>
        ))}
      </div>
      <Table.ScrollContainer minWidth={1080}>
        <Table verticalSpacing="xs" data-testid="wheel-slices">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('console.wheel.code')}</Table.Th>
              <Table.Th w={120}>{t('console.wheel.weight')}</Table.Th>
              <Table.Th w={100}>{t('console.wheel.odds')}</Table.Th>
              <Table.Th>{t('console.wheel.prize')}</Table.Th>
              <Table.Th miw={340}>{t('console.wheel.texts')}</Table.Th>
              <Table.Th>{t('console.wheel.colours')}</Table.Th>
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {slices.map((s, i) => (
              <Table.Tr key={i} data-testid={`slice-${i}`}>
                <Table.Td valign="top">
                  <TextInput
                    size="xs"
                    w={100}
                    aria-label={t('console.wheel.code')}
                    value={s.code}
                    disabled={!manage}
                    error={err(i, 'code')}
                    onChange={(e) => set(i, { code: e.currentTarget.value.toUpperCase() })}
                  />
                </Table.Td>
                <Table.Td valign="top">
                  <NumberInput
                    size="xs"
                    aria-label={t('console.wheel.weightOf', { code: s.code })}
                    value={s.weight}
                    min={0}
                    allowDecimal={false}
                    allowNegative={false}
                    thousandSeparator=","
                    disabled={!manage}
                    error={err(i, 'weight')}
                    onChange={(v) => set(i, { weight: num(v) as number })}
                    data-testid={`slice-weight-${i}`}
                  />
                </Table.Td>
                <Table.Td valign="top">
                  <Text fw={700} data-testid={`slice-odds-${i}`}>
                    {percentText(odds[i] ?? null)}
                  </Text>
                  {oneIn(odds[i] ?? null) && (
                    <Text size="xs" c="dimmed">
                      {t('console.wheel.oneIn', { n: oneIn(odds[i] ?? null) })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td valign="top">
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <Select
                      size="xs"
                      w={100}
                      aria-label={t('console.wheel.prize')}
                      data={spin.PRIZE_TYPES.map((p) => ({ value: p, label: t(`console.wheel.types.${p}`) }))}
                      value={s.type}
                      allowDeselect={false}
                      disabled={!manage}
                      onChange={(v) => v && set(i, { type: v as Slice['type'] })}
                    />
                    {s.type === 'credit' &&
                      CURRENCIES.map((c) => (
                        <NumberInput
                          key={c}
                          size="xs"
                          w={96}
                          aria-label={t(`console.currency.${c}`)}
                          placeholder={t(`console.currency.${c}`)}
                          suffix={` ${t(`console.currency.${c}`)}`}
                          value={s.amounts?.[c] ?? ''}
                          disabled={!manage}
                          error={err(i, `amounts.${c}`) ?? (c === 'BAHT' ? err(i, 'amounts') : undefined)}
                          thousandSeparator=","
                          decimalScale={2}
                          onChange={(v) => set(i, { amounts: { ...s.amounts, [c]: num(v) } })}
                        />
                      ))}
                    {s.type === 'coins' && (
                      <NumberInput
                        size="xs"
                        w={100}
                        aria-label={t('console.wheel.coins')}
                        suffix={` ${t('console.wheel.coinsUnit')}`}
                        value={s.coins ?? ''}
                        disabled={!manage}
                        error={err(i, 'coins')}
                        onChange={(v) => set(i, { coins: num(v) ?? null })}
                      />
                    )}
                  </Group>
                </Table.Td>
                <Table.Td valign="top">
                  <Stack gap={4}>
                    <LocalizedInputs
                      compact
                      label={t('console.wheel.label')}
                      value={s.label as LocalizedText}
                      disabled={!manage}
                      onChange={(label) => set(i, { label })}
                    />
                    <LocalizedInputs
                      compact
                      label={t('console.wheel.name')}
                      value={s.name as LocalizedText}
                      disabled={!manage}
                      onChange={(name) => set(i, { name })}
                    />
                  </Stack>
                </Table.Td>
                <Table.Td valign="top">
                  <Stack gap={4} w={112}>
                    <ColorInput
                      size="xs"
                      aria-label={t('console.wheel.background')}
                      value={s.bgColor}
                      disabled={!manage}
                      error={err(i, 'bgColor')}
                      onChange={(bgColor) => set(i, { bgColor })}
                    />
                    <ColorInput
                      size="xs"
                      aria-label={t('console.wheel.textColour')}
                      value={s.textColor}
                      disabled={!manage}
                      error={err(i, 'textColor')}
                      onChange={(textColor) => set(i, { textColor })}
                    />
                  </Stack>
                </Table.Td>
                <Table.Td valign="top">
                  {manage && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('console.wheel.remove', { code: s.code })}
                      onClick={() => setSlices((all) => all.filter((_, j) => j !== i))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {errors['slices'] && (
        <Alert color="red" variant="light" mt="sm" role="alert">
          {errors['slices']}
        </Alert>
      )}
      {Object.keys(errors).length > 0 && !errors['slices'] && (
        <Alert color="red" variant="light" mt="sm" role="alert">
          {t('console.form.fix')}
        </Alert>
      )}
      {serverError && <ConsoleError code={serverError} />}
      {manage && (
        <Group justify="space-between" mt="md">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            disabled={slices.length >= 24}
            onClick={() => setSlices((all) => [...all, newSlice(all.length + 1)])}
          >
            {t('console.wheel.add')}
          </Button>
          <Button onClick={submit} loading={save.isPending} data-testid="wheel-save">
            {t('console.wheel.saveSlices')}
          </Button>
        </Group>
      )}
    </Card>
  );
}

/** The wheel's switch, name and coupon validity. */
function WheelSettings({ wheel, manage }: { wheel: Wheel; manage: boolean }) {
  const t = useT();
  const [name, setName] = useState<LocalizedText>(wheel.name);
  const [active, setActive] = useState(wheel.active);
  const [days, setDays] = useState<number | undefined>(wheel.couponValidDays);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useConsoleWrite(api.setWheel, api.wheel, { replace: true });
  const submit = () => {
    const body = { name, active, couponValidDays: days };
    const found = fieldErrors(api.setWheel.body, { ...body, couponValidDays: days ?? null });
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length) return;
    save.mutate(body, {
      onSuccess: () => notifySuccess(t('console.form.saved')),
      onError: (e) => setServerError(errorCode(e)),
    });
  };
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} size="h4" mb="sm">
        {t('console.wheel.settings')}
      </Title>
      <Stack gap="sm">
        <Switch
          label={t('console.wheel.active')}
          checked={active}
          disabled={!manage}
          onChange={(e) => setActive(e.currentTarget.checked)}
        />
        <LocalizedInputs
          label={t('console.wheel.wheelName')}
          value={name}
          onChange={setName}
          disabled={!manage}
        />
        <NumberInput
          label={t('console.wheel.couponDays')}
          value={days ?? ''}
          allowDecimal={false}
          disabled={!manage}
          error={errors['couponValidDays']}
          onChange={(v) => setDays(num(v))}
          w={200}
        />
        {serverError && <ConsoleError code={serverError} />}
        {manage && (
          <Group justify="flex-end">
            <Button variant="light" onClick={submit} loading={save.isPending}>
              {t('console.form.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** One coin per this much of a deposit, at most this many per deposit, per currency. */
function CoinRules({ wheel, manage }: { wheel: Wheel; manage: boolean }) {
  const t = useT();
  const save = useConsoleWrite(api.setCoinRule, api.wheel, { replace: true });
  const [rules, setRules] = useState<CoinRuleDraft[]>(() =>
    CURRENCIES.map(
      (c) => wheel.coinRules.find((r) => r.currency === c) ?? { currency: c, maxPerDeposit: null },
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const submit = (i: number) => {
    const rule = rules[i]!;
    const found = fieldErrors(api.setCoinRule.body, rule);
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [`${i}.${k}`, v])));
    setServerError(null);
    if (Object.keys(found).length) return;
    save.mutate(rule as z.input<typeof api.setCoinRule.body>, {
      onSuccess: () => notifySuccess(t('console.form.saved')),
      onError: (e) => setServerError(errorCode(e)),
    });
  };
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} size="h4" mb="sm">
        {t('console.wheel.coinRules')}
      </Title>
      <Stack gap="sm">
        {rules.map((r, i) => (
          <Group key={r.currency} align="flex-start" wrap="nowrap">
            <NumberInput
              label={t('console.wheel.amountPerCoin', { currency: t(`console.currency.${r.currency}`) })}
              value={r.amountPerCoin ?? ''}
              thousandSeparator=","
              decimalScale={2}
              disabled={!manage}
              error={errors[`${i}.amountPerCoin`]}
              onChange={(v) =>
                setRules((all) => all.map((x, j) => (j === i ? { ...x, amountPerCoin: num(v) } : x)))
              }
            />
            <NumberInput
              label={t('console.wheel.maxPerDeposit')}
              placeholder={t('console.wheel.noLimit')}
              value={r.maxPerDeposit ?? ''}
              thousandSeparator=","
              allowDecimal={false}
              disabled={!manage}
              error={errors[`${i}.maxPerDeposit`]}
              data-testid={`coin-max-${r.currency}`}
              onChange={(v) =>
                setRules((all) => all.map((x, j) => (j === i ? { ...x, maxPerDeposit: num(v) ?? null } : x)))
              }
            />
            {manage && (
              <Button variant="light" mt={24} onClick={() => submit(i)} loading={save.isPending}>
                {t('console.form.save')}
              </Button>
            )}
          </Group>
        ))}
        {serverError && <ConsoleError code={serverError} />}
      </Stack>
    </Card>
  );
}

export function WheelTab({ manage }: { manage: boolean }) {
  const wheel = useConsoleRead(api.wheel);
  if (wheel.isPending) return <PageLoader />;
  if (wheel.isError) return <ConsoleError code={errorCode(wheel.error)} />;
  return (
    <Stack>
      <SlicesForm wheel={wheel.data} manage={manage} />
      <Group align="flex-start" grow>
        <WheelSettings wheel={wheel.data} manage={manage} />
        <CoinRules wheel={wheel.data} manage={manage} />
      </Group>
    </Stack>
  );
}
