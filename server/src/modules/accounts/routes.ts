import type { FastifyInstance } from 'fastify';
import { accounts, security } from '@krapao/contract';
import type { Ctx } from '../../context.ts';
import { sessionOf } from '../../http/auth.ts';
import { route } from '../../http/route.ts';
import * as passwordReset from './password-reset.ts';
import * as payoutAccount from './payout-account.ts';
import * as service from './service.ts';
import * as signIns from './sign-ins.ts';
import * as pin from './withdrawal-pin.ts';

export function accountRoutes(app: FastifyInstance, ctx: Ctx) {
  route(app, accounts.validateRegistration, async (_req, body) => {
    await service.validateRegistration(ctx, body);
    return { ok: true as const };
  });
  route(app, accounts.register, (_req, body) => service.register(ctx, body));
  route(app, accounts.login, (req, body) =>
    service.login(ctx, body, { ip: req.ip, userAgent: req.headers['user-agent'] ?? '' }),
  );
  route(app, accounts.logout, (req) => service.logout(ctx, sessionOf(req)));
  route(app, accounts.forgotPassword, (req, body) => passwordReset.forgotPassword(ctx, body, { ip: req.ip }));
  route(app, accounts.resetPassword, (_req, body) => passwordReset.resetPassword(ctx, body));
  route(app, accounts.getProfile, (req) => service.getProfile(ctx, sessionOf(req).memberId));
  route(app, accounts.updateProfile, (req, body) =>
    service.updateProfile(ctx, sessionOf(req).memberId, body, { ip: req.ip }),
  );
  route(app, accounts.bankChangePolicy, () => payoutAccount.bankChangePolicy(ctx));
  route(app, accounts.sendBankChangeOtp, (req, body) =>
    payoutAccount.sendBankChangeOtp(ctx, sessionOf(req).memberId, body, { ip: req.ip }),
  );
  route(app, accounts.updateBankAccountName, (req, body) =>
    service.updateBankAccountName(ctx, sessionOf(req).memberId, body),
  );
  route(app, accounts.changePassword, (req, body) =>
    service.changePassword(ctx, sessionOf(req), body, { ip: req.ip }),
  );
  route(app, security.getPin, (req) => pin.pinStatus(ctx, sessionOf(req).memberId));
  route(app, security.setPin, (req, body) =>
    pin.setWithdrawalPin(ctx, sessionOf(req).memberId, body, { ip: req.ip }),
  );
  route(app, security.getSignIns, (req) => signIns.listSignIns(ctx, sessionOf(req)));
  route(app, security.endOtherSessions, (req) => signIns.endOtherSessions(ctx, sessionOf(req)));
}
