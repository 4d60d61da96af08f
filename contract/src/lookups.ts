import { z } from 'zod';
import { bankNamesSchema } from './accounts.ts';
import { endpoint } from './common.ts';
import { CURRENCIES } from './constants.ts';

/** Text configured by the operator in each language; HTML in it is sanitised by the server. */
export const localizedSchema = z.object({ th: z.string(), la: z.string(), en: z.string() });
export type Localized = z.infer<typeof localizedSchema>;

const lookup = <R extends z.ZodType>(name: string, response: R) =>
  endpoint({ method: 'GET', path: `/api/lookup/${name}`, body: undefined, response, auth: false });

export const bankSchema = z.object({
  code: z.string(),
  /** 3-digit Thai clearing code used on slips; empty for Lao banks. */
  clearingCode: z.string(),
  nameTH: z.string(),
  nameEN: z.string(),
  /** Only where the bank has a Lao name. */
  nameLA: z.string().optional(),
  country: z.enum(['TH', 'LA']),
});
export type Bank = z.infer<typeof bankSchema>;
export type BankNames = z.infer<typeof bankNamesSchema>;

export const depositAccountSchema = z.object({
  bankCode: z.string(),
  bankType: z.enum(['BANK', 'PAYMENT']),
  mode: z.string(),
  bank: bankNamesSchema,
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  currency: z.enum(CURRENCIES),
});
export const depositWalletSchema = z.object({
  mode: z.string(),
  walletAccountName: z.string(),
  walletPhone: z.string(),
});

export const lookups = {
  banks: lookup('banks', z.array(bankSchema)),
  deposit: lookup(
    'deposit',
    z.object({
      banks: z.array(depositAccountSchema),
      wallets: z.array(depositWalletSchema),
      isManual: z.boolean(),
    }),
  ),
  conditions: lookup('conditions', z.object({ content: localizedSchema })),
  agreements: lookup(
    'agreements',
    z.array(z.object({ id: z.string(), title: localizedSchema, content: localizedSchema })),
  ),
  info: lookup('info', z.object({ name: z.string(), website: z.string() })),
  /** The text may carry %percentFail% for the bonus modal to fill in. */
  notice: lookup('notice', z.object({ text: localizedSchema })),
  contact: lookup(
    'contact',
    z.object({
      text: localizedSchema,
      lineId: z.string(),
      lineUrl: z.string(),
      phone: z.string(),
      qrImageUrl: z.string(),
    }),
  ),
  withdraw: lookup('withdraw', z.object({ withdrawMin: z.number(), withdrawMax: z.number() })),
  slip: lookup(
    'slip',
    z.object({
      enabled: z.boolean(),
      /** Daily window, HH:mm in the site's time zone, when slip upload is closed (SLIP-2). */
      closedFrom: z.string(),
      closedTo: z.string(),
      maxAgeMinutes: z.number().int(),
    }),
  ),
  sources: lookup('sources', z.array(z.object({ code: z.string(), description: localizedSchema }))),
  active: lookup('active', z.object({ active: z.boolean() })),
  registerOTP: lookup('registerOTP', z.object({ enabled: z.boolean() })),
  enableChatWidget: lookup('enableChatWidget', z.object({ enabled: z.boolean() })),
} as const;

export type LookupName = keyof typeof lookups;
