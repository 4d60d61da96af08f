import type { Plugin } from 'vite';

const STYLESHEET = /\s*<link rel="stylesheet"[^>]*>/g;

/**
 * Moves the app's stylesheet links from <head> to just before <div id="root">. In <head> they hold back
 * the first paint until they arrive; after the splash (index.html) they only hold back what follows them,
 * so the splash paints with the HTML alone. They stay before the app, whose own style tags (Mantine's
 * theme variables) must come later to win, and the app's script still waits for them before it runs.
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
        const root = '<div id="root">';
        if (!html.includes(root)) throw new Error('index.html has no <div id="root">');
        return html.replace(STYLESHEET, '').replace(root, `${links.join('').trim()}\n    ${root}`);
      },
    },
  };
}
