import type { Plugin, Rollup } from 'vite';
import { staticImports } from './static-imports.ts';

type ManualChunkMeta = Parameters<Rollup.GetManualChunk>[1];

interface Group {
  /** The chunk's name. */
  name: string;
  /** Modules (path suffixes) whose static imports, with them, go into the chunk. */
  roots: string[];
}

interface Options {
  /** The app's entry module: what it imports statically stays in the entry chunk. */
  entry: string;
  /** In order: a module in an earlier group's closure stays there (the later one imports it). */
  groups: Group[];
}

/**
 * Rollup's `manualChunks` for route groups: each group's modules (its roots and what they import
 * statically, less the entry's and earlier groups' modules) in one chunk. Rollup's own split
 * gave every module shared by two routes a chunk of its own: the dashboard loaded ~50 small
 * chunks, and on HTTP/1.1 a phone fetches six at a time, a round trip each.
 * Needs `onlyExplicitManualChunks` (else Rollup pulls what a group imports from the entry, react
 * included, into the group). A module the entry needs must never be named for a group (the entry
 * would then load the group's chunk): `staticImports` errs towards more, never fewer.
 */
export function routeChunks({ entry, groups }: Options) {
  let chunkOf: Map<string, string> | undefined;
  const build = (meta: ManualChunkMeta): Map<string, string> => {
    const ids = [...meta.getModuleIds()];
    const find = (suffix: string) => {
      const id = ids.find((m) => m.endsWith(suffix));
      if (!id) throw new Error(`route-chunks: no module ${suffix}`);
      return id;
    };
    const taken = staticImports([find(entry)], meta);
    const map = new Map<string, string>();
    for (const group of groups) {
      for (const id of staticImports(group.roots.map(find), meta)) {
        if (taken.has(id)) continue;
        taken.add(id);
        map.set(id, group.name);
      }
    }
    return map;
  };
  return (id: string, meta: ManualChunkMeta): string | undefined => {
    chunkOf ??= build(meta);
    return chunkOf.get(id);
  };
}

/**
 * Fails the build when the entry chunk imports a group's chunk: `staticImports` missed a module
 * the entry needs, and every page would load that group (the login page the whole shell).
 */
export function entryKeepsOwnModules(groups: readonly string[]): Plugin {
  return {
    name: 'haven-entry-keeps-own-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const byFile = new Map(Object.values(bundle).map((out) => [out.fileName, out]));
      for (const out of byFile.values()) {
        if (out.type !== 'chunk' || !out.isEntry) continue;
        const loaded = out.imports.map((file) => byFile.get(file)?.name);
        const group = loaded.find((name) => name !== undefined && groups.includes(name));
        if (group) this.error(`the entry chunk imports the '${group}' chunk (route-chunks.ts)`);
      }
    },
  };
}
