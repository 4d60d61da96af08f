import { requestJson } from '../../lib/http-json.ts';
import type { AlertSender } from './alerts.ts';

/**
 * The Telegram Bot API's sendMessage: POST {apiUrl}/bot{token}/sendMessage {chat_id, text}, answered
 * {ok: true, result: Message} or {ok: false, description}. The bot is a member of the operator's group;
 * chatId is the group's id (negative for groups). The simulated inbox (sim/alerts-inbox.ts) speaks it.
 */
export function telegramAlerts(opts: {
  apiUrl: () => string;
  botToken: string;
  chatId: string;
  timeoutMs?: number;
}): AlertSender {
  return {
    channel: 'telegram',
    async send({ text }) {
      const res = await requestJson('POST', `${opts.apiUrl()}/bot${opts.botToken}/sendMessage`, {
        body: { chat_id: opts.chatId, text, disable_web_page_preview: true },
        timeoutMs: opts.timeoutMs,
      });
      const ok = (res.body as { ok?: unknown } | null)?.ok === true;
      if (res.status !== 200 || !ok) throw new Error(`Telegram answered ${res.status}`);
    },
  };
}
