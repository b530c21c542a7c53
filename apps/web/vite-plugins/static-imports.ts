import type { Rollup } from 'vite';

type Meta = Parameters<Rollup.GetManualChunk>[1];
type ModuleInfo = NonNullable<ReturnType<Meta['getModuleInfo']>>;
type Statement = NonNullable<ModuleInfo['ast']>['body'][number];
/** The names asked of a module, or all of them. */
type Names = ReadonlySet<string> | 'all';

const nameOf = (node: { type: string; name?: string; value?: unknown }): string =>
  node.type === 'Identifier' ? (node.name ?? '') : String(node.value);

/** The statement's import or re-export source, if it has one. */
function sourceOf(statement: Statement): string | undefined {
  if (
    statement.type === 'ImportDeclaration' ||
    statement.type === 'ExportAllDeclaration' ||
    (statement.type === 'ExportNamedDeclaration' && statement.source)
  )
    return String(statement.source?.value);
  return undefined;
}

/**
 * A file of imports and re-exports only (Mantine's index, the icons' index, the contract's
 * entries): it is followed name by name.
 */
const isBarrel = (info: ModuleInfo): boolean =>
  info.ast !== null &&
  info.ast.body.every(
    (s) =>
      s.type === 'ImportDeclaration' ||
      s.type === 'ExportAllDeclaration' ||
      (s.type === 'ExportNamedDeclaration' && !s.declaration) ||
      (s.type === 'ExpressionStatement' && 'directive' in s),
  );

/** The names a statement asks of its source ('all' for a namespace, a side effect or `export *`). */
function namesAsked(statement: Statement): Names {
  if (statement.type === 'ImportDeclaration') {
    if (statement.specifiers.length === 0) return 'all';
    const names = new Set<string>();
    for (const s of statement.specifiers) {
      if (s.type === 'ImportNamespaceSpecifier') return 'all';
      names.add(s.type === 'ImportDefaultSpecifier' ? 'default' : nameOf(s.imported));
    }
    return names;
  }
  if (statement.type === 'ExportNamedDeclaration')
    return new Set(statement.specifiers.map((s) => nameOf(s.local)));
  return 'all';
}

/** Each import source of the module with its resolved id (Rollup lists them in this order). */
function resolvedImports(info: ModuleInfo): Map<string, string> | undefined {
  const sources = new Set<string>();
  for (const statement of info.ast?.body ?? []) {
    const source = sourceOf(statement);
    if (source !== undefined) sources.add(source);
  }
  if (sources.size !== info.importedIds.length) return undefined;
  return new Map([...sources].map((source, i) => [source, info.importedIds[i] ?? '']));
}

/**
 * What a barrel's `names` come from (`export {a} from`, `export *`, `import {a}; export {a}`),
 * and its side-effect imports.
 */
function barrelParts(info: ModuleInfo, ids: Map<string, string>, names: string[], meta: Meta) {
  const found: [string, Names][] = [];
  const body = info.ast?.body ?? [];
  const idOf = (s: Statement) => ids.get(sourceOf(s) ?? '') ?? '';
  // A local name bound by an import: its module and the name it has there.
  const bound = new Map<string, [string, Names]>();
  for (const s of body) {
    if (s.type !== 'ImportDeclaration') continue;
    if (s.specifiers.length === 0) found.push([idOf(s), 'all']);
    for (const spec of s.specifiers) {
      const asked = spec.type === 'ImportDefaultSpecifier' ? 'default' : undefined;
      const name = spec.type === 'ImportSpecifier' ? nameOf(spec.imported) : asked;
      bound.set(spec.local.name, [idOf(s), name === undefined ? 'all' : new Set([name])]);
    }
  }
  for (const s of body) {
    if (s.type === 'ExportAllDeclaration') {
      const exported = new Set(meta.getModuleInfo(idOf(s))?.exports ?? []);
      const wanted = names.filter((name) => exported.has(name));
      if (wanted.length > 0) found.push([idOf(s), new Set(wanted)]);
    } else if (s.type === 'ExportNamedDeclaration') {
      for (const spec of s.specifiers) {
        if (!names.includes(nameOf(spec.exported))) continue;
        const local = nameOf(spec.local);
        const from = s.source ? ([idOf(s), new Set([local])] as const) : bound.get(local);
        if (from) found.push([from[0], from[1]]);
      }
    }
  }
  return found;
}

/**
 * Every module reachable from `roots` by static imports, following re-export files only to the
 * modules that give the names imported from them: through Mantine's index, importing `Button`
 * reaches Button, not every component. Rollup's tree-shaking does the same; its module graph
 * (`importedIds`) lists every re-exported module. Where the syntax tree and the resolved imports
 * do not line up, a module's imports are all followed (more, never fewer).
 */
export function staticImports(roots: string[], meta: Meta): Set<string> {
  const modules = new Set<string>();
  const askedOf = new Map<string, Set<string>>();
  const stack: [string, Names][] = roots.map((id) => [id, 'all']);
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [id, names] = next;
    const info = meta.getModuleInfo(id);
    if (!info || info.isExternal) continue;
    const ids = resolvedImports(info);
    if (!isBarrel(info) || !ids || names === 'all') {
      if (modules.has(id)) continue;
      modules.add(id);
      if (!ids) info.importedIds.forEach((dep) => stack.push([dep, 'all']));
      else
        for (const statement of info.ast?.body ?? []) {
          const source = sourceOf(statement);
          if (source !== undefined) stack.push([ids.get(source) ?? '', namesAsked(statement)]);
        }
      continue;
    }
    // A barrel: only what gives the names not asked of it before.
    const asked = askedOf.get(id) ?? new Set<string>();
    askedOf.set(id, asked);
    const fresh = [...names].filter((name) => !asked.has(name));
    fresh.forEach((name) => asked.add(name));
    if (fresh.length > 0) stack.push(...barrelParts(info, ids, fresh, meta));
  }
  return modules;
}
