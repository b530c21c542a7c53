import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

function byLanguage(language: string): Map<string, Tree> {
  const result = new Map<string, Tree>();
  for (const [path, tree] of Object.entries(files)) {
    const match = /^\.\/(\w+)\/([\w-]+)\.json$/.exec(path);
    if (match?.[1] === language && match[2]) result.set(match[2], tree);
  }
  return result;
}

describe('locales', () => {
  const nl = byLanguage('nl');
  const en = byLanguage('en');

  it('have the same namespaces in nl and en', () => {
    expect([...en.keys()].sort()).toEqual([...nl.keys()].sort());
    expect(nl.size).toBeGreaterThan(0);
  });

  it.each([...nl.keys()])('namespace %s has the same keys in nl and en', (namespace) => {
    const nlKeys = keys(nl.get(namespace) ?? {}).sort();
    const enKeys = keys(en.get(namespace) ?? {}).sort();
    expect({ namespace, onlyInNl: nlKeys.filter((k) => !enKeys.includes(k)) }).toEqual({
      namespace,
      onlyInNl: [],
    });
    expect({ namespace, onlyInEn: enKeys.filter((k) => !nlKeys.includes(k)) }).toEqual({
      namespace,
      onlyInEn: [],
    });
  });

  it('has no empty texts', () => {
    for (const [path, tree] of Object.entries(files)) {
      const empty = keys(tree).filter((key) => {
        const value = key
          .split('.')
          .reduce<string | Tree | undefined>(
            (node, part) => (typeof node === 'object' ? node[part] : undefined),
            tree,
          );
        return typeof value !== 'string' || value.trim() === '';
      });
      expect({ path, empty }).toEqual({ path, empty: [] });
    }
  });
});
