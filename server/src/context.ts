import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import type { Clock } from './lib/clock.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { PayoutProvider } from './providers/payouts/payouts.ts';
import type { SmsSender } from './providers/sms/sms.ts';

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
  log: FastifyBaseLogger;
}
