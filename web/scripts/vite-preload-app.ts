import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';
import { MEMBER_SHELL_META } from '../src/app/member-shell-meta.ts';

type Bundle = Rollup.OutputBundle;

/** The files of the chunks holding `modules`, of the chunks they import, and their stylesheets. */
function filesOf(bundle: Bundle, modules: readonly string[]) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || scripts.has(fileName)) return;
    scripts.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    chunk.imports.forEach(visit);
  };
  for (const module of modules) {
    const chunk = Object.values(bundle).find(
      (file): file is Rollup.OutputChunk => file.type === 'chunk' && file.moduleIds.includes(module),
    );
    if (!chunk) throw new Error(`no chunk holds ${module}`);
    visit(chunk.fileName);
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * index.html's entry (src/main.tsx) is small and loads the app's main chunk (`app`) with import(), so that
 * it can start a member's page beside it (app/first-screen.ts). Vite preloads only what an entry imports
 * statically; this adds the main chunk, the chunks it imports and their stylesheets to index.html, so the
 * browser fetches them with the HTML as before instead of after the entry has run.
 *
 * It also lists, in a meta tag, the files of a member's first screen (`memberShell`: the member shell,
 * the home page, the schemas): the entry preloads them for a member, fetched and compiled but not run
 * until the app asks for them, so that running them does not pile up in the entry's task.
 */
export function preloadApp({ app, memberShell }: { app: string; memberShell: readonly string[] }): Plugin {
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
        const url = (fileName: string) => `${base}${fileName}`;
        const linked = (fileName: string) => html.includes(`"${url(fileName)}"`);
        const link = (rel: string, fileName: string): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: url(fileName) },
          injectTo: 'head',
        });
        const main = filesOf(bundle, [app]);
        const shell = filesOf(bundle, memberShell);
        const inMain = new Set([...main.scripts, ...main.styles]);
        return [
          ...main.scripts.filter((f) => !linked(f)).map((f) => link('modulepreload', f)),
          ...main.styles.filter((f) => !linked(f)).map((f) => link('stylesheet', f)),
          {
            tag: 'meta',
            attrs: {
              name: MEMBER_SHELL_META,
              content: [...shell.scripts, ...shell.styles]
                .filter((f) => !inMain.has(f) && !linked(f))
                .map(url)
                .join(' '),
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
