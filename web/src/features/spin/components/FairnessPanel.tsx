import '@mantine/core/styles/Code.css';
import { Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { recomputeSpin, spin, type Fairness, type SpinRecord } from '@krapao/contract';
import { IconCircleCheck, IconCircleX, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useLocale, useTranslation } from '../../../i18n/react';
import { errorCode } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useSetClientSeed, useSpinHistory } from '../api/spin-api';
import { keptCommitment } from '../commitments';
import { pick } from '../text';

type Check = { hashMatches: boolean; code: string } | 'error' | 'notKept';

/** One past spin: its result and, on demand, the browser's own recomputation of it. */
function SpinCheck({ record }: { record: SpinRecord }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [check, setCheck] = useState<Check | null>(null);
  // The check is against the commitment this browser kept before the spin, not the proof's own hash.
  const committed = keptCommitment(record.proof.clientSeed, record.proof.spinNumber);
  // Web Crypto exists only on a secure page (https, or this machine): without it there is no check.
  const verify = () =>
    committed === undefined
      ? setCheck('notKept')
      : Promise.resolve()
          .then(() => recomputeSpin(record.proof, committed))
          .then(
            (c) => setCheck(c),
            () => setCheck('error'),
          );
  const ok = typeof check === 'object' && check !== null && check.hashMatches && check.code === record.code;
  return (
    <li className="spin-verify__item" data-testid="spin-record">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div>
          <Text fz="sm" fw={600}>
            #{record.proof.spinNumber} · {pick(record.label, locale)}
          </Text>
          <Text fz="xs" c="dimmed">
            {formatDateTime(record.createdAt)}
          </Text>
        </div>
        <Button size="compact-sm" variant="light" radius="xl" onClick={() => void verify()}>
          {t('spin.verify')}
        </Button>
      </Group>
      {check !== null && (
        <Stack gap={4} mt={6}>
          <Text fz="xs" className="spin-verify__seed">
            {t('spin.serverSeed')}: <Code>{record.proof.serverSeed}</Code>
          </Text>
          <Text fz="xs" className="spin-verify__seed">
            {t('spin.clientSeed')}: <Code>{record.proof.clientSeed}</Code>
          </Text>
          {committed !== undefined && (
            <Text fz="xs" className="spin-verify__seed">
              {t('spin.keptCommitment')}: <Code>{committed}</Code>
            </Text>
          )}
          <Text fz="sm" c={ok ? 'teal.8' : 'red.8'} role="status" className="spin-verify__result">
            {ok ? <IconCircleCheck size={16} /> : <IconCircleX size={16} />}{' '}
            {ok
              ? t('spin.verified', { prize: pick(record.label, locale) })
              : check === 'error'
                ? t('spin.verifyUnavailable')
                : check === 'notKept'
                  ? t('spin.commitmentNotKept')
                  : t('spin.notVerified')}
          </Text>
        </Stack>
      )}
    </li>
  );
}

/**
 * Provably fair: the hash of the server seed the next spin uses, the member's client seed (theirs to
 * change) and spin number; the past spins, each recomputed in the browser on request.
 */
export function FairnessPanel({ fair }: { fair: Fairness }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [seed, setSeed] = useState<string | null>(null);
  const setClientSeed = useSetClientSeed();
  const history = useSpinHistory(open);
  const seedValid = seed !== null && spin.CLIENT_SEED_PATTERN.test(seed);

  return (
    <section className="spin-fair" aria-labelledby="spin-fair-title">
      <Group gap={6} mb={6}>
        <IconShieldCheck size={18} />
        <Text id="spin-fair-title" component="h2" fw={700} fz="md">
          {t('spin.fairTitle')}
        </Text>
      </Group>
      <Text fz="xs" c="dimmed" mb={6}>
        {t('spin.fairHint')}
      </Text>
      <Text fz="xs" fw={600}>
        {t('spin.seedHash', { number: fair.nextSpinNumber })}
      </Text>
      <Code block className="spin-fair__hash" data-testid="server-seed-hash">
        {fair.serverSeedHash}
      </Code>
      {seed === null ? (
        <Group gap="xs" mt={6} wrap="nowrap">
          <Text fz="xs">
            {t('spin.clientSeed')}: <Code>{fair.clientSeed}</Code>
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={() => setSeed(fair.clientSeed)}>
            {t('spin.changeSeed')}
          </Button>
        </Group>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (seedValid) setClientSeed.mutate(seed, { onSuccess: () => setSeed(null) });
          }}
        >
          <Group gap="xs" mt={6} align="flex-end" wrap="nowrap">
            <TextInput
              size="xs"
              label={t('spin.clientSeed')}
              description={t('spin.seedRule')}
              value={seed}
              maxLength={64}
              error={seed && !seedValid ? t('spin.seedRule') : undefined}
              onChange={(e) => setSeed(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button size="xs" type="submit" disabled={!seedValid} loading={setClientSeed.isPending}>
              {t('spin.saveSeed')}
            </Button>
          </Group>
          {setClientSeed.isError && <ErrorAlert code={errorCode(setClientSeed.error)} />}
        </form>
      )}
      <Button
        mt="sm"
        size="xs"
        variant="light"
        radius="xl"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {t('spin.verifyTitle')}
      </Button>
      {open && (
        <ul className="spin-verify" aria-label={t('spin.verifyTitle')}>
          {history.isSuccess && !history.data.length && (
            <li>
              <Text fz="sm" c="dimmed">
                {t('spin.noSpins')}
              </Text>
            </li>
          )}
          {history.data?.map((r) => (
            <SpinCheck key={r.proof.spinNumber} record={r} />
          ))}
        </ul>
      )}
    </section>
  );
}
