// Which adapter stands behind each provider, chosen in one place. A test (or a deployment) may pass any of
// them in; otherwise SIMULATE points the HTTP adapters at the simulated outside world (mounted under /sim,
// or at SIM_URL as its own process), and without SIMULATE a provider nobody configured is absent (the
// service then says so: no QR deposits, the operator pays by hand, ...). Services see only the interfaces,
// through Ctx; only app.ts imports this file.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Ctx } from '../context.ts';
import { hmac } from '../lib/crypto.ts';
import type { AlertSender } from './alerts/alerts.ts';
import { lineAlerts } from './alerts/line-alerts.ts';
import { telegramAlerts } from './alerts/telegram-alerts.ts';
import { httpGames } from './games/http-games.ts';
import type { GameProvider } from './games/games.ts';
import { httpQrGateway } from './payments/http-gateway.ts';
import type { QrGateway } from './payments/payments.ts';
import { httpPayouts } from './payouts/http-payouts.ts';
import type { PayoutProvider } from './payouts/payouts.ts';
import { httpSlipVerifier } from './slip-verify/http-slip-verify.ts';
import type { SlipVerifier } from './slip-verify/slip-verify.ts';
import { httpSms } from './sms/http-sms.ts';
import type { SmsSender } from './sms/sms.ts';
import { diskStore } from './storage/disk-storage.ts';
import { s3Bucket } from './storage/s3-storage.ts';
import type { FileStore } from './storage/storage.ts';
import { httpTrueWallet } from './truewallet/http-truewallet.ts';
import type { TrueWalletVouchers } from './truewallet/truewallet.ts';

/** The providers a caller of buildApp may pass in (app.ts AppDeps); each absent one is chosen here. */
export interface GivenProviders {
  /** Defaults to the simulated inbox when SIMULATE is on; production passes a real gateway. */
  sms?: SmsSender;
  /** Defaults to the simulated bank when SIMULATE is on; null means the operator pays by hand. */
  payouts?: PayoutProvider | null;
  /** Defaults to the simulated bank's transaction inquiry when SIMULATE is on. */
  slipVerifier?: SlipVerifier;
  /** Defaults to STORAGE_URL's bucket (under slips/), else a folder on disk, config.slipStorageDir. */
  slipFiles?: FileStore;
  /** Defaults to STORAGE_URL's bucket (under chat/), else a folder on disk, config.chatStorageDir. */
  chatFiles?: FileStore;
  /** Default to the simulated gateways and voucher service when SIMULATE is on. */
  qrGateway?: QrGateway;
  trueWallet?: TrueWalletVouchers;
  /** Defaults to the simulated game aggregator when SIMULATE is on. */
  games?: GameProvider;
  /** Defaults to ALERTS' messenger, else the simulated one when SIMULATE is on; null: no alerts. */
  alerts?: AlertSender | null;
}

/** The chosen providers: Ctx's, the chat's file store, and the key the game aggregator checks. */
export type Providers = Pick<
  Ctx,
  | 'sms'
  | 'payouts'
  | 'bankFeedSecret'
  | 'qrGateway'
  | 'qrGatewaySecret'
  | 'trueWallet'
  | 'games'
  | 'slipVerifier'
  | 'slipFiles'
  | 'alerts'
> & {
  chatFiles: FileStore;
  /** GAMES_SECRET, or derived under SIMULATE; the simulated aggregator is given the same. */
  gamesSecret: string | undefined;
};

export function chooseProviders(
  config: Config,
  given: GivenProviders,
  opts: {
    /** The application's HMAC secret (db/settings.ts appSecret); SIMULATE derives the shared ones from it. */
    secret: string;
    /** This server's own address; the simulated world is mounted under /sim there unless SIM_URL is set. */
    ownUrl: () => string;
    log: FastifyBaseLogger;
  },
): Providers {
  const sim = config.simulate;
  const simBase = () => config.simUrl ?? `${opts.ownUrl()}/sim`;
  const derived = (name: string) => (sim ? hmac(opts.secret, name).toString('hex') : undefined);
  const gamesSecret = config.gamesSecret ?? derived('games');
  // Slips and chat share one bucket under prefixes of their own; one client serves both.
  const storage = config.storage;
  const bucket = storage.kind === 's3' ? s3Bucket(storage) : undefined;
  const files = (area: 'slips' | 'chat') =>
    bucket && storage.kind === 's3'
      ? bucket.store(`${storage.prefix}${area}/`)
      : diskStore(area === 'slips' ? config.slipStorageDir : config.chatStorageDir);
  return {
    sms: given.sms ?? (sim ? httpSms({ baseUrl: () => `${simBase()}/sms` }) : noSms(opts.log)),
    payouts:
      given.payouts === null
        ? undefined
        : (given.payouts ?? (sim ? httpPayouts({ baseUrl: () => `${simBase()}/bank` }) : undefined)),
    bankFeedSecret: config.bankFeedSecret ?? derived('bank-feed'),
    qrGateway:
      given.qrGateway ?? (sim ? httpQrGateway({ baseUrl: () => `${simBase()}/gateway` }) : undefined),
    qrGatewaySecret: config.qrGatewaySecret ?? derived('qr-gateway'),
    trueWallet:
      given.trueWallet ?? (sim ? httpTrueWallet({ baseUrl: () => `${simBase()}/truewallet` }) : undefined),
    games:
      given.games ??
      (sim && gamesSecret
        ? httpGames({
            baseUrl: () => `${simBase()}/games`,
            secret: gamesSecret,
            timeoutMs: config.gameCallTimeoutMs,
          })
        : undefined),
    slipVerifier:
      given.slipVerifier ?? (sim ? httpSlipVerifier({ baseUrl: () => `${simBase()}/bank` }) : undefined),
    alerts:
      given.alerts === null ? undefined : (given.alerts ?? chooseAlerts(config, sim ? simBase : undefined)),
    slipFiles: given.slipFiles ?? files('slips'),
    chatFiles: given.chatFiles ?? files('chat'),
    gamesSecret,
  };
}

/**
 * The operator's group chat: the messenger ALERTS names with its account, else, under SIMULATE, the same
 * messenger's simulated API (/sim/alerts), telegram when none is named; nothing otherwise.
 */
function chooseAlerts(config: Config, simBase: (() => string) | undefined): AlertSender | undefined {
  const { channel, telegram, line } = config.alerts;
  if (channel === 'off') return undefined;
  if (channel === 'line')
    return line
      ? lineAlerts({ ...line, apiUrl: () => line.apiUrl ?? 'https://api.line.me' })
      : simBase &&
          lineAlerts({
            apiUrl: () => `${simBase()}/alerts/line`,
            channelToken: 'simulated-line-channel-token',
            to: SIMULATED_LINE_GROUP,
          });
  if (telegram)
    return telegramAlerts({ ...telegram, apiUrl: () => telegram.apiUrl ?? 'https://api.telegram.org' });
  return (
    simBase &&
    telegramAlerts({
      apiUrl: () => `${simBase()}/alerts/telegram`,
      botToken: 'simulated-bot-token',
      chatId: SIMULATED_TELEGRAM_GROUP,
    })
  );
}
const SIMULATED_TELEGRAM_GROUP = '-1001234567890';
const SIMULATED_LINE_GROUP = 'Ckrapaooperators';

/** With no SMS gateway configured, sending fails loudly in the log and as OTP_SEND_FAIL to the member. */
function noSms(log: FastifyBaseLogger): SmsSender {
  return {
    async send() {
      log.error('No SMS gateway is configured (set SIMULATE=1 for the demo inbox)');
      throw new Error('no SMS gateway');
    },
  };
}
