import { z } from 'zod';
import { endpoint, text } from './common.ts';
import { PAGE_SIZE } from './constants.ts';
import { AMOUNT_MAX_BAHT } from './money.ts';
import { localizedTextSchema } from './rewards.ts';

/**
 * INV-1: the invite programme. A member's invite link is /register?code=PR<user id> (SH-5); whoever
 * registers with it is their invitee, and the member earns a commission of `percent` % of each invitee's
 * turnover (the bet feed), collected with GET /api/invite/bonus as a reward (docs/decisions.md "Invite
 * commission and loss refund").
 */
export const INVITE_CODE_PREFIX = 'PR';
export const inviteLinkPath = (publicId: string) => `/register?code=${INVITE_CODE_PREFIX}${publicId}`;

/** A programme's banner (image, html): the picture's address and the operator's HTML per language. */
export const programmeBannerSchema = z.object({
  image: text().max(500),
  html: localizedTextSchema.default({}),
});
export type ProgrammeBanner = z.infer<typeof programmeBannerSchema>;

/** An amount per currency in baht or kip (the operator's smallest payable sum). */
const sum = () => z.number().min(0).max(AMOUNT_MAX_BAHT);
export const perCurrencySchema = z.object({ BAHT: sum(), LAK: sum() });

const percent = (max: number) => z.number().min(0).max(max);

/** The operator's invite rules (setting invite.rules). */
export const inviteRulesSchema = z.object({
  active: z.boolean(),
  /** The commission: this % of every invitee's turnover (0.5 is half a per cent). */
  percent: percent(100),
  /** The reward's two exits (docs/decisions.md "One model for every reward"). */
  percentSuccess: percent(100_000),
  percentFail: percent(100),
  /** The least a collection pays, per currency; below it NO_INVITE_BONUS. */
  minimum: perCurrencySchema,
  banners: z.array(programmeBannerSchema).max(10),
});
export type InviteRules = z.infer<typeof inviteRulesSchema>;

/** The wallet's invite summary (GET /api/wallet `invite`): what a collection would pay now and its exits. */
export const inviteSummarySchema = z.object({
  amount: z.number(),
  success: z.number(),
  fail: z.number(),
});

/** One invitee: their name masked, the commission they have earned the member, when they registered. */
export const inviteeSchema = z.object({
  from: z.object({ name: text() }),
  amount: z.number(),
  createdAt: text(),
});
export type Invitee = z.infer<typeof inviteeSchema>;

export const pageBody = (size: number) =>
  z.object({
    page: z.number().int().min(1).max(10_000),
    limit: z.number().int().min(1).max(50).default(size),
  });

/** INV-1: the member's invitees, newest first, 10 a page. */
export const list = endpoint({
  method: 'POST',
  path: '/api/invite',
  body: pageBody(PAGE_SIZE.invite),
  response: z.object({ total: z.number().int(), invites: z.array(inviteeSchema) }),
  auth: true,
});

/**
 * INV-1: collects the commission earned and not yet collected, as one reward with the rules' exits.
 * INVITE_INACTIVE (off), NO_INVITE_BONUS (no invitee, or less than the minimum to collect),
 * NO_INVITEE_PLAY_INFO (invitees who have not played), INVITE_COLLECT (all earned so far is collected),
 * INVITE_BONUS_FAIL (another reward is active: the commission waits).
 */
export const collect = endpoint({
  method: 'GET',
  path: '/api/invite/bonus',
  body: undefined,
  response: z.object({
    message: z.literal('INVITE_BONUS_SUCCESS'),
    amount: z.number(),
    percentSuccess: z.number(),
    percentFail: z.number(),
  }),
  auth: true,
});

/** INV-1: the programme's banners (empty when it is off) and whether it is on. */
export const banners = endpoint({
  method: 'GET',
  path: '/api/invite/banners',
  body: undefined,
  response: z.object({ banners: z.array(programmeBannerSchema), active: z.boolean() }),
  auth: true,
});

/** The operator's side: read and change the rules (merged into the current ones; audited). */
export const opsRules = endpoint({
  method: 'GET',
  path: '/api/ops/invite/rules',
  body: undefined,
  response: inviteRulesSchema,
  auth: false,
});
export const opsSetRules = endpoint({
  method: 'POST',
  path: '/api/ops/invite/rules',
  body: inviteRulesSchema.partial(),
  response: inviteRulesSchema,
  auth: false,
});
