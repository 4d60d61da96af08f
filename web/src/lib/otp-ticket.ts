import type { otp } from '@krapao/contract';
import { serverNow, useNow } from './clock';

/**
 * A code the server sent, as the web keeps it: the answer, when another may be asked for (on the
 * server's clock, so a step left and re-entered keeps its countdown), and, once the code can no longer
 * be used (OTP_BLOCK, OTP_EXPIRED, ...), why.
 */
export type HeldTicket = otp.OtpTicket & { resendAt: number; dead?: string };

export function holdTicket(ticket: otp.OtpTicket): HeldTicket {
  return { ...ticket, resendAt: serverNow() + ticket.resendAfterS * 1000 };
}

/** Answers that mean the code is spent: only a new one helps. */
export const SPENT_CODE_ANSWERS = new Set(['OTP_BLOCK', 'OTP_EXPIRED', 'OTP_NOT_EXIST', 'OTP_TOKEN_INVALID']);

/** Whether the code can still be entered: not spent and not expired. */
export const isUsable = (ticket: HeldTicket) => !ticket.dead && Date.parse(ticket.expiresAt) > serverNow();

/** Whole seconds until another code may be asked for, ticking each second while some are left. */
export function useSecondsToResend(ticket: Pick<HeldTicket, 'resendAt'>): number {
  const now = useNow(ticket.resendAt > serverNow());
  return Math.max(0, Math.ceil((ticket.resendAt - now) / 1000));
}
