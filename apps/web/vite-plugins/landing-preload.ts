import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;

interface Options {
  /** The lazy route module of the landing page (the login screen on `/`). */
  route: string;
  /** The locale modules it renders with (the default language's core texts and its own). */
  texts: string[];
}

const chunks = (bundle: Rollup.OutputBundle) =>
  Object.values(bundle).filter((out): out is OutputChunk => out.type === 'chunk');

/**
 * Adds `<link rel="modulepreload">` to index.html for the landing route's lazy chunk, the chunks
 * it imports and its texts. Without them a phone fetches the entry, and only after running it the
 * route and the texts, and only after rendering that the route's own texts: three round trips in
 * a row. A logged-in visitor fetches a few kB it does not run (the shell shares most of them).
 */
export function landingPreload({ route, texts }: Options): Plugin {
  return {
    name: 'haven-landing-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        const all = chunks(ctx.bundle);
        const byFile = new Map(all.map((c) => [c.fileName, c]));
        const find = (suffix: string) => {
          // The chunk that holds the module (a route group's chunk holds several).
          const chunk = all.find((c) => c.moduleIds.some((id) => id.endsWith(suffix)));
          if (!chunk) throw new Error(`landing-preload: no chunk for ${suffix}`);
          return chunk;
        };
        const files = new Set<string>();
        const visit = (chunk: OutputChunk): void => {
          if (chunk.isEntry || files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          chunk.imports.forEach((file) => {
            const next = byFile.get(file);
            if (next) visit(next);
          });
        };
        visit(find(route));
        texts.forEach((text) => visit(find(text)));
        return [...files].map((file): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        }));
      },
    },
  };
}
