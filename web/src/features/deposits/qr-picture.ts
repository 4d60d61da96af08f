// "Save QR": on a phone the QR is on the same screen as the banking app that must scan it, so the member
// saves it as a picture (or shares it to the banking app) and picks it from the gallery there. The
// picture carries what the screen said: the amount, the time to pay by, the channel.

import { canvasFontsReady } from '../../lib/canvas-fonts';

/** What the picture says, in the member's language, already formatted. */
export interface QrPictureText {
  title: string;
  /** The channel's name (the gateway or bank). */
  provider: string;
  amount: string;
  /** "Pay by 14:32". */
  payBy: string;
  /** Pay exactly this amount... */
  note: string;
}

/** The drawing calls the picture needs: a CanvasRenderingContext2D, or a recorder in tests. */
export type PictureContext = Pick<
  CanvasRenderingContext2D,
  'fillStyle' | 'font' | 'textAlign' | 'textBaseline' | 'fillRect' | 'fillText' | 'drawImage'
>;

/** A portrait picture that a gallery shows whole; the QR large enough for any banking app to read. */
export const QR_PICTURE = { width: 720, height: 1040, qrSize: 560, margin: 40 } as const;

/** The weight each text is drawn in (makeQrPicture waits for these faces). */
const WEIGHTS = { title: 700, provider: 500, amount: 800, payBy: 700, note: 400 } as const;

const INK = '#1b1f24';
const MUTED = '#5c6670';
const BRAND = '#0f7a5c';

/** Draws the picture: a white card, the title and channel, the QR, the amount, the time and the note. */
export function drawQrPicture(
  ctx: PictureContext,
  qr: CanvasImageSource,
  text: QrPictureText,
  fontFamily = 'sans-serif',
): void {
  const { width, height, qrSize, margin } = QR_PICTURE;
  const centre = width / 2;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = BRAND;
  ctx.fillRect(0, 0, width, 12);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';

  ctx.fillStyle = INK;
  ctx.font = `${WEIGHTS.title} 36px ${fontFamily}`;
  ctx.fillText(text.title, centre, 84, width - 2 * margin);
  ctx.fillStyle = MUTED;
  ctx.font = `${WEIGHTS.provider} 28px ${fontFamily}`;
  ctx.fillText(text.provider, centre, 126, width - 2 * margin);

  const qrTop = 156;
  ctx.drawImage(qr, (width - qrSize) / 2, qrTop, qrSize, qrSize);

  const below = qrTop + qrSize;
  ctx.fillStyle = INK;
  ctx.font = `${WEIGHTS.amount} 64px ${fontFamily}`;
  ctx.fillText(text.amount, centre, below + 92, width - 2 * margin);
  ctx.fillStyle = BRAND;
  ctx.font = `${WEIGHTS.payBy} 34px ${fontFamily}`;
  ctx.fillText(text.payBy, centre, below + 150, width - 2 * margin);
  ctx.fillStyle = MUTED;
  ctx.font = `${WEIGHTS.note} 24px ${fontFamily}`;
  for (const [i, line] of splitNote(text.note).entries()) {
    ctx.fillText(line, centre, below + 204 + i * 34, width - 2 * margin);
  }
}

/** The note on at most two lines: cut at the sentence, else at the middle space, else left whole. */
export function splitNote(note: string): string[] {
  const sentence = /^(.+?[.!?。])\s+(.+)$/.exec(note);
  if (sentence) return [sentence[1]!, sentence[2]!];
  const spaces = [...note.matchAll(/\s/g)].map((m) => m.index);
  if (spaces.length === 0) return [note];
  const mid = spaces.reduce((best, i) =>
    Math.abs(i - note.length / 2) < Math.abs(best - note.length / 2) ? i : best,
  );
  return [note.slice(0, mid), note.slice(mid + 1)];
}

/** The browser's part: a canvas and a decoded image. Tests replace it (jsdom has neither). */
export const pictureEnv = {
  createCanvas(width: number, height: number): HTMLCanvasElement {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    return canvas;
  },
  loadImage(src: string): Promise<CanvasImageSource> {
    return new Promise((resolve, reject) => {
      const image = new Image();
      image.onload = () => resolve(image);
      image.onerror = () => reject(new Error('QR image did not load'));
      image.src = src;
    });
  },
  fontFamily(): string {
    return getComputedStyle(document.body).fontFamily || 'sans-serif';
  },
  /** Waits for the faces the texts need (lib/canvas-fonts.ts). */
  fontsReady(fontFamily: string, weights: readonly number[], text: string): Promise<void> {
    return canvasFontsReady(fontFamily, weights, text);
  },
};

/** The QR (an <img> source) drawn with its texts into a PNG. */
export async function makeQrPicture(qrSrc: string, text: QrPictureText): Promise<Blob> {
  const qr = await pictureEnv.loadImage(qrSrc);
  const canvas = pictureEnv.createCanvas(QR_PICTURE.width, QR_PICTURE.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  const fontFamily = pictureEnv.fontFamily();
  await pictureEnv.fontsReady(
    fontFamily,
    [...new Set(Object.values(WEIGHTS))],
    Object.values(text).join(' '),
  );
  drawQrPicture(ctx, qr, text, fontFamily);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png');
  });
}

/** The file's name: the QR's own id, so two saved QRs never overwrite each other. */
export const qrPictureName = (qrcodeId: string) => `krapao-qr-${qrcodeId}.png`;
