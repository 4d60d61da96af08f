// The automatic side of the chat: a greeting after a conversation's first customer message, with quick
// replies for the common questions, and answers to those questions (postbacks) read from the member's own
// data: the last deposit, the pending or last withdrawal. A visitor is asked to log in. Every answer
// offers the operator; the operator's own replies go through the operator API.
import {
  scriptLanguage,
  type ChatMessageContent,
  type chat,
  type ProtectionLimitKey,
} from '@krapao/contract';
import type { Queryable } from '../../db/db.ts';
import { BOT_LOCALES, BOT_TEXTS, type BotLocale, type BotText } from './bot-texts.ts';

/** The postbacks the bot answers; the quick replies and buttons it sends carry them. */
export const BOT_POSTBACKS = {
  deposit: 'HELP_DEPOSIT',
  withdrawal: 'HELP_WITHDRAWAL',
  password: 'HELP_PASSWORD',
  operator: 'HELP_OPERATOR',
} as const;

const t = (key: BotText, locale: BotLocale, vars: Record<string, string> = {}) =>
  BOT_TEXTS[key][locale].replace(/\{(\w+)\}/g, (m, name: string) => vars[name] ?? m);

export const botName = (locale: BotLocale) => t('name', locale);

/** The body's locale, else the first of th, la (Lao, also written lo) and en in Accept-Language. */
export function botLocale(
  given: string | undefined,
  acceptLanguage: unknown,
  fallback: BotLocale,
): BotLocale {
  if (given && (BOT_LOCALES as readonly string[]).includes(given)) return given as BotLocale;
  if (typeof acceptLanguage === 'string') {
    for (const part of acceptLanguage.split(',')) {
      const tag = part.trim().split(/[-_;]/)[0]?.toLowerCase();
      if (tag === 'th' || tag === 'en') return tag;
      if (tag === 'lo' || tag === 'la') return 'la';
    }
  }
  return fallback;
}

export function greeting(locale: BotLocale): ChatMessageContent {
  return {
    message_type: 'quick_replies',
    payload: {
      text: t('greeting', locale),
      replies: [
        { title: t('askDeposit', locale), payload: BOT_POSTBACKS.deposit },
        { title: t('askWithdrawal', locale), payload: BOT_POSTBACKS.withdrawal },
        { title: t('askPassword', locale), payload: BOT_POSTBACKS.password },
        { title: t('askOperator', locale), payload: BOT_POSTBACKS.operator },
      ],
    },
  };
}

/** An answer with the button that asks for a person. */
const withOperator = (text: string, locale: BotLocale): ChatMessageContent => ({
  message_type: 'buttons',
  payload: {
    text,
    buttons: [{ type: 'postback', title: t('askOperator', locale), payload: BOT_POSTBACKS.operator }],
  },
});

/**
 * The bot's answer to a customer message, or undefined when the operator should answer it. `memberId`
 * is the conversation's member (undefined for a visitor): the answers read only that member's rows.
 */
export async function answer(
  q: Queryable,
  message: chat.ChatCustomerContent,
  memberId: string | undefined,
  locale: BotLocale,
): Promise<ChatMessageContent | undefined> {
  if (message.message_type !== 'postback') return undefined;
  switch (message.payload.payload) {
    case BOT_POSTBACKS.deposit:
      if (!memberId) return withOperator(t('loginFirst', locale), locale);
      return withOperator(await depositAnswer(q, memberId, locale), locale);
    case BOT_POSTBACKS.withdrawal:
      if (!memberId) return withOperator(t('loginFirst', locale), locale);
      return withOperator(await withdrawalAnswer(q, memberId, locale), locale);
    case BOT_POSTBACKS.password:
      return { message_type: 'text', payload: { text: t('password', locale) } };
    case BOT_POSTBACKS.operator:
      return { message_type: 'text', payload: { text: t('operator', locale) } };
    default:
      return undefined;
  }
}

interface MoneyRow {
  amount: bigint;
  status: string;
  created_at: Date;
  currency: string;
}

async function depositAnswer(q: Queryable, memberId: string, locale: BotLocale): Promise<string> {
  const [last] = await q.query<MoneyRow>(
    `select d.amount, d.status, d.created_at, m.currency from deposits d join members m on m.id = d.member_id
     where d.member_id = $1 order by d.created_at desc, d.id desc limit 1`,
    [memberId],
  );
  const [slip] = await q.query(`select 1 from slips where member_id = $1 and status = 'PROCESSING' limit 1`, [
    memberId,
  ]);
  const checking = slip ? ` ${t('slipChecking', locale)}` : '';
  if (!last) return t('depositNone', locale) + checking;
  const key: BotText =
    last.status === 'SUCCESS'
      ? 'depositSuccess'
      : last.status === 'FAILED'
        ? 'depositFailed'
        : 'depositPending';
  return t(key, locale, moneyVars(last, locale)) + checking;
}

async function withdrawalAnswer(q: Queryable, memberId: string, locale: BotLocale): Promise<string> {
  // A withdrawal still on its way matters more than a newer one already settled.
  const [row] = await q.query<MoneyRow>(
    `select w.amount, w.status, w.created_at, m.currency from withdrawals w join members m on m.id = w.member_id
     where w.member_id = $1
     order by (w.status in ('PENDING', 'PROCESSING')) desc, w.created_at desc, w.id desc limit 1`,
    [memberId],
  );
  if (!row) return t('withdrawalNone', locale);
  const key: BotText =
    row.status === 'PAID'
      ? 'withdrawalPaid'
      : row.status === 'FAILED' || row.status === 'REJECTED'
        ? 'withdrawalReturned'
        : 'withdrawalPending';
  return t(key, locale, moneyVars(row, locale));
}

/**
 * What a member is told in their chat when an operator rejects their withdrawal: which one, that the money
 * is back, and the operator's reason, in the language the member last wrote in (memberLocale).
 */
export async function withdrawalRejectedText(
  q: Queryable,
  conversationId: string,
  row: Omit<MoneyRow, 'status'>,
  reason: string,
): Promise<string> {
  const locale = await memberLocale(q, conversationId, row.currency);
  return t('withdrawalRejected', locale, { ...moneyVars(row, locale), reason });
}

/** A protection change staff made for the member: a block with its end, or one limit's new amount. */
export type StaffProtectionNotice =
  { kind: 'TIMEOUT' | 'EXCLUSION'; until: Date } | { limit: ProtectionLimitKey; amountMinor: bigint };

/**
 * What a member is told in their chat when staff place a time-out, a self-exclusion or a lower limit for
 * them: what holds now and until when, in the language the member last wrote in (memberLocale).
 */
export async function staffProtectionText(
  q: Queryable,
  conversationId: string,
  currency: string,
  notice: StaffProtectionNotice,
): Promise<string> {
  const locale = await memberLocale(q, conversationId, currency);
  if ('limit' in notice)
    return t('staffLimit', locale, {
      limit: t(notice.limit, locale),
      amount: amountText(notice.amountMinor, currency, locale),
    });
  return t(notice.kind === 'TIMEOUT' ? 'staffTimeout' : 'staffExclusion', locale, {
    until: bangkokMinute(notice.until),
  });
}

/**
 * The language to tell a member something unasked: the script of their last words in the conversation
 * (Thai, Lao; Latin letters: English), else their money's (a kip wallet: Lao, else Thai). The console's
 * quick replies pick theirs by the same rule (contract scriptLanguage, ChatPage.tsx replyLanguage).
 */
async function memberLocale(q: Queryable, conversationId: string, currency: string): Promise<BotLocale> {
  const said = await q.query<{ text: string }>(
    `select payload ->> 'text' as text from chat_messages
     where conversation_id = $1 and sender = 'customer' and message_type = 'text'
     order by seq desc limit 20`,
    [conversationId],
  );
  for (const { text } of said) {
    const language = scriptLanguage(text);
    if (language) return language;
  }
  return currency === 'LAK' ? 'la' : 'th';
}

/** Amounts are kept in minor units (satang, att); times are shown in Bangkok and Vientiane time (UTC+7). */
function moneyVars(row: Omit<MoneyRow, 'status'>, locale: BotLocale) {
  return { amount: amountText(row.amount, row.currency, locale), time: bangkokMinute(row.created_at) };
}

/** "1,500 THB", "250.50 บาท": an amount in minor units, its decimals only when it has some. */
function amountText(minor: bigint, currency: string, locale: BotLocale): string {
  const major = Number(minor) / 100;
  const unit = t(currency === 'LAK' ? 'kip' : 'baht', locale);
  return `${major.toLocaleString('en-US', { minimumFractionDigits: major % 1 ? 2 : 0, maximumFractionDigits: 2 })} ${unit}`;
}

/** "2026-12-09 12:00": a moment in Bangkok and Vientiane time (UTC+7), to the minute. */
function bangkokMinute(at: Date): string {
  const local = new Date(at.getTime() + 7 * 3600_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)}`;
}
