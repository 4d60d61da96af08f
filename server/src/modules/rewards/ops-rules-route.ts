import type { FastifyInstance } from 'fastify';
import type { Endpoint } from '@krapao/contract';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { route } from '../../http/route.ts';
import { operatorAuth } from '../ops/routes.ts';
import { audited } from '../ops/service.ts';

/** What differs between two programmes' operator rules: their endpoints, audit name and service. */
export interface OpsRules<R, Change extends Record<string, unknown>> {
  /** GET /api/ops/<programme>/rules. */
  get: Endpoint<undefined, z.ZodType<R>>;
  /** POST /api/ops/<programme>/rules: a partial change, answered with the rules as they now are. */
  set: Endpoint<z.ZodType<Change>, z.ZodType<R>>;
  /** The audit's action and target, e.g. invite.rules. */
  audit: string;
  read: (q: Queryable) => Promise<R>;
  write: (ctx: Ctx, change: Change) => Promise<R>;
}

/**
 * A reward programme's rules on the operator's side: the token of /api/ops/*, every change audited with
 * what was asked. Nothing is registered without operator tokens.
 */
export function opsRulesRoutes<R, Change extends Record<string, unknown>>(
  app: FastifyInstance,
  ctx: Ctx,
  opsTokens: Map<string, string>,
  rules: OpsRules<R, Change>,
) {
  if (!opsTokens.size) return;
  void app.register(async (ops) => {
    ops.addHook('onRequest', operatorAuth(opsTokens));
    route(ops, rules.get, () => rules.read(ctx.db));
    route(ops, rules.set, (req, body) =>
      audited(
        ctx,
        {
          operator: req.operator ?? 'operator',
          action: rules.audit,
          target: rules.audit,
          detail: body,
        },
        () => rules.write(ctx, body),
      ),
    );
  });
}
