import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  CURRENCIES,
  QR_PROVIDERS,
  type QrMinimums,
  type SlipSettings,
  type WithdrawalSettings,
} from '@krapao/contract';
import { useState, type ReactNode } from 'react';
import { errorCode } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { ConsoleError } from '../../components/ConsoleError';
import { PageLoader } from '../../components/PageLoader';
import { ViewsPage, type View } from '../../components/ViewsPage';
import { useT } from '../../i18n';
import { PERMISSIONS } from '../../permissions';
import { api, useConsoleRead, useConsoleWrite } from '../programmes/api';
import { fieldErrors, num } from '../programmes/form';

/** A settings form: checked by the contract's schema before it is sent; read-only without the permission. */
function useSettingsForm<T extends object>(
  initial: T,
  write: typeof api.setWithdrawalSettings | typeof api.setQrMinimums | typeof api.setSlipSettings,
  read: typeof api.withdrawalSettings | typeof api.qrMinimums | typeof api.slipSettings,
) {
  const t = useT();
  const [draft, setDraft] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useConsoleWrite(write, read, { replace: true });
  const submit = () => {
    const found = fieldErrors(write.body, draft);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length) return;
    save.mutate(draft as never, {
      onSuccess: () => notifySuccess(t('console.form.saved')),
      onError: (e) => setServerError(errorCode(e)),
    });
  };
  return { draft, setDraft, errors, serverError, save, submit };
}

/** A settings form's card: its fields, then what is wrong with them and Save (or "read-only"). */
function SettingsCard({
  form,
  manage,
  children,
}: {
  form: Pick<ReturnType<typeof useSettingsForm>, 'errors' | 'serverError' | 'save' | 'submit'>;
  manage: boolean;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Card withBorder radius="lg" padding="lg" maw={760}>
      <Stack>
        {children}
        {Object.keys(form.errors).length > 0 && (
          <Alert color="red" variant="light" role="alert">
            {t('console.form.fix')}
          </Alert>
        )}
        {form.serverError && <ConsoleError code={form.serverError} />}
        {manage ? (
          <Group justify="flex-end">
            <Button onClick={form.submit} loading={form.save.isPending}>
              {t('console.form.save')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('console.settings.readOnly')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function WithdrawalsForm({ initial, manage }: { initial: WithdrawalSettings; manage: boolean }) {
  const t = useT();
  const f = useSettingsForm(initial, api.setWithdrawalSettings, api.withdrawalSettings);
  const setLimit = (c: (typeof CURRENCIES)[number], side: 'min' | 'max', v: number | undefined) =>
    f.setDraft((d) => ({ ...d, limits: { ...d.limits, [c]: { ...d.limits[c], [side]: v } } }));
  return (
    <SettingsCard form={f} manage={manage}>
      {CURRENCIES.map((c) => (
        <SimpleGrid cols={2} key={c}>
          {(['min', 'max'] as const).map((side) => (
            <NumberInput
              key={side}
              label={t(`console.settings.withdrawals.${side}`, { currency: t(`console.currency.${c}`) })}
              value={f.draft.limits[c][side] ?? ''}
              thousandSeparator=","
              decimalScale={2}
              disabled={!manage}
              error={f.errors[`limits.${c}.${side}`]}
              onChange={(v) => setLimit(c, side, num(v))}
            />
          ))}
        </SimpleGrid>
      ))}
      <Switch
        label={t('console.settings.withdrawals.autoPayout')}
        description={t('console.settings.withdrawals.autoPayoutHint')}
        checked={f.draft.autoPayout}
        disabled={!manage}
        onChange={(e) => {
          const autoPayout = e.currentTarget.checked;
          f.setDraft((d) => ({ ...d, autoPayout }));
        }}
      />
      <NumberInput
        label={t('console.settings.withdrawals.holdHours')}
        description={t('console.settings.withdrawals.holdHoursHint')}
        value={f.draft.newAccountHoldHours ?? ''}
        allowDecimal={false}
        disabled={!manage}
        error={f.errors['newAccountHoldHours']}
        onChange={(v) => f.setDraft((d) => ({ ...d, newAccountHoldHours: num(v) as number }))}
        w={280}
      />
      {/* Per currency, empty for none: the four-eyes threshold, then the alert's own amount. */}
      {(['approvalAbove', 'alertAbove'] as const).map((field) => (
        <SimpleGrid cols={2} key={field}>
          {CURRENCIES.map((c) => (
            <NumberInput
              key={c}
              label={t(`console.settings.withdrawals.${field}`, { currency: t(`console.currency.${c}`) })}
              description={t(`console.settings.withdrawals.${field}Hint`)}
              value={f.draft[field][c] ?? ''}
              thousandSeparator=","
              decimalScale={2}
              disabled={!manage}
              error={f.errors[`${field}.${c}`]}
              onChange={(v) => f.setDraft((d) => ({ ...d, [field]: { ...d[field], [c]: num(v) ?? null } }))}
            />
          ))}
        </SimpleGrid>
      ))}
    </SettingsCard>
  );
}

function QrForm({ initial, manage }: { initial: QrMinimums; manage: boolean }) {
  const t = useT();
  const f = useSettingsForm(initial, api.setQrMinimums, api.qrMinimums);
  return (
    <SettingsCard form={f} manage={manage}>
      <Text size="sm" c="dimmed">
        {t('console.settings.qr.hint')}
      </Text>
      <SimpleGrid cols={3}>
        {QR_PROVIDERS.map((p) => (
          <NumberInput
            key={p}
            label={p}
            suffix={` ${t(`console.currency.${p === 'ONEPAY' ? 'LAK' : 'BAHT'}`)}`}
            value={f.draft.minimums[p] ?? ''}
            thousandSeparator=","
            disabled={!manage}
            error={f.errors[`minimums.${p}`]}
            onChange={(v) =>
              f.setDraft((d) => ({ ...d, minimums: { ...d.minimums, [p]: num(v) as number } }))
            }
          />
        ))}
      </SimpleGrid>
    </SettingsCard>
  );
}

function SlipsForm({ initial, manage }: { initial: SlipSettings; manage: boolean }) {
  const t = useT();
  const f = useSettingsForm(initial, api.setSlipSettings, api.slipSettings);
  return (
    <SettingsCard form={f} manage={manage}>
      <Switch
        label={t('console.settings.slips.enabled')}
        checked={f.draft.enabled}
        disabled={!manage}
        onChange={(e) => {
          const enabled = e.currentTarget.checked;
          f.setDraft((d) => ({ ...d, enabled }));
        }}
      />
      <SimpleGrid cols={3}>
        <TextInput
          type="time"
          label={t('console.settings.slips.closedFrom')}
          value={f.draft.closedFrom}
          disabled={!manage}
          error={f.errors['closedFrom']}
          onChange={(e) => {
            const closedFrom = e.currentTarget.value;
            f.setDraft((d) => ({ ...d, closedFrom }));
          }}
        />
        <TextInput
          type="time"
          label={t('console.settings.slips.closedTo')}
          value={f.draft.closedTo}
          disabled={!manage}
          error={f.errors['closedTo']}
          onChange={(e) => {
            const closedTo = e.currentTarget.value;
            f.setDraft((d) => ({ ...d, closedTo }));
          }}
        />
        <NumberInput
          label={t('console.settings.slips.maxAge')}
          value={f.draft.maxAgeMinutes ?? ''}
          allowDecimal={false}
          disabled={!manage}
          error={f.errors['maxAgeMinutes']}
          onChange={(v) => f.setDraft((d) => ({ ...d, maxAgeMinutes: num(v) as number }))}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('console.settings.slips.hint')}
      </Text>
    </SettingsCard>
  );
}

function Loaded<T>({
  read,
  children,
}: {
  read: { isPending: boolean; isError: boolean; error: unknown; data?: T };
  children: (data: T) => ReactNode;
}) {
  if (read.isPending) return <PageLoader />;
  if (read.isError || read.data === undefined) return <ConsoleError code={errorCode(read.error)} />;
  return <>{children(read.data)}</>;
}

function WithdrawalsTab({ manage }: { manage: boolean }) {
  const read = useConsoleRead(api.withdrawalSettings);
  return <Loaded read={read}>{(d) => <WithdrawalsForm initial={d} manage={manage} />}</Loaded>;
}
function QrTab({ manage }: { manage: boolean }) {
  const read = useConsoleRead(api.qrMinimums);
  return <Loaded read={read}>{(d) => <QrForm initial={d} manage={manage} />}</Loaded>;
}
function SlipsTab({ manage }: { manage: boolean }) {
  const read = useConsoleRead(api.slipSettings);
  return <Loaded read={read}>{(d) => <SlipsForm initial={d} manage={manage} />}</Loaded>;
}

// Finance reads the withdrawal settings; changing any setting is the admin's.
const VIEWS: readonly View[] = [
  {
    id: 'withdrawals',
    read: PERMISSIONS.withdrawalsRead,
    manage: PERMISSIONS.settingsManage,
    render: (manage) => <WithdrawalsTab manage={manage} />,
  },
  {
    id: 'qr',
    read: PERMISSIONS.settingsRead,
    manage: PERMISSIONS.settingsManage,
    render: (manage) => <QrTab manage={manage} />,
  },
  {
    id: 'slips',
    read: PERMISSIONS.settingsRead,
    manage: PERMISSIONS.settingsManage,
    render: (manage) => <SlipsTab manage={manage} />,
  },
];

/** Settings (admin): withdrawal limits and auto payout, QR minimums, slips. */
export default function SettingsPage() {
  return <ViewsPage area="settings" views={VIEWS} />;
}
