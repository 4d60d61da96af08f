import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { amountSchema, toBaht, toMinor } from '@krapao/contract';
import type { Clock } from '../lib/clock.ts';
import { simText } from './sim-http.ts';

/**
 * The simulated TrueMoney gift-voucher service. It speaks the consumer redeem API's shapes and codes and
 * ships demo vouchers: a good one, a used one, an expired one, one the operator's own wallet made, and
 * one split between two recipients. Tests make more.
 */
export interface SimTrueWalletOptions {
  clock: Clock;
  /** The operator's wallet phone: a voucher it made itself cannot be redeemed by it. */
  operatorPhone: string;
}

interface Voucher {
  hash: string;
  amountSatang: number;
  recipients: number;
  ownerPhone: string;
  ownerName: string;
  expiresAt: Date;
  /** Receiver phone -> its share in satang. */
  redeemedBy: Map<string, number>;
}

export const DEMO_VOUCHERS = {
  good: 'DEMOGOOD0123456789abcd',
  used: 'DEMOUSED0123456789abcd',
  expired: 'DEMOEXPIRED0123456789a',
  own: 'DEMOOWN00123456789abcd',
  split: 'DEMOSPLIT0123456789abc',
} as const;

const baht = (satang: number) => toBaht(satang).toFixed(2);

const voucherBody = z.object({
  amount: amountSchema,
  recipients: z.number().int().min(1).max(100).optional(),
  ownerPhone: simText(20).optional(),
  expired: z.boolean().optional(),
});
/** What Krapao's voucher adapter (providers/truewallet/http-truewallet.ts) sends. */
const redeemBody = z.object({ mobile: simText(20), voucher_hash: simText(100).optional() });

export const simTrueWallet: FastifyPluginAsync<SimTrueWalletOptions> = async (plugin, opts) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const vouchers = new Map<string, Voucher>();
  const make = (v: Partial<Voucher> & { amountSatang: number }): Voucher => {
    const voucher: Voucher = {
      hash: v.hash ?? `${randomBytes(12).toString('hex')}`,
      recipients: v.recipients ?? 1,
      ownerPhone: v.ownerPhone ?? '0899999999',
      ownerName: v.ownerName ?? 'Sender',
      expiresAt: v.expiresAt ?? new Date(opts.clock.now().getTime() + 7 * 86_400_000),
      redeemedBy: v.redeemedBy ?? new Map(),
      amountSatang: v.amountSatang,
    };
    vouchers.set(voucher.hash, voucher);
    return voucher;
  };
  make({ hash: DEMO_VOUCHERS.good, amountSatang: 50_000 });
  make({ hash: DEMO_VOUCHERS.used, amountSatang: 20_000, redeemedBy: new Map([['0811111111', 20_000]]) });
  make({ hash: DEMO_VOUCHERS.expired, amountSatang: 10_000, expiresAt: new Date('2020-01-01T00:00:00Z') });
  make({ hash: DEMO_VOUCHERS.own, amountSatang: 10_000, ownerPhone: opts.operatorPhone });
  make({ hash: DEMO_VOUCHERS.split, amountSatang: 30_000, recipients: 2 });

  const link = (v: Voucher) => `https://gift.truemoney.com/campaign/?v=${v.hash}`;
  const voucherOf = (v: Voucher) => {
    // How many people may share the voucher, under the name TrueMoney's answer gives it.
    const member = v.recipients;
    return {
      voucher_id: v.hash.slice(0, 12),
      amount_baht: baht(v.amountSatang),
      redeemed_amount_baht: baht([...v.redeemedBy.values()].reduce((a, b) => a + b, 0)),
      member,
      available: v.recipients - v.redeemedBy.size,
      link: link(v),
    };
  };
  const answer = (code: string, v?: Voucher, share?: number) => ({
    status: { code, message: code },
    data: v
      ? {
          voucher: voucherOf(v),
          owner_profile: { full_name: v.ownerName },
          ...(share === undefined ? {} : { my_ticket: { amount_baht: baht(share) } }),
        }
      : undefined,
  });

  /** Test and sandbox hook: a new voucher of `amount` baht. */
  app.post('/vouchers', { schema: { body: voucherBody } }, async (req) => {
    const v = make({
      amountSatang: Number(toMinor(req.body.amount)),
      recipients: req.body.recipients,
      ownerPhone: req.body.ownerPhone,
      ...(req.body.expired ? { expiresAt: new Date(opts.clock.now().getTime() - 1_000) } : {}),
    });
    return { hash: v.hash, link: link(v) };
  });
  app.get('/vouchers', async () =>
    [...vouchers.values()].map((v) => ({
      hash: v.hash,
      link: link(v),
      amount: toBaht(v.amountSatang),
      redeemed: toBaht([...v.redeemedBy.values()].reduce((a, b) => a + b, 0)),
    })),
  );

  // What a voucher is worth before it is redeemed; it refuses as redeem would, and moves nothing.
  app.get(
    '/campaign/vouchers/:hash/verify',
    {
      schema: {
        params: z.object({ hash: simText(100) }),
        querystring: z.object({ mobile: simText(20).optional() }),
      },
    },
    async (req) => {
      const v = vouchers.get(req.params.hash);
      if (!v) return answer('VOUCHER_NOT_FOUND');
      const mobile = req.query.mobile;
      if (mobile !== undefined && v.redeemedBy.has(mobile)) return answer('TARGET_USER_REDEEMED', v);
      if (opts.clock.now() >= v.expiresAt) return answer('VOUCHER_EXPIRED', v);
      if (mobile !== undefined && v.ownerPhone === mobile) return answer('CANNOT_GET_OWN_VOUCHER', v);
      if (v.redeemedBy.size >= v.recipients) return answer('VOUCHER_OUT_OF_STOCK', v);
      return answer('SUCCESS', v);
    },
  );

  // A body it cannot read is answered in the voucher API's own shape, as the rest of its answers are.
  app.post(
    '/campaign/vouchers/:hash/redeem',
    { schema: { params: z.object({ hash: simText(100) }) } },
    async (req, reply) => {
      const body = redeemBody.safeParse(req.body);
      if (!body.success) return reply.code(400).send(answer('INVALID_REQUEST'));
      const { mobile } = body.data;
      const v = vouchers.get(req.params.hash);
      if (!v) return answer('VOUCHER_NOT_FOUND');
      const taken = v.redeemedBy.get(mobile);
      if (taken !== undefined) return answer('TARGET_USER_REDEEMED', v, taken);
      if (opts.clock.now() >= v.expiresAt) return answer('VOUCHER_EXPIRED', v);
      if (v.ownerPhone === mobile) return answer('CANNOT_GET_OWN_VOUCHER', v);
      if (v.redeemedBy.size >= v.recipients) return answer('VOUCHER_OUT_OF_STOCK', v);
      const given = [...v.redeemedBy.values()].reduce((a, b) => a + b, 0);
      const last = v.redeemedBy.size === v.recipients - 1;
      const share = last ? v.amountSatang - given : Math.floor(v.amountSatang / v.recipients);
      v.redeemedBy.set(mobile, share);
      return answer('SUCCESS', v, share);
    },
  );
};
