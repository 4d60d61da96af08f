/** How long a drawing waits for its faces at most: a slow font must not hold a picture back for long. */
const FONT_WAIT_MS = 3_000;

/**
 * Canvas text does not wait for web fonts: text drawn before the Thai or Lao face has arrived stays in a
 * fallback face (the spin wheel's labels, a saved QR picture). Resolves once the faces `text` needs in
 * `family`, at each of `weights`, have loaded or failed, or after FONT_WAIT_MS; at once where the browser
 * has no FontFaceSet (jsdom, an old webview), where drawing at once is all there is.
 */
export async function canvasFontsReady(
  family: string,
  weights: readonly number[],
  text: string,
): Promise<void> {
  const fonts = typeof document === 'undefined' ? undefined : document.fonts;
  if (!fonts || typeof fonts.load !== 'function') return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The size does not choose a face; a failed face leaves the fallback, as drawing at once would.
  await Promise.race([
    Promise.all(weights.map((w) => fonts.load(`${w} 16px ${family}`, text))).catch(() => {}),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, FONT_WAIT_MS))),
  ]);
  clearTimeout(timer);
}
