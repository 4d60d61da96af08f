import type { Ctx } from '../../context.ts';
import { getSetting } from '../../db/settings.ts';

/** REG-3: OTP at registration is on unless the operator (setting) or the deployment (OTP=off) turns it off. */
export async function otpRequired(ctx: Ctx): Promise<boolean> {
  return ctx.config.otpOverride ?? (await getSetting<boolean>(ctx.db, 'site.registerOTP')) ?? true;
}
