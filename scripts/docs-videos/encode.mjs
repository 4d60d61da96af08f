// Debian's ffmpeg turns a recording (frames with durations) into a small VP9 WebM, the same in an H.264 MP4
// (iPhones before iOS 17.4 play no WebM) and a WebP poster, and the steps into WebVTT captions.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const FFMPEG_PATHS = ['/usr/bin/ffmpeg'];
/** Frames per second of the videos: a phone screen being tapped needs few, and few keep the file small. */
export const FPS = 8;

/** Debian's ffmpeg, installed with apt-get when we may (root); otherwise a message that says what to do. */
export function ensureFfmpeg() {
  const find = () => [process.env.FFMPEG_PATH, ...FFMPEG_PATHS].find((p) => p && existsSync(p));
  let found = find();
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log("ffmpeg not found: installing Debian's ffmpeg with apt-get ...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'ffmpeg'], { stdio: 'inherit', env });
    found = find();
    if (found) return found;
  }
  throw new Error(
    'docs:videos needs ffmpeg and none was found.\n' +
      '  On Debian or Ubuntu: sudo apt-get install ffmpeg\n' +
      '  Or point FFMPEG_PATH at an ffmpeg binary with libvpx-vp9, libx264 and libwebp.',
  );
}

function ffmpeg(bin, args) {
  const r = spawnSync(bin, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ffmpeg ${args.join(' ')}\n${r.stderr}`);
}

/**
 * H.264 for the MP4: Main profile, level 3.1 (what the `<source>`'s codecs="avc1.4D401F" says; every iPhone
 * plays it), tuned for flat screen content, the index at the front so playback starts before the end
 * arrives. At this quality it is about the WebM's size.
 */
export const H264_ARGS = [
  ...['-c:v', 'libx264', '-profile:v', 'main', '-level:v', '3.1', '-pix_fmt', 'yuv420p'],
  ...['-preset', 'veryslow', '-tune', 'animation', '-crf', '34', '-g', String(FPS * 4)],
  ...['-movflags', '+faststart', '-an'],
];

/**
 * The frames as `out` (WebM, VP9, FPS frames a second, no sound), the same frames as `mp4` (H.264) and a
 * poster taken `posterMs` into it.
 * The screencast sends a frame only when the screen changes, so each frame is held for its own duration
 * (the concat demuxer's `duration`), then resampled to a steady FPS.
 */
export function encodeVideo(bin, recording, { out, mp4, poster, posterMs, width, height }) {
  const dir = mkdtempSync(join(tmpdir(), 'krapao-frames-'));
  try {
    const list = ['ffconcat version 1.0'];
    recording.frames.forEach((f, i) => {
      const name = `f${String(i).padStart(5, '0')}.jpg`;
      writeFileSync(join(dir, name), f.jpeg);
      list.push(`file '${name}'`, `duration ${(f.durationMs / 1000).toFixed(3)}`);
    });
    // The demuxer ignores the last frame's duration unless that frame is listed once more.
    list.push(`file 'f${String(recording.frames.length - 1).padStart(5, '0')}.jpg'`);
    writeFileSync(join(dir, 'frames.txt'), list.join('\n') + '\n');
    const fit = `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:-1:-1:white`;
    const filter = ['-vf', `${fit},fps=${FPS},format=yuv420p`];
    // One read of the frames, two outputs: the WebM and the MP4 show exactly the same pictures.
    ffmpeg(bin, [
      ...['-f', 'concat', '-safe', '0', '-i', join(dir, 'frames.txt')],
      ...filter,
      ...['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-row-mt', '1', '-deadline', 'good'],
      ...['-cpu-used', '2', '-g', String(FPS * 4), '-an', out],
      ...filter,
      ...H264_ARGS,
      mp4,
    ]);
    ffmpeg(bin, [
      ...['-ss', (posterMs / 1000).toFixed(3), '-i', out, '-frames:v', '1'],
      ...['-c:v', 'libwebp', '-quality', '60', poster],
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const vttTime = (ms) => {
  const t = Math.max(0, Math.round(ms));
  const h = String(Math.floor(t / 3_600_000)).padStart(2, '0');
  const m = String(Math.floor(t / 60_000) % 60).padStart(2, '0');
  const s = String(Math.floor(t / 1000) % 60).padStart(2, '0');
  return `${h}:${m}:${s}.${String(t % 1000).padStart(3, '0')}`;
};

/** WebVTT for one language: each step's caption from its start to the next step's. */
export function webVtt(cues, textOf) {
  const blocks = cues.map(
    (c, i) => `${i + 1}\n${vttTime(c.startMs)} --> ${vttTime(c.endMs)}\n${textOf(c.key)}`,
  );
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}
