import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { BONUS_TYPES, bonuses, CURRENCIES, GAME_CATEGORIES, type LocalizedText } from '@krapao/contract';
import { useState } from 'react';
import type { z } from 'zod';
import { errorCode } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { ConsoleError } from '../../components/ConsoleError';
import { useT } from '../../i18n';
import { api, useConsoleWrite } from './api';
import { fieldErrors, num } from './form';
import { LocalizedInputs } from './LocalizedInputs';

export type BonusInput = z.input<typeof bonuses.bonusConfigSchema>;
export type PromotionInput = z.input<typeof bonuses.promotionConfigSchema>;
type Kind = 'bonus' | 'promotion';
type Draft = Partial<BonusInput & PromotionInput> & { reward: BonusInput['reward'] };

export const emptyBonus = (): Draft => ({
  code: '',
  currency: 'BAHT',
  name: {},
  type: 'limit',
  maxReceived: 1,
  reward: { kind: 'percent', percent: 10, max: 500 },
  minDeposit: 0,
  categories: null,
  percentSuccess: 0,
  percentFail: 0,
  active: true,
  sort: 0,
});

export const emptyPromotion = (): Draft => ({
  code: '',
  currency: 'BAHT',
  description: {},
  reward: { kind: 'fixed', amount: 50 },
  minDeposit: 0,
  categories: null,
  percentSuccess: 0,
  percentFail: 0,
  totalCap: null,
  validFrom: null,
  validTo: null,
  active: true,
});

/** A day the operator picks (Bangkok) as the instant the server keeps; and back. */
const dayToIso = (day: string) => (day ? `${day}T00:00:00+07:00` : null);
const isoToDay = (iso: string | null | undefined) =>
  iso ? new Date(new Date(iso).getTime() + 7 * 3_600_000).toISOString().slice(0, 10) : '';

/** The form of one bonus or promotion code; the contract's schema checks it before it is sent. */
export function ProgrammeForm({
  kind,
  initial,
  editing,
  onClose,
}: {
  kind: Kind;
  initial: Draft | null;
  editing: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState<Draft>(initial ?? emptyBonus());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const saveBonus = useConsoleWrite(api.saveBonus, api.bonuses);
  const savePromotion = useConsoleWrite(api.savePromotion, api.promotions);
  const save = kind === 'bonus' ? saveBonus : savePromotion;
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const reward = draft.reward;

  const submit = () => {
    setServerError(null);
    const schema = kind === 'bonus' ? api.saveBonus.body : api.savePromotion.body;
    const found = fieldErrors(schema, draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    const onError = (e: unknown) => setServerError(errorCode(e));
    const onSuccess = () => {
      notifySuccess(t('console.form.saved'));
      onClose();
    };
    if (kind === 'bonus') saveBonus.mutate(draft as BonusInput, { onSuccess, onError });
    else savePromotion.mutate(draft as PromotionInput, { onSuccess, onError });
  };

  const numberField = (
    field: 'maxReceived' | 'sort' | 'minDeposit' | 'percentSuccess' | 'percentFail' | 'totalCap',
    props: { decimals?: number; nullable?: boolean } = {},
  ) => (
    <NumberInput
      label={t(`console.programmes.fields.${field}`)}
      value={draft[field] ?? ''}
      decimalScale={props.decimals ?? 0}
      allowDecimal={(props.decimals ?? 0) > 0}
      thousandSeparator=","
      error={errors[field]}
      placeholder={props.nullable ? t('console.wheel.noLimit') : undefined}
      data-testid={`field-${field}`}
      onChange={(v) => set({ [field]: props.nullable ? (num(v) ?? null) : num(v) })}
    />
  );

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={t(`console.programmes.${kind}.${editing ? 'edit' : 'new'}`)}
      closeOnClickOutside={false}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <SimpleGrid cols={3}>
            <TextInput
              label={t('console.programmes.fields.code')}
              value={draft.code ?? ''}
              disabled={editing}
              error={errors['code']}
              onChange={(e) => set({ code: e.currentTarget.value.toUpperCase() })}
            />
            <Select
              label={t('console.programmes.fields.currency')}
              data={CURRENCIES.map((c) => ({ value: c, label: t(`console.currency.${c}`) }))}
              value={draft.currency ?? 'BAHT'}
              disabled={editing}
              allowDeselect={false}
              onChange={(v) => v && set({ currency: v as Draft['currency'] })}
            />
            {kind === 'bonus' ? (
              <Select
                label={t('console.programmes.fields.type')}
                data={BONUS_TYPES.map((b) => ({ value: b, label: t(`console.programmes.types.${b}`) }))}
                value={draft.type ?? 'limit'}
                allowDeselect={false}
                onChange={(v) => v && set({ type: v as Draft['type'] })}
              />
            ) : (
              numberField('totalCap', { nullable: true })
            )}
          </SimpleGrid>
          {kind === 'bonus' ? (
            <LocalizedInputs
              label={t('console.programmes.fields.name')}
              value={(draft.name ?? {}) as LocalizedText}
              error={errors['name']}
              onChange={(name) => set({ name })}
            />
          ) : (
            <LocalizedInputs
              label={t('console.programmes.fields.description')}
              value={(draft.description ?? {}) as LocalizedText}
              error={errors['description']}
              onChange={(description) => set({ description })}
            />
          )}
          <Group align="flex-end" wrap="nowrap">
            <SegmentedControl
              data={[
                { value: 'percent', label: t('console.programmes.reward.percent') },
                { value: 'fixed', label: t('console.programmes.reward.fixed') },
              ]}
              value={reward.kind}
              onChange={(k) =>
                set({
                  reward:
                    k === 'percent'
                      ? { kind: 'percent', percent: 10, max: 500 }
                      : { kind: 'fixed', amount: 50 },
                })
              }
            />
            {reward.kind === 'percent' ? (
              <>
                <NumberInput
                  label={t('console.programmes.reward.percentOf')}
                  value={reward.percent ?? ''}
                  suffix="%"
                  decimalScale={6}
                  error={errors['reward.percent']}
                  data-testid="field-reward-percent"
                  onChange={(v) => set({ reward: { ...reward, percent: num(v) as number } })}
                />
                <NumberInput
                  label={t('console.programmes.reward.max')}
                  value={reward.max ?? ''}
                  thousandSeparator=","
                  decimalScale={2}
                  error={errors['reward.max']}
                  onChange={(v) => set({ reward: { ...reward, max: num(v) as number } })}
                />
              </>
            ) : (
              <NumberInput
                label={t('console.programmes.reward.amount')}
                value={reward.amount ?? ''}
                thousandSeparator=","
                decimalScale={2}
                error={errors['reward.amount']}
                onChange={(v) => set({ reward: { ...reward, amount: num(v) as number } })}
              />
            )}
          </Group>
          <SimpleGrid cols={3}>
            {numberField('minDeposit', { decimals: 2 })}
            {numberField('percentSuccess', { decimals: 2 })}
            {numberField('percentFail', { decimals: 2 })}
            {kind === 'bonus' && numberField('maxReceived')}
            {kind === 'bonus' && numberField('sort')}
            {kind === 'promotion' && (
              <>
                <TextInput
                  type="date"
                  label={t('console.programmes.fields.validFrom')}
                  value={isoToDay(draft.validFrom)}
                  error={errors['validFrom']}
                  onChange={(e) => set({ validFrom: dayToIso(e.currentTarget.value) })}
                />
                <TextInput
                  type="date"
                  label={t('console.programmes.fields.validTo')}
                  value={isoToDay(draft.validTo)}
                  error={errors['validTo']}
                  onChange={(e) => set({ validTo: dayToIso(e.currentTarget.value) })}
                />
              </>
            )}
          </SimpleGrid>
          <MultiSelect
            label={t('console.programmes.fields.categories')}
            placeholder={t('console.programmes.allGames')}
            data={GAME_CATEGORIES.map((c) => ({ value: c, label: t(`console.programmes.categories.${c}`) }))}
            value={draft.categories ?? []}
            onChange={(v) => set({ categories: v.length ? (v as Draft['categories']) : null })}
          />
          <Switch
            label={t('console.programmes.fields.active')}
            checked={draft.active ?? true}
            onChange={(e) => set({ active: e.currentTarget.checked })}
          />
          {Object.keys(errors).length > 0 && (
            <Alert color="red" variant="light" role="alert">
              {t('console.form.fix')}
            </Alert>
          )}
          {serverError && <ConsoleError code={serverError} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('console.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="programme-save">
              {t('console.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
