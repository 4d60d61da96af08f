/**
 * Sends a text to the operator's group chat. `id` names the alert: an adapter whose API takes a retry key
 * (LINE's X-Line-Retry-Key) sends it so that a retry after a lost answer is not a second message.
 */
export interface AlertSender {
  /** Which messenger, for the log. */
  readonly channel: 'telegram' | 'line';
  send(message: { id: string; text: string }): Promise<void>;
}
