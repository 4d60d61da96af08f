import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEFAULT_LOCALE_LA, DEFAULT_LOCALE_TH, statement, type Locale } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { sessionOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import { statementCsv } from './csv.ts';
import * as service from './service.ts';

/** The query's lang, else the first of th, la (Lao, also written lo) and en in Accept-Language. */
function exportLocale(ctx: Ctx, lang: Locale | undefined, acceptLanguage: unknown): Locale {
  if (lang) return lang;
  if (typeof acceptLanguage === 'string')
    for (const part of acceptLanguage.split(',')) {
      const tag = part.trim().split(/[-_;]/)[0]?.toLowerCase();
      if (tag === 'th' || tag === 'en') return tag;
      if (tag === 'lo' || tag === 'la') return 'la';
    }
  return ctx.config.region === 'la' ? DEFAULT_LOCALE_LA : DEFAULT_LOCALE_TH;
}

export function statementRoutes(app: FastifyInstance, ctx: Ctx) {
  route(app, statement.getStatement, (req, body) =>
    service.getStatement(ctx, sessionOf(req).memberId, body.page, body.limit, body),
  );
  // ST-6: a file, not JSON, so a route of its own (docs/api.md); the session is the bearer token as for
  // every member call: the web downloads it with fetch, never with the token in the address.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      statement.STATEMENT_EXPORT_PATH,
      { schema: { querystring: statement.statementExportQuerySchema }, preHandler: app.authenticate },
      async (req, reply) => {
        const { from, to, lang } = req.query;
        const { entries, currency } = await service.statementBetween(ctx, sessionOf(req).memberId, from, to);
        const csv = statementCsv(entries, {
          locale: exportLocale(ctx, lang, req.headers['accept-language']),
          currency,
          timeZone: service.statementTimeZone(ctx),
        });
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="statement-${from}-${to}.csv"`)
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(csv);
      },
    );
}
