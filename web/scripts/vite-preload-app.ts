import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

/**
 * index.html's entry (src/main.tsx) is small and loads the app's main chunk with import(), so that it can
 * start a member's page beside it (app/first-screen.ts). Vite preloads only what an entry imports
 * statically; this adds the main chunk, the chunks it imports and their stylesheets to index.html, so the
 * browser fetches them with the HTML as before instead of after the entry has run.
 */
export function preloadApp(moduleFile: string): Plugin {
  let base = '/';
  return {
    name: 'krapao-preload-app',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const app = Object.values(bundle).find(
          (file): file is Rollup.OutputChunk => file.type === 'chunk' && file.moduleIds.includes(moduleFile),
        );
        if (!app) throw new Error(`no chunk for ${moduleFile}`);
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || scripts.has(fileName)) return;
          scripts.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          chunk.imports.forEach(visit);
        };
        visit(app.fileName);
        const link = (rel: string, fileName: string): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: `${base}${fileName}` },
          injectTo: 'head',
        });
        const linked = (fileName: string) => html.includes(`"${base}${fileName}"`);
        return [
          ...[...scripts].filter((f) => !linked(f)).map((f) => link('modulepreload', f)),
          ...[...styles].filter((f) => !linked(f)).map((f) => link('stylesheet', f)),
        ];
      },
    },
  };
}
