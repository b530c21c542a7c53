import type { Plugin, Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;

interface Options {
  /** The route group's chunk a stored session opens on (route-chunks.ts: the shell). */
  group: string;
  /** Where the app keeps the session's token and the language (lib/auth-store.ts, lib/i18n.ts). */
  tokenKey: string;
  languageKey: string;
  defaultLanguage: string;
  /** The namespaces of texts the first logged-in screen renders with. */
  namespaces: string[];
}

/** With `viteMetadata`, which Vite adds to each chunk. */
type ChunkWithCss = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/**
 * A small script, loaded `async` by index.html, that fetches the shell's chunk, its stylesheet and
 * the dashboard's texts at once when a session is stored. Without it a phone asks for them only
 * once the entry (137 kB br) has arrived and run: the entry and the shell then come one after
 * the other. index.html cannot say it itself (the CSP allows no inline script), and a visitor
 * without a session fetches only this script (a few hundred bytes).
 */
export function sessionPreload(options: Options): Plugin {
  return {
    name: 'haven-session-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_output, bundle) {
      const chunks = Object.values(bundle).filter(
        (out): out is ChunkWithCss => out.type === 'chunk',
      );
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const group = chunks.find((c) => c.name === options.group && !c.isEntry);
      if (!group) this.error(`session-preload: no '${options.group}' chunk`);
      const scripts = new Set<string>();
      const styles = new Set<string>();
      const visit = (chunk: ChunkWithCss): void => {
        if (chunk.isEntry || scripts.has(chunk.fileName)) return;
        scripts.add(chunk.fileName);
        chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
        chunk.imports.forEach((file) => {
          const next = byFile.get(file);
          if (next) visit(next);
        });
      };
      visit(group);
      // The texts by language: the script picks the stored one.
      const texts: Record<string, string[]> = {};
      for (const chunk of chunks) {
        const text = chunk.moduleIds
          .map((id) => /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(id))
          .find((m) => m !== null);
        if (!text?.[1] || !text[2] || !options.namespaces.includes(text[2])) continue;
        (texts[text[1]] ??= []).push(chunk.fileName);
      }
      const source =
        `// index.html loads this (haven-session-preload, vite-plugins/session-preload.ts).\n` +
        `(function () {\n` +
        `  try {\n` +
        `    if (!localStorage.getItem(${JSON.stringify(options.tokenKey)})) return;\n` +
        `    var texts = ${JSON.stringify(texts)};\n` +
        `    var language = localStorage.getItem(${JSON.stringify(options.languageKey)});\n` +
        `    var scripts = ${JSON.stringify([...scripts])}.concat(\n` +
        `      texts[language] || texts[${JSON.stringify(options.defaultLanguage)}] || []);\n` +
        `    var add = function (file, rel) {\n` +
        `      var link = document.createElement('link');\n` +
        `      link.rel = rel;\n` +
        `      if (rel === 'preload') link.as = 'style';\n` +
        `      link.crossOrigin = '';\n` +
        `      link.href = '/' + file;\n` +
        `      document.head.appendChild(link);\n` +
        `    };\n` +
        `    ${JSON.stringify([...styles])}.forEach(function (f) { add(f, 'preload'); });\n` +
        `    scripts.forEach(function (f) { add(f, 'modulepreload'); });\n` +
        `  } catch (e) {\n` +
        `    // No storage (private mode): the app fetches the same files a moment later.\n` +
        `  }\n` +
        `})();\n`;
      const ref = this.emitFile({ type: 'asset', name: 'session-preload.js', source });
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string')
        this.error('session-preload: no index.html in the bundle');
      const tag = `<script async src="/${this.getFileName(ref)}"></script>`;
      html.source = html.source.replace('</head>', `  ${tag}\n  </head>`);
    },
  };
}
