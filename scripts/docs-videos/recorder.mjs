// Records one how-to video's frames with the DevTools screencast (CDP Page.startScreencast) and the times of
// its steps, so the captions start when the step they describe does.

/** A pause longer than this, with nothing moving on the screen, is cut down to it in the video. */
export const MAX_STILL_MS = 2_500;
/** How long the last frame stays on screen. */
const END_HOLD_MS = 2_000;

/**
 * Starts the screencast of `page` at its viewport's size. `step(key)` marks where a caption begins;
 * `stop()` ends the recording and answers the frames (JPEG bytes with their wall-clock times) and the
 * steps, both on the video's own timeline (see timeline()).
 */
export async function startRecording(page, { width, height }) {
  const cdp = await page.context().newCDPSession(page);
  const frames = [];
  const steps = [];
  cdp.on('Page.screencastFrame', ({ data, sessionId }) => {
    // Our own clock for frames and steps alike: the frame's metadata clock is the compositor's.
    frames.push({ at: Date.now(), jpeg: Buffer.from(data, 'base64') });
    cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => {});
  });
  await cdp.send('Page.startScreencast', {
    format: 'jpeg',
    quality: 85,
    maxWidth: width,
    maxHeight: height,
    everyNthFrame: 1,
  });
  return {
    step(key) {
      steps.push({ key, at: Date.now() });
    },
    async stop() {
      const endedAt = Date.now();
      await cdp.send('Page.stopScreencast').catch(() => {});
      await cdp.detach().catch(() => {});
      if (!frames.length) throw new Error('the screencast sent no frame');
      return timeline(frames, steps, endedAt);
    },
  };
}

/**
 * Wall-clock times to video times: the video runs as the member saw it, except that a stretch with no new
 * frame (the screen still) lasts at most MAX_STILL_MS, so waiting for a server never shows as a frozen
 * picture. Each frame gets its duration; each step its start and end (the next step's start).
 */
export function timeline(frames, steps, endedAt) {
  const video = [];
  let t = 0;
  frames.forEach((f, i) => {
    video.push(t);
    const next = i + 1 < frames.length ? frames[i + 1].at : endedAt;
    t += Math.min(next - f.at, MAX_STILL_MS);
  });
  const durationMs = t + END_HOLD_MS;
  const toVideo = (at) => {
    let i = frames.length - 1;
    while (i > 0 && frames[i].at > at) i--;
    if (at < frames[0].at) return 0;
    return Math.min(video[i] + Math.min(at - frames[i].at, MAX_STILL_MS), durationMs);
  };
  const out = frames.map((f, i) => ({
    jpeg: f.jpeg,
    durationMs: (i + 1 < frames.length ? video[i + 1] : durationMs) - video[i],
  }));
  const cues = steps.map((s, i) => ({
    key: s.key,
    startMs: toVideo(s.at),
    endMs: i + 1 < steps.length ? toVideo(steps[i + 1].at) : durationMs,
  }));
  return { frames: out, cues: cues.filter((c) => c.endMs > c.startMs), durationMs };
}

/**
 * A circle where the finger lands, drawn by the page itself (an init script), so a viewer sees what was
 * tapped.
 */
export function showTaps() {
  /* global window, document */
  window.addEventListener(
    'pointerdown',
    (e) => {
      const dot = document.createElement('div');
      Object.assign(dot.style, {
        position: 'fixed',
        left: `${e.clientX - 22}px`,
        top: `${e.clientY - 22}px`,
        width: '44px',
        height: '44px',
        borderRadius: '50%',
        background: 'rgba(255, 193, 7, 0.45)',
        border: '2px solid rgba(255, 160, 0, 0.9)',
        pointerEvents: 'none',
        zIndex: '2147483647',
        transition: 'opacity 450ms ease-out, transform 450ms ease-out',
      });
      document.documentElement.appendChild(dot);
      setTimeout(() => {
        dot.style.opacity = '0';
        dot.style.transform = 'scale(1.6)';
      }, 250);
      setTimeout(() => dot.remove(), 800);
    },
    true,
  );
}
