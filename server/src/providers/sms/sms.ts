/** Sends a text message. A real adapter calls an SMS gateway; the demo one posts to the simulated inbox. */
export interface SmsSender {
  send(message: { to: string; text: string }): Promise<void>;
}
