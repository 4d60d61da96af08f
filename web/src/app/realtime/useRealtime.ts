import type { MoneyEvent } from '@krapao/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useMoneyText } from '../../components/Money';
import { depositKeys } from '../../features/deposits/api/keys';
import { protectionKeys } from '../../features/protection/api/protection';
import { slipKeys } from '../../features/slips/api/keys';
import { useTranslation } from '../../i18n/react';
import { bahtToMinor } from '../../lib/format';
import { afterFirstScreen } from '../../lib/first-screen-done';
import { notifySuccess } from '../../lib/notify';
import { setRealtimeConnected } from '../../lib/realtime-status';
import { getToken } from '../../lib/session';
import { useMoneyMoved } from '../money';
import { openRealtime } from './socket';

/** Events of one commit arrive together (a deposit and its balance): one round of refetching for them. */
const COALESCE_MS = 150;

/** A deposit that reached the wallet, by any channel: the member hears "฿X received" (₭ for kip, SH-16). */
export function receivedDeposit(event: MoneyEvent): Extract<MoneyEvent, { type: 'deposit' }> | undefined {
  return event.type === 'deposit' && event.status === 'SUCCESS' ? event : undefined;
}

/** Events after which the member's protection (a block, limits) is asked for again, with the money. */
const changesProtection = (event: MoneyEvent) => event.type === 'protection' || event.type === 'resync';

/**
 * The member shell's realtime socket: each event asks again for what it may have changed (the event
 * itself patches nothing), and money received is announced. A reconnect asks for everything, since events
 * may have been missed meanwhile; a block staff placed closes play on a screen already open.
 */
export function useRealtime() {
  const queryClient = useQueryClient();
  const moneyMoved = useMoneyMoved();
  const { t } = useTranslation();
  const money = useMoneyText();
  // The socket outlives a language change; the toast reads the current words.
  const announce = useRef<(event: MoneyEvent) => void>(() => {});
  announce.current = (event) => {
    const deposit = receivedDeposit(event);
    if (!deposit) return;
    // One toast per deposit, also when the screen that made it says so itself (a True Wallet link).
    notifySuccess(t('realtime.received', { amount: money(bahtToMinor(deposit.amount)) }), {
      id: `deposit-${deposit.depositId}`,
    });
  };

  useEffect(() => {
    const token = getToken();
    if (!token) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let protectionToo = false;
    const refresh = (protection = false) => {
      protectionToo ||= protection;
      clearTimeout(timer);
      timer = setTimeout(() => {
        moneyMoved();
        void queryClient.invalidateQueries({ queryKey: depositKeys.qrcodes() });
        void queryClient.invalidateQueries({ queryKey: slipKeys.all() });
        if (protectionToo) void queryClient.invalidateQueries({ queryKey: protectionKeys.all() });
        protectionToo = false;
      }, COALESCE_MS);
    };
    let close: (() => void) | undefined;
    let unmounted = false;
    // The socket and its chunk wait until the page's first screen is done: it shows what the cache and
    // the first answers hold, and the socket only tells of what changes later.
    const cancelOpen = afterFirstScreen(() => {
      void openRealtime(token, {
        onMoney: (event) => {
          refresh(changesProtection(event));
          announce.current(event);
        },
        onStatus: (connected, reconnected) => {
          setRealtimeConnected(connected);
          // Money that moved before this connection (between the first screen's answers and the first
          // connect, or while a connection was down) was announced to nobody: read it now. Protection
          // changes rarely: it is read again after a connection was down, not at the first connect,
          // which comes moments after the first screen read it.
          if (connected) refresh(reconnected);
        },
        // The API answers the same: asking for the wallet ends the session on this device (SH-13).
        onRefused: () => refresh(),
      }).then(
        (stop) => (unmounted ? stop() : (close = stop)),
        // The socket's code could not load (offline, a new deploy): the panels keep polling.
        () => {},
      );
    });
    return () => {
      unmounted = true;
      cancelOpen();
      clearTimeout(timer);
      close?.();
      setRealtimeConnected(false);
    };
  }, [moneyMoved, queryClient]);
}
