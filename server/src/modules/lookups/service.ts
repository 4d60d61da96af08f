import { toBaht, type Bank, type Currency, type Localized } from '@krapao/contract';
import { filterXSS } from 'xss';
import type { Ctx } from '../../context.ts';
import { getSetting } from '../../db/settings.ts';
import { sessionOfToken } from '../../http/auth.ts';
import { currencyFor, memberCurrency } from '../accounts/rules.ts';
import { otpRequired } from '../otp/policy.ts';
import { slipSettings } from '../slips/service.ts';
import { BANK_NAME_COLUMNS, bankNamesOf } from './bank-names.ts';

/** Operator HTML is sanitised before it leaves the server: no scripts, no handlers. */
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

/**
 * DEP-2: the operator's active accounts to deposit to, and its True Wallet accounts, in one currency: the
 * member's (a kip member is offered BCEL and the Lao gateway, never a baht account), or for a
 * visitor the build's usual one. True Wallet is Thai: only for baht.
 */
export async function deposit(ctx: Ctx, currency: Currency) {
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
     from house_accounts h join banks b on b.code = h.bank_code where h.active and h.currency = $1
     order by h.sort, h.id`,
    [currency],
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
    wallets: (currency !== 'BAHT'
      ? []
      : await ctx.db.query<{ mode: string; account_name: string; phone: string }>(
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

/** HOME-2: the agreements with their version, read together so that the two always match. */
export async function agreements(ctx: Ctx) {
  const [row] = await ctx.db.query<{
    version: string;
    list: Array<{ id: string; title: Localized; content: Localized }> | null;
  }>(
    `select agreements_version_of(s.value) as version, s.value as list
     from (select (select value from settings where key = 'site.agreements') as value) s`,
  );
  return {
    version: row!.version,
    agreements: (row!.list ?? []).map((a) => ({
      id: a.id,
      title: clean(a.title),
      content: clean(a.content),
    })),
  };
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

/**
 * WD-1: the withdrawal limits of one currency (the member's, or the build's usual one for a visitor),
 * read by the same database function wallet_withdraw applies them with (withdraw_limits,
 * db/functions/withdrawals.sql).
 */
export async function withdraw(ctx: Ctx, currency: Currency) {
  const [row] = await ctx.db.query<{ l: { minMinor?: number; maxMinor?: number } }>(
    'select withdraw_limits($1) as l',
    [currency],
  );
  // The API speaks major units (baht, kip); the limits are kept in minor units.
  return { withdrawMin: toBaht(row!.l.minMinor ?? 0), withdrawMax: toBaht(row!.l.maxMinor ?? 0) };
}

/**
 * The currency a lookup answers in: the member's when the request carries a live session, else the
 * build's usual one (baht; kip in a Laos build). A stale token is answered as a visitor: lookups need none.
 */
export async function lookupCurrency(ctx: Ctx, authorization: string | undefined): Promise<Currency> {
  const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  const session = token ? await sessionOfToken(ctx, token).catch(() => null) : null;
  // A visitor is answered as a new member of this build would register by default.
  return session ? memberCurrency(ctx.db, session.memberId) : currencyFor(ctx.config.region, undefined);
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
