import type { FastifyInstance } from 'fastify';
import { otp } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { route } from '../../http/route.ts';
import * as service from './service.ts';

export function otpRoutes(app: FastifyInstance, ctx: Ctx) {
  route(app, otp.sendOtp, (req, body) =>
    service.sendOtp(ctx, body.phoneNumber, { ip: req.ip, lang: body.lang }),
  );
  route(app, otp.verifyOtp, (_req, body) => service.verifyOtp(ctx, body));
}
