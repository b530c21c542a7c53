import type { Rollup } from 'vite';

type ManualChunkMeta = Parameters<Rollup.GetManualChunk>[1];

interface Group {
  /** The chunk's name. */
  name: string;
  /** Modules (path suffixes) whose static imports, with them, go into the chunk. */
  roots: string[];
}

interface Options {
  /** The app's entry module: what it imports statically stays in the entry chunk ('index'). */
  entry: string;
  /** In order: a module in an earlier group's closure stays there (the later one imports it). */
  groups: Group[];
}

/** Every module reachable from `roots` by static imports. */
function closure(roots: string[], meta: ManualChunkMeta): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * Rollup's `manualChunks` for route groups: each group's modules (its roots and what they import
 * statically, less the entry's and earlier groups' modules) in one chunk. Rollup's own split
 * gave every module shared by two routes a chunk of its own: the dashboard loaded ~50 small
 * chunks, and on HTTP/1.1 a phone fetches six at a time, a round trip each.
 * Needs `onlyExplicitManualChunks` (else Rollup pulls what a group imports from the entry, react
 * included, into the group). The entry's closure follows re-export files such as Mantine's index
 * into every component, so those stay in Rollup's shared chunks: safe, the entry keeps all it uses.
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
    const taken = closure([find(entry)], meta);
    const map = new Map<string, string>();
    for (const group of groups) {
      for (const id of closure(group.roots.map(find), meta)) {
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
