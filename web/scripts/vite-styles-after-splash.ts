import type { Plugin } from 'vite';

const STYLESHEET = /\s*<link rel="stylesheet"[^>]*>/g;

/**
 * Moves the app's stylesheet links from <head> to the end of <body>. In <head> they hold back the first
 * paint until they arrive; after the splash (index.html) they only hold back what follows them, so the
 * splash paints with the HTML alone. The app's script still waits for them before it runs.
 */
export function stylesAfterSplash(): Plugin {
  return {
    name: 'krapao-styles-after-splash',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(STYLESHEET) ?? [];
        if (links.length === 0) return html;
        return html.replace(STYLESHEET, '').replace('</body>', `${links.join('')}\n  </body>`);
      },
    },
  };
}
