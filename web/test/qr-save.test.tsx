import type { Locale } from '@krapao/contract';
import { waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  drawQrPicture,
  makeQrPicture,
  pictureEnv,
  QR_PICTURE,
  splitNote,
  type PictureContext,
} from '../src/features/deposits/qr-picture';
import { formatTime } from '../src/lib/format';
import { json, mockApi } from './api';
import { depositChannel, depositLookup, QR_SVG, qrRecord, renderDepositModal } from './deposit-modal';

// "Save QR". jsdom has no canvas and decodes no image, so the browser's two primitives (pictureEnv) are
// replaced by a recorder; the drawing code itself runs as it does in a browser.

/** A 2D context that remembers what was drawn. */
function recorder() {
  const texts: string[] = [];
  const images: Array<{ image: unknown; w: number; h: number }> = [];
  const ctx = {
    fillStyle: '',
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    fillRect: () => {},
    fillText: (text: string) => void texts.push(text),
    drawImage: (image: unknown, _x: number, _y: number, w: number, h: number) =>
      void images.push({ image, w, h }),
  } as unknown as PictureContext;
  return { ctx, texts, images };
}

const EXPIRES = new Date('2026-11-21T10:42:00').getTime();
const liveQr = qrRecord({
  qrcodeId: 'Q7F3',
  hasQrcode: true,
  qrcode: QR_SVG,
  payload: '000201',
  amount: 300,
  expireIn: EXPIRES,
});
const lookup = depositLookup([depositChannel('WW')]);

let drawn: ReturnType<typeof recorder>;
const QR_IMAGE = { decoded: 'qr' };
beforeEach(() => {
  // The QR counts down from the test's clock; the panel shows it while it is live.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(EXPIRES - 300_000);
  drawn = recorder();
  vi.spyOn(pictureEnv, 'loadImage').mockResolvedValue(QR_IMAGE as unknown as CanvasImageSource);
  vi.spyOn(pictureEnv, 'fontFamily').mockReturnValue('sans-serif');
  vi.spyOn(pictureEnv, 'createCanvas').mockImplementation(
    (width, height) =>
      ({
        width,
        height,
        getContext: () => drawn.ctx,
        toBlob: (done: (blob: Blob) => void, type: string) => done(new Blob(['png'], { type })),
      }) as unknown as HTMLCanvasElement,
  );
});
afterEach(() => vi.restoreAllMocks());

async function showQr(locale: Locale = 'en') {
  mockApi({ 'GET /api/qrcode/WW': () => json(liveQr) });
  const app = await renderDepositModal(lookup, { locale });
  await app.user.click(within(app.dialog).getAllByRole('tab')[1]!);
  await within(app.dialog).findByRole('timer');
  return app;
}

describe('save the QR', () => {
  it('[trust-10] the picture has the QR at full size, the amount, the time to pay by, the channel and the title', () => {
    const { ctx, texts, images } = recorder();
    drawQrPicture(ctx, QR_IMAGE as unknown as CanvasImageSource, {
      title: 'Scan to deposit',
      provider: 'WW Pay',
      amount: '฿300.00',
      payBy: 'Pay by 10:42',
      note: 'Pay exactly this amount before the time runs out. Your wallet is credited once the payment arrives.',
    });
    expect(images).toEqual([{ image: QR_IMAGE, w: QR_PICTURE.qrSize, h: QR_PICTURE.qrSize }]);
    expect(texts).toEqual([
      'Scan to deposit',
      'WW Pay',
      '฿300.00',
      'Pay by 10:42',
      'Pay exactly this amount before the time runs out.',
      'Your wallet is credited once the payment arrives.',
    ]);
    // Thai has no spaces between words: the note is cut at its one space, never inside a word.
    expect(splitNote('ชำระตามยอดนี้พอดีก่อนหมดเวลา เงินจะเข้ากระเป๋าเมื่อได้รับยอดชำระ')).toEqual([
      'ชำระตามยอดนี้พอดีก่อนหมดเวลา',
      'เงินจะเข้ากระเป๋าเมื่อได้รับยอดชำระ',
    ]);
  });

  it('[trust-10] the picture is drawn once the faces of its texts have loaded: canvas text drawn before stays in a fallback face', async () => {
    const waiting: Array<() => void> = [];
    const load = vi.fn(() => new Promise<FontFace[]>((resolve) => waiting.push(() => resolve([]))));
    const loaded = () => waiting.forEach((done) => done());
    Object.defineProperty(document, 'fonts', { configurable: true, value: { load } });
    try {
      const text = {
        title: 'สแกนเพื่อฝาก',
        provider: 'WW Pay',
        amount: '฿300.00',
        payBy: 'ชำระภายใน 10:42',
        note: 'ชำระตามยอดนี้',
      };
      const picture = makeQrPicture('/qr.svg', text);
      await waitFor(() => expect(load).toHaveBeenCalled());
      // Every weight the picture uses, for its own texts.
      const asked = load.mock.calls.map((c: unknown[]) => c as [string, string]);
      expect(asked.map(([font]) => font.split(' ')[0]).sort()).toEqual(['400', '500', '700', '800']);
      expect(asked.every(([, sample]) => sample === Object.values(text).join(' '))).toBe(true);
      expect(drawn.texts).toEqual([]);
      loaded();
      expect(await picture).toBeInstanceOf(Blob);
      expect(drawn.texts[0]).toBe('สแกนเพื่อฝาก');
    } finally {
      delete (document as { fonts?: unknown }).fonts;
    }
  });

  it('[trust-10] "Save QR" downloads that picture as a PNG named after the QR', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:qr';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });

    const { dialog, user } = await showQr();
    const save = within(dialog).getByRole('button', { name: 'Save QR' });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    // No share where the browser cannot share files (jsdom, most desktops).
    expect(within(dialog).queryByRole('button', { name: 'Share' })).toBeNull();
    await user.click(save);

    expect(clicked).toEqual([{ href: 'blob:qr', download: 'krapao-qr-Q7F3.png' }]);
    expect(created[0]!.type).toBe('image/png');
    expect(drawn.texts).toEqual(
      expect.arrayContaining(['Scan to deposit', 'WW Pay', '฿300.00', `Pay by ${formatTime(EXPIRES)}`]),
    );
  });

  it('[trust-10] "Share" appears where files can be shared and hands the PNG to the share sheet', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { canShare: () => true, share }));

    const { dialog, user } = await showQr('th');
    const shareButton = within(dialog).getByRole('button', { name: 'แชร์' });
    expect(within(dialog).getByRole('button', { name: 'บันทึกคิวอาร์' })).toBeTruthy();
    await waitFor(() => expect(shareButton).toHaveProperty('disabled', false));
    await user.click(shareButton);

    expect(share).toHaveBeenCalledTimes(1);
    const [{ files, title }] = share.mock.calls[0] as [{ files: File[]; title: string }];
    expect(title).toBe('สแกนเพื่อฝากเงิน');
    expect(files.map((f) => [f.name, f.type])).toEqual([['krapao-qr-Q7F3.png', 'image/png']]);
    expect(drawn.texts).toContain(`ชำระภายใน ${formatTime(EXPIRES)} น.`);
  });
});
