import { spin as spinContract, type Locale, type Slice } from '@krapao/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocale, useTranslation } from '../../../i18n/react';
import { canvasFontsReady } from '../../../lib/canvas-fonts';
import { pick } from '../text';
import { easeOut, spinDuration, stopRotation } from '../wheel-motion';

const { WHEEL_MAX_PX, WHEEL_WINDOW_SHARE, WHEEL_RESIZE_DEBOUNCE_MS, SPIN_PRIZE_DELAY_MS } = spinContract;

/** SPIN-1: 350 px, or 85 % of the window when that is smaller. */
export const wheelSize = (windowWidth: number) =>
  Math.floor(Math.min(WHEEL_MAX_PX, windowWidth * WHEEL_WINDOW_SHARE));

export type WheelPhase = 'idle' | 'spinning' | 'stopped';

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The slices' labels are bold. */
const LABEL_WEIGHT = 700;

function drawWheel(
  canvas: HTMLCanvasElement,
  size: number,
  slices: readonly Slice[],
  rotation: number,
  winner: number | null,
  locale: Locale,
) {
  const ctx = canvas.getContext('2d');
  if (!ctx || !slices.length) return;
  const dpr = window.devicePixelRatio || 1;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, size, size);
  const r = size / 2;
  const width = (2 * Math.PI) / slices.length;
  const font = getComputedStyle(canvas).fontFamily || 'sans-serif';
  ctx.save();
  ctx.translate(r, r);
  ctx.rotate(rotation);
  slices.forEach((s, i) => {
    // Slice i from the top (-90°), clockwise.
    const start = -Math.PI / 2 + i * width;
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.arc(0, 0, r - 4, start, start + width);
    ctx.closePath();
    ctx.fillStyle = s.bgColor;
    ctx.fill();
    ctx.strokeStyle = 'rgba(255,255,255,0.85)';
    ctx.lineWidth = 2;
    ctx.stroke();
    if (winner !== null && winner !== i) {
      ctx.fillStyle = 'rgba(10, 20, 18, 0.62)';
      ctx.fill();
    }
    ctx.save();
    const middle = start + width / 2;
    ctx.rotate(middle);
    // A label on the left half, as the wheel stands now, is turned half a turn so that it never reads
    // upside down: it then runs from the rim inwards, as those on the right run outwards.
    const leftHalf = Math.cos(middle + rotation) < 0;
    if (leftHalf) ctx.rotate(Math.PI);
    ctx.textAlign = leftHalf ? 'left' : 'right';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = winner !== null && winner !== i ? 'rgba(255,255,255,0.45)' : s.textColor;
    ctx.font = `${LABEL_WEIGHT} ${Math.max(11, Math.round(size / 24))}px ${font}`;
    ctx.fillText(pick(s.label, locale), leftHalf ? -(r - 16) : r - 16, 0, r * 0.62);
    ctx.restore();
  });
  ctx.restore();
  // The rim.
  ctx.beginPath();
  ctx.arc(r, r, r - 3, 0, 2 * Math.PI);
  ctx.lineWidth = 5;
  ctx.strokeStyle = '#0b3b34';
  ctx.stroke();
}

interface SpinWheelProps {
  slices: readonly Slice[];
  coins: number;
  /** Asks the server for a spin; answers the winning code, or null when refused (the caller says why). */
  spin: () => Promise<string | null>;
  /** 2 s after the wheel stops on it (SPIN-2). */
  onPrize: () => void;
  /** A new value puts the wheel back to idle, its winner no longer marked (after the prize modal). */
  round: number;
}

/**
 * SPIN-1, SPIN-2: the canvas wheel with the coins on its centre button. A click while it turns or with
 * no coin does nothing; otherwise one spin: 3 to 4 turns over 4 to 5 s, easing to a stop on the winning
 * slice, the others darkened, and the prize 2 s later. With reduced motion it stops at once.
 */
export function SpinWheel({ slices, coins, spin, onPrize, round }: SpinWheelProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rotation = useRef(0);
  const phaseRef = useRef<WheelPhase>('idle');
  const [phase, setPhase] = useState<WheelPhase>('idle');
  const [winner, setWinner] = useState<number | null>(null);
  const [size, setSize] = useState(() => wheelSize(window.innerWidth));
  const timers = useRef<number[]>([]);
  const frame = useRef<number | null>(null);

  const moveTo = (next: WheelPhase) => {
    phaseRef.current = next;
    setPhase(next);
  };

  const paint = useCallback(
    (marked: number | null) => {
      const canvas = canvasRef.current;
      if (canvas) drawWheel(canvas, size, slices, rotation.current, marked, locale);
    },
    [size, slices, locale],
  );

  // The winner last painted, for a paint that is not the winner's to trigger.
  const marked = useRef<number | null>(null);
  useEffect(() => {
    marked.current = winner;
    paint(winner);
  }, [paint, winner]);

  // The labels again once their face has loaded: a first paint before it used a fallback face.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let live = true;
    const family = getComputedStyle(canvas).fontFamily || 'sans-serif';
    const labels = slices.map((s) => pick(s.label, locale)).join(' ');
    void canvasFontsReady(family, [LABEL_WEIGHT], labels).then(() => live && paint(marked.current));
    return () => {
      live = false;
    };
  }, [paint, slices, locale]);

  // SPIN-1: the size follows the window, 500 ms after it stops changing.
  useEffect(() => {
    let timer: number | undefined;
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setSize(wheelSize(window.innerWidth)), WHEEL_RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      window.clearTimeout(timer);
    };
  }, []);

  // After the prize modal: idle again, nothing marked; the wheel stays where it stopped.
  useEffect(() => {
    if (phaseRef.current === 'stopped') {
      phaseRef.current = 'idle';
      setPhase('idle');
      setWinner(null);
    }
  }, [round]);

  useEffect(
    () => () => {
      timers.current.forEach((id) => window.clearTimeout(id));
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  const onClick = async () => {
    if (phaseRef.current !== 'idle' || coins <= 0 || !slices.length) return;
    moveTo('spinning');
    setWinner(null);
    const code = await spin();
    const index = code === null ? -1 : slices.findIndex((s) => s.code === code);
    if (index < 0) {
      moveTo('idle');
      return;
    }
    const from = rotation.current;
    const to = stopRotation(from, index, slices.length);
    const duration = reducedMotion() ? 0 : spinDuration(from, to);
    const started = performance.now();
    const step = (now: number) => {
      const progress = duration ? Math.min(1, (now - started) / duration) : 1;
      rotation.current = from + (to - from) * easeOut(progress);
      paint(null);
      frame.current = progress < 1 ? requestAnimationFrame(step) : null;
    };
    if (duration) frame.current = requestAnimationFrame(step);
    // The stop is a timer, not the last frame: a hidden tab runs no frames but must still stop.
    timers.current.push(
      window.setTimeout(() => {
        if (frame.current !== null) cancelAnimationFrame(frame.current);
        frame.current = null;
        rotation.current = to;
        setWinner(index);
        moveTo('stopped');
        timers.current.push(window.setTimeout(onPrize, SPIN_PRIZE_DELAY_MS));
      }, duration),
    );
  };

  const empty = coins <= 0;
  const won = winner === null ? undefined : slices[winner];
  return (
    <div
      className="spin-wheel"
      data-phase={phase}
      data-winner={won?.code ?? ''}
      style={{ width: size, height: size }}
    >
      <canvas
        ref={canvasRef}
        width={Math.round(size * (window.devicePixelRatio || 1))}
        height={Math.round(size * (window.devicePixelRatio || 1))}
        style={{ width: size, height: size }}
        role="img"
        aria-label={
          won
            ? t('spin.stoppedOn', { prize: pick(won.label, locale) })
            : t('spin.wheelLabel', { count: slices.length })
        }
      />
      <span className="spin-wheel__pointer" aria-hidden="true" />
      <button
        type="button"
        className="spin-wheel__button"
        data-empty={empty || undefined}
        aria-disabled={empty || phase !== 'idle'}
        aria-label={empty ? t('spin.noCoins') : t('spin.spinWithCoins', { count: coins })}
        onClick={() => void onClick()}
      >
        <span className="spin-wheel__coins">{coins}</span>
        <span className="spin-wheel__word">{phase === 'spinning' ? '…' : t('spin.spin')}</span>
      </button>
    </div>
  );
}
