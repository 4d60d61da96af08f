import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Modal } from '../../../components/Modal';
import { IconSearch, IconTicket } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useMoneyText } from '../../../components/Money';
import { useLocale, useTranslation } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import { bahtToMinor } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useActivatePromotion } from '../api/activate-promotion';
import { useFindPromotion } from '../api/find-promotion';
import { pick } from '../texts';
import { RuleList } from './RuleList';

/**
 * BON-1: the promotion code input (forced upper-case, required) with its search button; BON-4: the
 * promotion modal with the found promotion and its receive button, 'searching', or 'not found'.
 */
export function PromotionSearch({ onMoneyMoved }: { onMoneyMoved: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [searched, setSearched] = useState('');

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim().toUpperCase();
    if (!value) return setInvalid(true);
    setSearched(value);
  };

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label={t('bonus.promotion.form')}>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label={t('bonus.promotion.label')}
            placeholder={t('bonus.promotion.placeholder')}
            value={code}
            onChange={(e) => {
              setCode(e.currentTarget.value.toUpperCase());
              setInvalid(false);
            }}
            required
            error={invalid ? t('bonus.promotion.required') : undefined}
            leftSection={<IconTicket size={18} stroke={1.7} />}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={32}
            radius="md"
            style={{ flex: 1 }}
            classNames={{ input: 'bonus-code-input' }}
          />
          <Button type="submit" radius="md" mt={25} leftSection={<IconSearch size={18} />}>
            {t('bonus.promotion.search')}
          </Button>
        </Group>
      </form>
      <Modal
        opened={searched !== ''}
        onClose={() => setSearched('')}
        title={t('bonus.promotion.title')}
        centered
        radius="lg"
      >
        {searched !== '' && (
          <PromotionPanel
            key={searched}
            code={searched}
            onReceived={() => {
              setSearched('');
              setCode('');
              onMoneyMoved();
            }}
          />
        )}
      </Modal>
    </>
  );
}

function PromotionPanel({ code, onReceived }: { code: string; onReceived: () => void }) {
  const { t } = useTranslation();
  const lng = useLocale();
  const money = useMoneyText();
  const found = useFindPromotion(code);
  const receive = useActivatePromotion();
  const [error, setError] = useState<string | null>(null);

  if (found.isPending)
    return (
      <Stack align="center" py="md" gap="xs">
        <DelayedLoader />
        <Text c="dimmed">{t('bonus.promotion.searching')}</Text>
      </Stack>
    );
  if (found.isError) return <ErrorAlert code={errorCode(found.error)} />;
  const p = found.data;
  if (!p)
    return (
      <Text ta="center" py="md" fw={600} data-testid="promotion-not-found">
        {t('bonus.promotion.notFound', { code })}
      </Text>
    );
  return (
    <Stack gap="sm">
      <Text fw={800} fz="xl" className="bonus-code">
        {p.code}
      </Text>
      <Text>{pick(p.description, lng)}</Text>
      <Text fz="sm" fw={600} c="orange.8">
        {t('bonus.promotion.percentFail', { percent: p.percentFail })}
      </Text>
      <RuleList
        reward={p.reward}
        minDeposit={p.minDeposit}
        percentSuccess={p.percentSuccess}
        percentFail={p.percentFail}
        categories={p.categories}
      />
      {error && <ErrorAlert code={error} />}
      <Button
        radius="md"
        size="md"
        loading={receive.isPending}
        onClick={() => {
          setError(null);
          receive.mutate(p.code, {
            onSuccess: (got) => {
              notifySuccess(t('bonus.received', { amount: money(bahtToMinor(got.amount)) }));
              onReceived();
            },
            onError: (err) => setError(errorCode(err)),
          });
        }}
      >
        {t('bonus.promotion.receive')}
      </Button>
    </Stack>
  );
}
