// The bonuses area's console face (modules/staff/console-scope.ts): marketing lists, writes and switches
// bonuses and promotion codes through the very functions the operator API and `npm run ops` use (ops.ts),
// with the contract's schemas (console-programmes.ts) refusing what the database would not keep.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  consoleProgrammes as api,
  type ConsoleBonus,
  type ConsolePromotion,
  type BonusType,
  type Currency,
  type RewardRule,
} from '@krapao/contract';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { auditedChange } from '../staff/console-change.ts';
import { consoleRoutes } from '../staff/console-scope.ts';
import type { BonusRow, PromotionRow } from './rules.ts';
import { listBonuses, listPromotions, storeBonus, storePromotion, switchRow } from './ops.ts';

// ops.ts shows rows as they are stored, with the reward and the minimum in the currency.
type Rule = { reward: RewardRule; min_deposit: number | null };
type Shown = Omit<BonusRow, 'min_deposit'> & Rule & { claims: number };
type ShownPromotion = Omit<PromotionRow, 'min_deposit'> & Rule;
const bonusRows = async (ctx: Ctx) => (await listBonuses(ctx)) as unknown as Shown[];
const promotionRows = async (ctx: Ctx) => (await listPromotions(ctx)) as unknown as ShownPromotion[];
type BonusOut = z.input<typeof api.consoleBonusSchema>;
type PromotionOut = z.input<typeof api.consolePromotionSchema>;

const common = (r: Shown | ShownPromotion) => ({
  code: r.code,
  currency: r.currency as Currency,
  reward: r.reward,
  minDeposit: r.min_deposit ?? 0,
  categories: r.categories,
  percentSuccess: Number(r.percent_success),
  percentFail: Number(r.percent_fail),
  active: r.active,
});

function bonusOut(r: Shown): BonusOut {
  return {
    ...common(r),
    name: r.name,
    notice: r.notice,
    banners: r.banners,
    type: r.type as BonusType,
    maxReceived: r.max_received,
    sort: r.sort,
    claims: r.claims,
  };
}

function promotionOut(r: ShownPromotion): PromotionOut {
  return {
    ...common(r),
    description: r.description,
    totalCap: r.total_cap,
    claimed: r.claimed,
    validFrom: r.valid_from ? r.valid_from.toISOString() : null,
    validTo: r.valid_to ? r.valid_to.toISOString() : null,
  };
}

async function bonusOf(ctx: Ctx, code: string, currency: string): Promise<ConsoleBonus | null> {
  const b = (await bonusRows(ctx)).find((r) => r.code === code && r.currency === currency);
  return b ? (bonusOut(b) as ConsoleBonus) : null;
}

async function promotionOf(ctx: Ctx, code: string, currency: string): Promise<ConsolePromotion | null> {
  const p = (await promotionRows(ctx)).find((r) => r.code === code && r.currency === currency);
  return p ? (promotionOut(p) as ConsolePromotion) : null;
}

const codeOf = (req: FastifyRequest) => (req.params as { code: string }).code.trim().toUpperCase();

export function bonusConsoleRoutes(app: FastifyInstance, ctx: Ctx) {
  consoleRoutes(app, ctx, (add) => {
    add(api.bonuses, 'bonuses.read', async () => ({ items: (await bonusRows(ctx)).map(bonusOut) }));
    add(api.saveBonus, 'bonuses.manage', async (req, b) => {
      const target = `${b.code}/${b.currency}`;
      const before = (tx: Ctx) => bonusOf(tx, b.code, b.currency);
      return auditedChange(ctx, req, { action: 'bonus.save', target, before }, async (tx) => {
        await storeBonus(tx, b);
        return (await bonusOf(tx, b.code, b.currency))!;
      });
    });
    add(api.switchBonus, 'bonuses.manage', async (req, s) => {
      const code = codeOf(req);
      const before = (tx: Ctx) => bonusOf(tx, code, s.currency);
      const action = `bonus.${s.active ? 'on' : 'off'}`;
      return auditedChange(ctx, req, { action, target: `${code}/${s.currency}`, before }, async (tx) => {
        await switchRow(tx, 'bonuses', code, s);
        return (await bonusOf(tx, code, s.currency))!;
      });
    });
    add(api.promotions, 'bonuses.read', async () => ({
      items: (await promotionRows(ctx)).map(promotionOut),
    }));
    add(api.savePromotion, 'bonuses.manage', async (req, p) => {
      const target = `${p.code}/${p.currency}`;
      const before = (tx: Ctx) => promotionOf(tx, p.code, p.currency);
      return auditedChange(ctx, req, { action: 'promotion.save', target, before }, async (tx) => {
        await storePromotion(tx, p);
        return (await promotionOf(tx, p.code, p.currency))!;
      });
    });
    add(api.switchPromotion, 'bonuses.manage', async (req, s) => {
      const code = codeOf(req);
      const before = (tx: Ctx) => promotionOf(tx, code, s.currency);
      const action = `promotion.${s.active ? 'on' : 'off'}`;
      return auditedChange(ctx, req, { action, target: `${code}/${s.currency}`, before }, async (tx) => {
        await switchRow(tx, 'promotions', code, s);
        return (await promotionOf(tx, code, s.currency))!;
      });
    });
  });
}
