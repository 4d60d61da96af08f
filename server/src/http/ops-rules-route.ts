import type { FastifyInstance } from 'fastify';
import type { Endpoint } from '@krapao/contract';
import type { z } from 'zod';
import { operatorAuth } from './operator-auth.ts';
import { route } from './route.ts';

/** What differs between two programmes' operator rules: their endpoints, how they are read and changed. */
export interface OpsRules<R, Change extends Record<string, unknown>> {
  /** GET /api/ops/<programme>/rules. */
  get: Endpoint<undefined, z.ZodType<R>>;
  /** POST /api/ops/<programme>/rules: a partial change, answered with the rules as they now are. */
  set: Endpoint<z.ZodType<Change>, z.ZodType<R>>;
  read: () => Promise<R>;
  /** Applies the operator's change; the module records it in the audit trail (modules/ops/service.ts). */
  write: (operator: string, change: Change) => Promise<R>;
}

/**
 * A reward programme's rules on the operator's side (the invite programme's and the loss refund's): the
 * token of /api/ops/*. Nothing is registered without operator tokens.
 */
export function opsRulesRoutes<R, Change extends Record<string, unknown>>(
  app: FastifyInstance,
  opsTokens: Map<string, string>,
  rules: OpsRules<R, Change>,
) {
  if (!opsTokens.size) return;
  void app.register(async (ops) => {
    ops.addHook('onRequest', operatorAuth(opsTokens));
    route(ops, rules.get, () => rules.read());
    route(ops, rules.set, (req, body) => rules.write(req.operator ?? 'operator', body));
  });
}
