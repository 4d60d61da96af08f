// The API's areas (server/src/modules/<area>/routes.ts), registered in this order in one scope, under the
// hooks app.ts added before (rate limit, security headers, auth, the service's on/off switch). An area
// with an operator side registers it only when OPS_TOKEN or OPS_TOKENS names one.
import type { FastifyInstance } from 'fastify';
import type { Ctx } from './context.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { agreementRoutes } from './modules/agreements/routes.ts';
import { bonusRoutes } from './modules/bonuses/routes.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import type { ChatCtx } from './modules/chat/service.ts';
import { depositRoutes } from './modules/deposits/routes.ts';
import { gameRoutes } from './modules/games/routes.ts';
import { howtoRoutes } from './modules/howto/routes.ts';
import { inviteRoutes } from './modules/invite/routes.ts';
import { lookupRoutes } from './modules/lookups/routes.ts';
import { opsRoutes } from './modules/ops/routes.ts';
import { accountConsoleRoutes } from './modules/accounts/console.ts';
import { memberCareConsoleRoutes } from './modules/accounts/console-care.ts';
import { chatConsoleRoutes } from './modules/chat/console.ts';
import { depositConsoleRoutes } from './modules/deposits/console.ts';
import { dashboardConsoleRoutes } from './modules/dashboard/console.ts';
import { gameConsoleRoutes } from './modules/games/console.ts';
import { queueConsoleRoutes } from './modules/queues/console.ts';
import { withdrawalConsoleRoutes } from './modules/withdrawals/console.ts';
import { agreementConsoleRoutes } from './modules/agreements/console.ts';
import { bonusConsoleRoutes } from './modules/bonuses/console.ts';
import { qrSettingsConsoleRoutes } from './modules/deposits/console-settings.ts';
import { inviteConsoleRoutes } from './modules/invite/console.ts';
import { refundConsoleRoutes } from './modules/refund/console.ts';
import { slipConsoleRoutes } from './modules/slips/console.ts';
import { spinConsoleRoutes } from './modules/spin/console.ts';
import { withdrawalSettingsConsoleRoutes } from './modules/withdrawals/console-settings.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { otpRoutes } from './modules/otp/routes.ts';
import { protectionRoutes } from './modules/protection/routes.ts';
import { refundRoutes } from './modules/refund/routes.ts';
import { rewardRoutes } from './modules/rewards/routes.ts';
import { slipRoutes } from './modules/slips/routes.ts';
import { spinRoutes } from './modules/spin/routes.ts';
import { statementRoutes } from './modules/statement/routes.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { withdrawalRoutes } from './modules/withdrawals/routes.ts';

type AreaRoutes = (api: FastifyInstance, ctx: Ctx, opsTokens: Map<string, string>) => void;

const AREAS: AreaRoutes[] = [
  // First: its hook holds every operator route to the service account's role (modules/staff).
  staffRoutes,
  accountConsoleRoutes,
  // The console's queues: its nudge hook sees every area's requests (modules/queues/live.ts).
  queueConsoleRoutes,
  depositConsoleRoutes,
  gameConsoleRoutes,
  // Programmes (marketing) and settings (admin): issue 19 item 8.
  bonusConsoleRoutes,
  spinConsoleRoutes,
  inviteConsoleRoutes,
  refundConsoleRoutes,
  agreementConsoleRoutes,
  withdrawalSettingsConsoleRoutes,
  qrSettingsConsoleRoutes,
  slipConsoleRoutes,
  dashboardConsoleRoutes,
  lookupRoutes,
  howtoRoutes,
  agreementRoutes,
  otpRoutes,
  accountRoutes,
  walletRoutes,
  withdrawalRoutes,
  depositRoutes,
  statementRoutes,
  slipRoutes,
  gameRoutes,
  rewardRoutes,
  bonusRoutes,
  inviteRoutes,
  refundRoutes,
  spinRoutes,
  protectionRoutes,
  opsRoutes,
];

export async function registerAreas(
  app: FastifyInstance,
  ctx: Ctx,
  chat: Pick<ChatCtx, 'announce' | 'chatFiles'>,
): Promise<void> {
  await app.register(async (api) => {
    for (const routes of AREAS) routes(api, ctx, ctx.config.opsTokens);
    // The chat's routes take a wider context: the realtime rooms it announces to, its pictures' store.
    chatRoutes(api, { ...ctx, ...chat }, ctx.config.opsTokens);
    // Their replies (and a withdrawal's rejection, a block or limit staff placed) reach the customer's
    // chat room live.
    chatConsoleRoutes(api, { ...ctx, ...chat });
    withdrawalConsoleRoutes(api, { ...ctx, ...chat });
    memberCareConsoleRoutes(api, { ...ctx, ...chat });
  });
}
