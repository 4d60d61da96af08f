/** A hidden tab paints no frames: past this, work that waits for a paint runs anyway. */
const HIDDEN_TAB_WAIT_MS = 1_000;

/**
 * Runs `task` once the browser has painted the frame being prepared (the next animation frame, then a
 * task of its own), or after a second when no frame comes. Answers a function that cancels it.
 */
export function afterNextPaint(task: () => void): () => void {
  let done = false;
  let afterFrame: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    task();
  };
  const fallback = setTimeout(run, HIDDEN_TAB_WAIT_MS);
  const frame = requestAnimationFrame(() => {
    afterFrame = setTimeout(run, 0);
  });
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(afterFrame);
    clearTimeout(fallback);
  };
}
