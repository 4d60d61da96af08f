import { z } from 'zod';
import { bankNamesSchema } from './accounts.ts';
import { agreementsVersionSchema } from './agreements.ts';
import { endpoint, text, type Endpoint } from './common.ts';
import { CURRENCIES } from './constants.ts';

/** Text configured by the operator in each language; HTML in it is sanitised by the server. */
export const localizedSchema = z.object({ th: text(), la: text(), en: text() });
export type Localized = z.infer<typeof localizedSchema>;

const lookup = <R extends z.ZodType>(name: string, response: R, headers?: Endpoint['headers']) =>
  endpoint({ method: 'GET', path: `/api/lookup/${name}`, body: undefined, response, auth: false, headers });
/** A member's session, when sent, answers in the member's currency (LK-1). */
const inMembersCurrency = { Authorization: 'optional' } as const;

export const bankSchema = z.object({
  code: text(),
  /** 3-digit Thai clearing code used on slips; empty for Lao banks. */
  clearingCode: text(),
  nameTH: text(),
  nameEN: text(),
  /** Only where the bank has a Lao name. */
  nameLA: text().optional(),
  country: z.enum(['TH', 'LA']),
});
export type Bank = z.infer<typeof bankSchema>;
export type BankNames = z.infer<typeof bankNamesSchema>;

export const depositAccountSchema = z.object({
  bankCode: text(),
  bankType: z.enum(['BANK', 'PAYMENT']),
  mode: text(),
  bank: bankNamesSchema,
  bankAccountName: text(),
  bankAccountNo: text(),
  currency: z.enum(CURRENCIES),
});
export const depositWalletSchema = z.object({
  mode: text(),
  walletAccountName: text(),
  walletPhone: text(),
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
    inMembersCurrency,
  ),
  conditions: lookup('conditions', z.object({ content: localizedSchema })),
  /**
   * HOME-2: the agreements (HTML, sanitised) and their version, the one GET /api/agreements/status and
   * POST /api/agreements/accept speak of.
   */
  agreements: lookup(
    'agreements',
    z.object({
      version: agreementsVersionSchema,
      agreements: z.array(z.object({ id: text(), title: localizedSchema, content: localizedSchema })),
    }),
  ),
  info: lookup('info', z.object({ name: text(), website: text() })),
  /** The text may carry %percentFail% for the bonus modal to fill in. */
  notice: lookup('notice', z.object({ text: localizedSchema })),
  contact: lookup(
    'contact',
    z.object({
      text: localizedSchema,
      lineId: text(),
      lineUrl: text(),
      phone: text(),
      qrImageUrl: text(),
    }),
  ),
  withdraw: lookup(
    'withdraw',
    z.object({ withdrawMin: z.number(), withdrawMax: z.number() }),
    inMembersCurrency,
  ),
  slip: lookup(
    'slip',
    z.object({
      enabled: z.boolean(),
      /** Daily window, HH:mm in the site's time zone, when slip upload is closed (SLIP-2). */
      closedFrom: text(),
      closedTo: text(),
      maxAgeMinutes: z.number().int(),
    }),
  ),
  sources: lookup('sources', z.array(z.object({ code: text(), description: localizedSchema }))),
  active: lookup('active', z.object({ active: z.boolean() })),
  registerOTP: lookup('registerOTP', z.object({ enabled: z.boolean() })),
  enableChatWidget: lookup('enableChatWidget', z.object({ enabled: z.boolean() })),
} as const;

export type LookupName = keyof typeof lookups;
