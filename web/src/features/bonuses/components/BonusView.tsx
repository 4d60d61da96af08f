import './bonuses.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Paper.css';
import type { Bonus } from '@krapao/contract';
import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { DelayedLoader } from '../../../components/DelayedLoader';
import { useTranslation } from '../../../i18n/react';
import { useActiveReward } from '../api/get-active-reward';
import { useBonuses } from '../api/get-bonuses';
import { ActiveRewardCard } from './ActiveRewardCard';
import { BonusGrid } from './BonusGrid';
import { BonusModal } from './BonusModal';
import { PromotionSearch } from './PromotionSearch';

/**
 * BON-1, BON-2: /user/bonus: the title; the active bonus with its progress and cancel button, or the
 * promotion code search; then the grid of bonus cards. `onMoneyMoved` asks the wallet and statement again.
 */
export function BonusView({
  onMoneyMoved,
  paused = null,
}: {
  onMoneyMoved: () => void;
  /** Said instead of the offers (promotion search, bonus cards) while none may be taken. */
  paused?: ReactNode;
}) {
  const { t } = useTranslation();
  const list = useBonuses();
  const active = useActiveReward();
  const [open, setOpen] = useState<Bonus | null>(null);
  // The card as the latest list has it (its state changes once received).
  const opened = open && (list.data?.find((b) => b._id === open._id) ?? open);

  return (
    <Stack gap="md">
      <Stack gap={4} align="center" ta="center" className="bonus-head">
        <ThemeIcon size={52} radius="xl" variant="light">
          <IconGift size={28} stroke={1.7} />
        </ThemeIcon>
        <Title order={1} fz={24}>
          {t('bonus.title')}
        </Title>
        <Text c="dimmed" fz="sm" maw={320}>
          {t('bonus.subtitle')}
        </Text>
      </Stack>

      {active.isPending ? null : active.data ? (
        <ActiveRewardCard reward={active.data} onMoneyMoved={onMoneyMoved} />
      ) : (
        !paused && <PromotionSearch onMoneyMoved={onMoneyMoved} />
      )}

      {paused}
      {!paused && <Offers list={list} onOpen={setOpen} />}

      <BonusModal
        bonus={opened}
        active={active.data ?? null}
        onClose={() => setOpen(null)}
        onMoneyMoved={onMoneyMoved}
      />
    </Stack>
  );
}

/** BON-2: the bonus cards, under their heading. */
function Offers({ list, onOpen }: { list: ReturnType<typeof useBonuses>; onOpen: (b: Bonus) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={2} fz={18} mt="xs">
        {t('bonus.list')}
      </Title>
      {/* ERR-3: a list that fails to load stays quiet. */}
      {list.isPending && <DelayedLoader />}
      {list.data && list.data.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          {t('bonus.empty')}
        </Text>
      )}
      {list.data && list.data.length > 0 && <BonusGrid bonuses={list.data} onOpen={onOpen} />}
    </>
  );
}
