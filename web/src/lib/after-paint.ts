/** A hidden tab paints no frames: past this, work that waits for a paint runs anyway. */
const HIDDEN_TAB_WAIT_MS = 1_000;

/**
 * Runs `task` once the browser has shown the frame being prepared, or after a second when no frame
 * comes. The frame is drawn after the next animation frame's callbacks and shown a little later; the
 * one after it starts once it is on screen. Answers a function that cancels it.
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
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      afterFrame = setTimeout(run, 0);
    });
  });
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(afterFrame);
    clearTimeout(fallback);
  };
}
