/**
 * Ends the current task and goes on in a new one, so that the browser can paint and handle input in
 * between: one long task of start-up work becomes two shorter ones. scheduler.yield() where the browser
 * has it (it resumes ahead of other queued work), else a zero timeout.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
