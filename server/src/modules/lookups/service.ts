import { toBaht, type Bank, type Localized } from '@krapao/contract';
import { filterXSS } from 'xss';
import type { Ctx } from '../../context.ts';
import { getSetting } from '../../db/settings.ts';
import { otpRequired } from '../otp/policy.ts';
import { slipSettings } from '../slips/service.ts';
import { BANK_NAME_COLUMNS, bankNamesOf } from './bank-names.ts';

/** Operator HTML is sanitised before it leaves the server (DESIGN.md): no scripts, no handlers. */
const clean = (text: Localized): Localized => ({
  th: filterXSS(text.th),
  la: filterXSS(text.la),
  en: filterXSS(text.en),
});
const emptyText: Localized = { th: '', la: '', en: '' };

export async function banks(ctx: Ctx): Promise<Bank[]> {
  const rows = await ctx.db.query<{
    code: string;
    clearing_code: string;
    name_th: string;
    name_en: string;
    name_la: string | null;
    country: 'TH' | 'LA';
  }>(
    `select code, clearing_code, name_th, name_en, name_la, country from banks b
     where not is_payment and ($1 = 'la' or country = 'TH')
     order by case when country = upper($1) then 0 else 1 end, sort`,
    [ctx.config.region],
  );
  return rows.map((r) => ({
    code: r.code,
    clearingCode: r.clearing_code,
    ...bankNamesOf(r),
    country: r.country,
  }));
}

/** DEP-2: the operator's active accounts to deposit to, and its True Wallet accounts. */
export async function deposit(ctx: Ctx) {
  const banks = await ctx.db.query<{
    bank_code: string;
    bank_type: 'BANK' | 'PAYMENT';
    mode: string;
    name_th: string;
    name_en: string;
    name_la: string | null;
    account_name: string;
    account_no: string;
    currency: 'BAHT' | 'LAK';
  }>(
    `select h.bank_code, h.bank_type, h.mode, ${BANK_NAME_COLUMNS}, h.account_name, h.account_no, h.currency
     from house_accounts h join banks b on b.code = h.bank_code where h.active order by h.sort, h.id`,
  );
  return {
    banks: banks.map((b) => ({
      bankCode: b.bank_code,
      bankType: b.bank_type,
      mode: b.mode,
      bank: bankNamesOf(b),
      bankAccountName: b.account_name,
      bankAccountNo: b.account_no,
      currency: b.currency,
    })),
    wallets: (
      await ctx.db.query<{ mode: string; account_name: string; phone: string }>(
        'select mode, account_name, phone from house_wallets where active order by sort, id',
      )
    ).map((w) => ({ mode: w.mode, walletAccountName: w.account_name, walletPhone: w.phone })),
    isManual: (await getSetting<boolean>(ctx.db, 'deposit.manual')) ?? false,
  };
}

export async function conditions(ctx: Ctx) {
  const c = await getSetting<{ content: Localized }>(ctx.db, 'site.conditions');
  return { content: clean(c?.content ?? emptyText) };
}

export async function agreements(ctx: Ctx) {
  const list =
    (await getSetting<Array<{ id: string; title: Localized; content: Localized }>>(
      ctx.db,
      'site.agreements',
    )) ?? [];
  return list.map((a) => ({ id: a.id, title: clean(a.title), content: clean(a.content) }));
}

export async function info(ctx: Ctx) {
  return (
    (await getSetting<{ name: string; website: string }>(ctx.db, 'site.info')) ?? {
      name: 'Krapao',
      website: '',
    }
  );
}

export async function notice(ctx: Ctx) {
  const n = await getSetting<{ text: Localized }>(ctx.db, 'site.notice');
  return { text: clean(n?.text ?? emptyText) };
}

export async function contact(ctx: Ctx) {
  const c = await getSetting<{
    text: Localized;
    lineId: string;
    lineUrl: string;
    phone: string;
    qrImageUrl: string;
  }>(ctx.db, 'site.contact');
  return c
    ? { ...c, text: clean(c.text) }
    : { text: emptyText, lineId: '', lineUrl: '', phone: '', qrImageUrl: '' };
}

export async function withdraw(ctx: Ctx) {
  const l = (await getSetting<{ minMinor: number; maxMinor: number }>(ctx.db, 'withdraw.limits')) ?? {
    minMinor: 0,
    maxMinor: 0,
  };
  // The API speaks baht; the limits are kept in satang.
  return { withdrawMin: toBaht(l.minMinor), withdrawMax: toBaht(l.maxMinor) };
}

/** The same settings, and the same defaults, the slip upload itself obeys. */
export const slip = (ctx: Ctx) => slipSettings(ctx);

export async function sources(ctx: Ctx) {
  return ctx.db.query<{ code: string; description: Localized }>(
    'select code, description from sources where active order by sort, code',
  );
}

export async function active(ctx: Ctx) {
  return { active: (await getSetting<boolean>(ctx.db, 'site.active')) ?? true };
}

export async function registerOTP(ctx: Ctx) {
  return { enabled: await otpRequired(ctx) };
}

export async function enableChatWidget(ctx: Ctx) {
  return { enabled: (await getSetting<boolean>(ctx.db, 'site.enableChatWidget')) ?? false };
}
