import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Title,
} from '@mantine/core';
import { CURRENCIES, refund, type InviteRules, type RefundRules } from '@krapao/contract';
import { useState } from 'react';
import { errorCode } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { ConsoleError } from '../../components/ConsoleError';
import { PageLoader } from '../../components/PageLoader';
import { useT } from '../../i18n';
import { api, useConsoleRead, useConsoleWrite } from './api';
import { fieldErrors, num } from './form';

type Numbers = Record<string, unknown>;

/** A number field of a rules object, by its path ('addWallet.percent', 'minimum.LAK'). */
function PathNumber({
  value,
  path,
  label,
  errors,
  disabled,
  onChange,
  suffix,
}: {
  value: Numbers;
  path: string;
  label: string;
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (next: Numbers) => void;
  suffix?: string;
}) {
  const parts = path.split('.');
  const current = parts.reduce<unknown>((node, p) => (node as Numbers | undefined)?.[p], value);
  const write = (v: number | undefined) => {
    const next = structuredClone(value);
    let node = next;
    for (const p of parts.slice(0, -1)) node = node[p] as Numbers;
    node[parts.at(-1)!] = v;
    onChange(next);
  };
  return (
    <NumberInput
      label={label}
      value={typeof current === 'number' ? current : ''}
      decimalScale={2}
      thousandSeparator=","
      suffix={suffix}
      disabled={disabled}
      error={errors[path]}
      onChange={(v) => write(num(v))}
    />
  );
}

function RulesCard<R extends InviteRules | RefundRules>({
  which,
  rules,
  manage,
}: {
  which: 'invite' | 'refund';
  rules: R;
  manage: boolean;
}) {
  const t = useT();
  const [draft, setDraft] = useState<Numbers>(rules as unknown as Numbers);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const inviteSave = useConsoleWrite(api.setInviteRules, api.inviteRules, { replace: true });
  const refundSave = useConsoleWrite(api.setRefundRules, api.refundRules, { replace: true });
  const save = which === 'invite' ? inviteSave : refundSave;
  const schema = which === 'invite' ? api.setInviteRules.body : api.setRefundRules.body;
  const field = (path: string, suffix?: string) => (
    <PathNumber
      key={path}
      value={draft}
      path={path}
      label={t(`console.rules.fields.${path.replace(/\.(BAHT|LAK)$/, '')}`, {
        currency: t(`console.currency.${path.split('.').at(-1)}`),
      })}
      errors={errors}
      disabled={!manage}
      onChange={setDraft}
      suffix={suffix}
    />
  );
  const submit = () => {
    const found = fieldErrors(schema, draft);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length) return;
    const handlers = {
      onSuccess: () => notifySuccess(t('console.form.saved')),
      onError: (e: unknown) => setServerError(errorCode(e)),
    };
    if (which === 'invite') inviteSave.mutate(draft as InviteRules, handlers);
    else refundSave.mutate(draft as RefundRules, handlers);
  };
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} size="h4" mb="sm">
        {t(`console.rules.${which}`)}
      </Title>
      <Stack gap="sm">
        <Switch
          label={t('console.rules.fields.active')}
          checked={Boolean(draft.active)}
          disabled={!manage}
          onChange={(e) => setDraft({ ...draft, active: e.currentTarget.checked })}
        />
        {which === 'refund' && (
          <Select
            label={t('console.rules.fields.period')}
            data={refund.REFUND_PERIODS.map((p) => ({ value: p, label: t(`console.rules.periods.${p}`) }))}
            value={String(draft.period)}
            allowDeselect={false}
            disabled={!manage}
            onChange={(v) => v && setDraft({ ...draft, period: v })}
          />
        )}
        <SimpleGrid cols={3}>
          {field('percent', '%')}
          {field('percentSuccess', '%')}
          {field('percentFail', '%')}
          {which === 'refund' && field('addWallet.percent', '%')}
          {which === 'refund' && field('addWallet.percentSuccess', '%')}
          {which === 'refund' && field('addWallet.percentFail', '%')}
        </SimpleGrid>
        <SimpleGrid cols={2}>{CURRENCIES.map((c) => field(`minimum.${c}`))}</SimpleGrid>
        {Object.keys(errors).length > 0 && (
          <Alert color="red" variant="light" role="alert">
            {t('console.form.fix')}
          </Alert>
        )}
        {serverError && <ConsoleError code={serverError} />}
        {manage && (
          <Group justify="flex-end">
            <Button onClick={submit} loading={save.isPending}>
              {t('console.form.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The invite programme's and the loss refund's rules, side by side. */
export function RulesTab({ manage }: { manage: boolean }) {
  const invite = useConsoleRead(api.inviteRules);
  const refundRules = useConsoleRead(api.refundRules);
  if (invite.isPending || refundRules.isPending) return <PageLoader />;
  if (invite.isError) return <ConsoleError code={errorCode(invite.error)} />;
  if (refundRules.isError) return <ConsoleError code={errorCode(refundRules.error)} />;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <RulesCard which="invite" rules={invite.data} manage={manage} />
      <RulesCard which="refund" rules={refundRules.data} manage={manage} />
    </SimpleGrid>
  );
}
