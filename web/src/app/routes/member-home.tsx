import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { lazyWithLaterTexts, useTranslation } from '../../i18n/react';
import { WhenFirstOpened } from '../../components/WhenFirstOpened';
import { useProfile } from '../../features/accounts/api/get-profile';
import { LastSignInNotice } from '../../features/accounts/components/LastSignInNotice';
import { ReviewPrompt } from '../../features/protection/components/ReviewPrompt';
import { GameCarousels } from '../../features/games/components/GameCarousels';
import { useBlockInForce } from '../../features/protection/api/protection';
import { BlockNotice } from '../../features/protection/components/OffersPaused';
import { useWallet, walletFigures } from '../../features/wallet/api/get-wallet';
import { useMoneyMoved } from '../money';
import { AgreementsPrompt } from '../agreements-prompt';
import { HomeCards } from '../home-cards';
import { useBalancesWhenOpened } from '../balances-on-return';
import { useFirstScreenDone } from '../first-screen-release';

// The game account modal (credentials, transfers, launch) loads when a card is first tapped.
const GameAccountModal = lazyWithLaterTexts(
  () => import('../../features/games/components/GameAccountModal'),
  'GameAccountModal',
);

export default function MemberHomeRoute() {
  const { t } = useTranslation();
  const profile = useProfile();
  const wallet = useWallet();
  const moneyMoved = useMoneyMoved();
  const [gameCode, setGameCode] = useState<string | null>(null);
  const firstScreenDone = useFirstScreenDone();
  useBalancesWhenOpened(gameCode !== null);
  const name = profile.data?.name ?? '';
  const slots = wallet.data?.slots ?? [];
  const figures = wallet.data ? walletFigures(wallet.data) : null;
  const block = useBlockInForce();

  return (
    <Stack gap="lg">
      <div>
        <Text c="dimmed" fz="sm">
          {t('home.welcomeBack')}
        </Text>
        <Title order={1} fz={24}>
          {name ? t('home.hello', { name }) : t('home.helloAnonymous')}
        </Title>
      </div>

      <LastSignInNotice />
      <ReviewPrompt />

      {/* HOME-1: the wallet card and the invite bonus card (a switch between them on a phone). */}
      <HomeCards />

      {/* HOME-3: a carousel per category with games; a card opens its game account modal. */}
      <GameCarousels slots={slots} onOpen={setGameCode} />
      <WhenFirstOpened opened={gameCode !== null}>
        <GameAccountModal
          opened={gameCode !== null}
          onClose={() => setGameCode(null)}
          slot={slots.find((s) => s.code === gameCode)}
          walletMinor={figures?.mainMinor}
          pendingMinor={figures?.pendingMinor ?? 0}
          walletUpdatedAt={wallet.dataUpdatedAt}
          onChanged={moneyMoved}
          closed={
            block && (
              <BlockNotice
                block={block}
                title="protection.playClosedTitle"
                text="protection.playClosedText"
                testId="play-closed"
                onLink={() => setGameCode(null)}
              />
            )
          }
        />
      </WhenFirstOpened>
      {/* HOME-2: the agreements, about 1.5 s after the home has loaded, until the member accepts them. */}
      {firstScreenDone && <AgreementsPrompt />}
    </Stack>
  );
}
