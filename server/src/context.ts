import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import type { Clock } from './lib/clock.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { QrGateway } from './providers/payments/payments.ts';
import type { PayoutProvider } from './providers/payouts/payouts.ts';
import type { GameProvider } from './providers/games/games.ts';
import type { TrueWalletVouchers } from './providers/truewallet/truewallet.ts';
import type { SlipVerifier } from './providers/slip-verify/slip-verify.ts';
import type { SmsSender } from './providers/sms/sms.ts';
import type { AlertSender } from './providers/alerts/alerts.ts';
import type { FileStore } from './providers/storage/storage.ts';
import type { Metrics } from './metrics/metrics.ts';

/** What services need, chosen by main.ts or a test: the database, the clock and the providers. */
export interface Ctx {
  config: Config;
  db: Db;
  clock: Clock;
  /** HMAC secret (db/settings.ts appSecret). */
  secret: string;
  sms: SmsSender;
  /** Pays withdrawals; undefined when the operator pays them by hand (approve = paid). */
  payouts: PayoutProvider | undefined;
  /** Shared secret of the bank-feed webhook; undefined turns the webhook off. */
  bankFeedSecret: string | undefined;
  /** Asks the bank about the transfer on a slip (SLIP-4); without one, slips wait and end UNKNOW_ERROR. */
  slipVerifier: SlipVerifier | undefined;
  /** Where slip pictures are kept (a folder on disk by default); the rows hold only their keys. */
  slipFiles: FileStore;
  /** Makes payable QRs at the gateways (DEP-6); undefined when none is configured. */
  qrGateway: QrGateway | undefined;
  /** Shared secret of the QR gateways' callbacks; undefined turns the webhook off. */
  qrGatewaySecret: string | undefined;
  /** Redeems True Wallet gift vouchers (DEP-10); undefined when none is configured. */
  trueWallet: TrueWalletVouchers | undefined;
  /** The game providers' transfer-wallet API; undefined when none is configured. */
  games: GameProvider | undefined;
  /** The operator's group chat (modules/alerts); undefined when none is configured. */
  alerts: AlertSender | undefined;
  /** Counts money movements' outcomes where they are known (metrics/metrics.ts); a no-op when metrics are off. */
  metrics: Metrics;
  /** This server's address as the outside world reaches it (callback URLs). */
  publicUrl: () => string;
  log: FastifyBaseLogger;
}
